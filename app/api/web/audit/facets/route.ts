import { auditFacets } from "@/lib/audit/audit-facets";
import { webRoute } from "@/lib/web/web-route";

export const GET = webRoute({ role: "viewer", handler: ({ session }) => auditFacets(session.workspace.id) });
