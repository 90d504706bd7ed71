import { pinOptions } from "@/lib/packs/pin-options";
import { webRoute } from "@/lib/web/web-route";

// What each stage may be pinned to, for the pin pickers of packs and campaigns.
export const GET = webRoute({ role: "viewer", handler: ({ session }) => pinOptions(session.workspace.id) });
