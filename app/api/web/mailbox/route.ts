import { getMailbox, putMailbox, PutMailboxBody } from "@/lib/mailbox/mailbox-settings";
import { webRoute } from "@/lib/web/web-route";

// The mailbox settings page: the same functions as /v1/mailbox. The password is write-only.
export const GET = webRoute({ role: "admin", handler: ({ session }) => getMailbox(session.workspace.id) });
export const PUT = webRoute({ role: "admin", body: PutMailboxBody, handler: ({ session, actor, body }) => putMailbox(session.workspace.id, body, actor) });
