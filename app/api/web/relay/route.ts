import { findRelay, putRelay, PutRelayBody } from "@/lib/relay/relay-settings";
import { webRoute } from "@/lib/web/web-route";

// The password is write-only: answers say only whether one is set. Unlike /v1/relay (404), the page's
// read answers null when no relay is saved yet, so a first visit makes no failing request.
export const GET = webRoute({ role: "admin", handler: ({ session }) => findRelay(session.workspace.id) });
export const PUT = webRoute({ role: "admin", body: PutRelayBody, handler: ({ session, actor, body }) => putRelay(session.workspace.id, body, actor) });
