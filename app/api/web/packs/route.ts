import { ListQuery } from "@/lib/http/pagination";
import { listPacks } from "@/lib/packs/list-packs";
import { webRoute } from "@/lib/web/web-route";

export const GET = webRoute({ role: "viewer", query: ListQuery, handler: ({ session, query }) => listPacks(session.workspace.id, query) });
