import { AuditQuery, listAudit } from "@/lib/audit/list-audit";
import { webRoute } from "@/lib/web/web-route";

// The audit log, for every member, as GET /v1/audit (readers may read all).
export const GET = webRoute({ role: "viewer", query: AuditQuery, handler: ({ session, query }) => listAudit(session.workspace.id, query) });
