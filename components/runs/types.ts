import type { RunLeadSchema } from "@/lib/runs/list-runs";
import type { RunProgress } from "@/lib/runs/run-progress";
import type { RunJson } from "@/lib/runs/run-schemas";
import type { TraceJson } from "@/lib/runs/lead-traces";
import type { LeadJson } from "@/lib/leads/present-lead";
import type { z } from "zod";

// Wire types only (erased at build): the shapes app/api/web/** answers with.
export type { RunJson, RunProgress, TraceJson };
export type RunLead = Omit<z.infer<typeof RunLeadSchema>, "lead"> & { lead: LeadJson };

export const ACTIVE_STATUSES = ["queued", "importing", "running", "sending"];
export const RUN_STATUS_OPTIONS = ["queued", "importing", "running", "awaiting_review", "sending", "completed", "failed", "canceled"];
export const LEAD_STATE_OPTIONS = ["pending", "running", "awaiting_review", "done", "rejected", "stopped", "failed"];
export const STAGE_OPTIONS = ["extract_signals", "qualify", "draft_email", "send", "track"];
