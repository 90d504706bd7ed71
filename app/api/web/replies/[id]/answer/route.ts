import { z } from "zod";
import { requestAnswer } from "@/lib/replies/answer-reply";
import { webRoute } from "@/lib/web/web-route";

// A reviewer asks for a new answer draft to a reply (POST /v1/replies/{id}/answer from the inbox; audited).
export const POST = webRoute({
  role: "reviewer",
  params: z.object({ id: z.string().max(40) }),
  handler: ({ actor, session, params }) => requestAnswer(session.workspace.id, params.id, actor),
});
