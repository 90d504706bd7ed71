import { z } from "zod";
import { pinOptions } from "@/lib/packs/pin-options";
import { webRoute } from "@/lib/web/web-route";

// What each stage may be pinned to, for the pin pickers of packs and campaigns; `?stage=follow_up`
// answers the follow_up versions a campaign step may pin instead (the campaign page's step editor).
const PinOptionsQuery = z.strictObject({ stage: z.enum(["follow_up"]).optional() });

export const GET = webRoute({
  role: "viewer",
  query: PinOptionsQuery,
  handler: ({ session, query }) => (query.stage ? pinOptions(session.workspace.id, query.stage) : pinOptions(session.workspace.id)),
});
