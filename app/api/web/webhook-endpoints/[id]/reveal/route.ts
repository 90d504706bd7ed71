import { z } from "zod";
import { revealSecret } from "@/lib/webhooks/endpoints";
import { webRoute } from "@/lib/web/web-route";

// Each reveal is an audit entry.
export const POST = webRoute({
  role: "admin",
  params: z.object({ id: z.string().max(40) }),
  handler: ({ session, actor, params }) => revealSecret(session.workspace.id, params.id, actor),
});
