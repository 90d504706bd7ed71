import { ResumeSenderBody } from "@/lib/senders/health";
import { resumeRelay } from "@/lib/relay/relay-settings";
import { webRoute } from "@/lib/web/web-route";

export const POST = webRoute({
  role: "admin",
  body: ResumeSenderBody,
  handler: ({ session, actor, body }) => resumeRelay(session.workspace.id, body.reason, actor),
});
