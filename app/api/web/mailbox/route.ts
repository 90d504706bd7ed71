import { findMailbox, putMailbox } from "@/lib/mailbox/mailbox-settings";
import { PutMailboxBody } from "@/lib/senders/mailbox-fields";
import { webRoute } from "@/lib/web/web-route";

// The mailbox settings page: the same functions as /v1/mailbox. The password is write-only. The
// page's read answers null when no mailbox is saved yet (not /v1's 404): no failing request.
export const GET = webRoute({ role: "admin", handler: ({ session }) => findMailbox(session.workspace.id) });
export const PUT = webRoute({ role: "admin", body: PutMailboxBody, handler: ({ session, actor, body }) => putMailbox(session.workspace.id, body, actor) });
