import { defineOperation } from "@/lib/api/operation";
import { pageOf } from "@/lib/api/schemas";
import { AuditEntrySchema, AuditQuery, listAudit } from "@/lib/audit/list-audit";

export const listAuditOperation = defineOperation({
  id: "listAudit",
  method: "GET",
  path: "/audit",
  tag: "Audit",
  role: "viewer",
  summary: "List audit entries",
  description: "Newest first, with cursor pagination. `since` and `until` are ISO 8601 timestamps.",
  query: AuditQuery,
  success: { status: 200, description: "A page of audit entries", schema: pageOf(AuditEntrySchema, "AuditPage") },
  errors: [],
  handler: async ({ query, auth }) => ({ body: await listAudit(auth.workspace.id, query) }),
});
