import type { AuditEntryWithNames, NameRef } from "@/lib/audit/audit-names";

/** An audit entry as the web page gets it: the /v1 entry with names for its target, actor and data ids. */
export type AuditEntryJson = AuditEntryWithNames;
export type { NameRef };
