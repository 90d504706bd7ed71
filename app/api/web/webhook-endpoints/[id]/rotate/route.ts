import { z } from "zod";
import { rotateSecret } from "@/lib/webhooks/endpoints";
import { webRoute } from "@/lib/web/web-route";

// A new secret; the old one keeps verifying for 24 hours.
export const POST = webRoute({
  role: "admin",
  params: z.object({ id: z.string().max(40) }),
  handler: ({ session, actor, params }) => rotateSecret(session.workspace.id, params.id, actor),
});
