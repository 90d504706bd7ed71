import { getRelay, putRelay, PutRelayBody } from "@/lib/relay/relay-settings";
import { webRoute } from "@/lib/web/web-route";

// The password is write-only: answers say only whether one is set.
export const GET = webRoute({ role: "admin", handler: ({ session }) => getRelay(session.workspace.id) });
export const PUT = webRoute({ role: "admin", body: PutRelayBody, handler: ({ session, actor, body }) => putRelay(session.workspace.id, body, actor) });
