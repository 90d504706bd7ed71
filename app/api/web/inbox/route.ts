import { InboxQuery, listInbox } from "@/lib/replies/inbox";
import { webRoute } from "@/lib/web/web-route";

// The inbox page: replies across runs and campaigns, positive first (lib/replies/inbox.ts).
export const GET = webRoute({ role: "viewer", query: InboxQuery, handler: ({ session, query }) => listInbox(session.workspace.id, query) });
