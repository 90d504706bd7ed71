import { checkRelay } from "@/lib/relay/relay-settings";
import { webRoute } from "@/lib/web/web-route";

// Connects and logs in to the saved relay; sends nothing.
export const POST = webRoute({ role: "admin", handler: ({ session }) => checkRelay(session.workspace.id) });
