import type { z } from "zod";
import type { AuditEntrySchema } from "@/lib/audit/list-audit";

export type AuditEntryJson = z.infer<typeof AuditEntrySchema>;
