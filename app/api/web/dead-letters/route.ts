import { DeadLettersQuery, listDeadLettersForPage } from "@/lib/webhooks/dead-letters";
import { webRoute } from "@/lib/web/web-route";

export const GET = webRoute({ role: "admin", query: DeadLettersQuery, handler: ({ session, query }) => listDeadLettersForPage(session.workspace.id, query) });
