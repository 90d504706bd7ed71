import { z } from "zod";
import { followReferral } from "@/lib/replies/referral";
import { webRoute } from "@/lib/web/web-route";

// A reviewer follows a reply's referral: the named person's lead and a one-lead run (audited).
export const POST = webRoute({
  role: "reviewer",
  params: z.object({ id: z.string().max(40) }),
  handler: ({ actor, session, params }) => followReferral(session.workspace.id, params.id, actor),
});
