import { listUnmatched, UnmatchedQuery } from "@/lib/mailbox/unmatched";
import { webRoute } from "@/lib/web/web-route";

// Mail from the mailbox that matched no email we sent: kept and listed, never dropped.
export const GET = webRoute({ role: "viewer", query: UnmatchedQuery, handler: ({ session, query }) => listUnmatched(session.workspace.id, query) });
