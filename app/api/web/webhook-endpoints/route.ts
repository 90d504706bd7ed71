import { ListQuery } from "@/lib/api/pagination";
import { listEndpoints } from "@/lib/webhooks/endpoints";
import { webRoute } from "@/lib/web/web-route";

export const GET = webRoute({ role: "admin", query: ListQuery, handler: ({ session, query }) => listEndpoints(session.workspace.id, query) });
