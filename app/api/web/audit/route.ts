import { AuditQuery } from "@/lib/audit/list-audit";
import { listAuditWithNames } from "@/lib/audit/audit-names";
import { webRoute } from "@/lib/web/web-route";

// The audit log, for every member, as GET /v1/audit (readers may read all), with names for its ids.
export const GET = webRoute({ role: "viewer", query: AuditQuery, handler: ({ session, query }) => listAuditWithNames(session.workspace.id, query) });
