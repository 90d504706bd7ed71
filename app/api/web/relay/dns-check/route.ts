import { checkRelayDns } from "@/lib/senders/sender-dns";
import { webRoute } from "@/lib/web/web-route";

// Checks the default sender's (the relay's) domain's DNS records now.
export const POST = webRoute({ role: "admin", handler: ({ session, actor }) => checkRelayDns(session.workspace.id, actor) });
