import { SendIdParams } from "@/lib/sending/list-sends";
import { resolveSend, ResolveSendBody } from "@/lib/sending/resolve-send";
import { webRoute } from "@/lib/web/web-route";

// The same resolveSend as POST /v1/sends/{id}/resolve: `sent` or `resend` (same Message-ID), audited.
export const POST = webRoute({
  role: "reviewer",
  params: SendIdParams,
  body: ResolveSendBody,
  handler: ({ session, actor, params, body }) => resolveSend(session.workspace.id, params.id, body, actor),
});
