import { relayReadiness } from "@/lib/relay/relay-readiness";
import { webRoute } from "@/lib/web/web-route";

// Whether approvals can be sent now (the warning on the review queue and the draft page).
export const GET = webRoute({ role: "viewer", handler: ({ session }) => relayReadiness(session.workspace.id) });
