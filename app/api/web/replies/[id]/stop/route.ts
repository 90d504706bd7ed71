import { z } from "zod";
import { StopOutreachBody, stopLeadOutreach } from "@/lib/replies/inbox";
import { webRoute } from "@/lib/web/web-route";

// A reviewer stops the outreach to a reply's lead: the address is suppressed with the reason (audited).
export const POST = webRoute({
  role: "reviewer",
  params: z.object({ id: z.string().max(40) }),
  body: StopOutreachBody,
  handler: ({ session, actor, params, body }) => stopLeadOutreach(session.workspace.id, params.id, body.reason, actor),
});
