import { ListQuery } from "@/lib/http/pagination";
import { listProviders } from "@/lib/providers/providers";
import { webRoute } from "@/lib/web/web-route";

// The settings page is for admins; reading providers through /v1 needs only a viewer.
export const GET = webRoute({ role: "admin", query: ListQuery, handler: ({ session, query }) => listProviders(session.workspace.id, query) });
