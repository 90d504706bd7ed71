import { checkMailbox } from "@/lib/mailbox/mailbox-settings";
import { webRoute } from "@/lib/web/web-route";

// Connects, logs in and opens each folder of the saved mailbox; reads no mail.
export const POST = webRoute({ role: "admin", handler: ({ session }) => checkMailbox(session.workspace.id) });
