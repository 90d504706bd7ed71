import type { RunLeadSchema } from "@/lib/runs/list-runs";
import type { RunProgress } from "@/lib/runs/run-progress";
import type { RunJson } from "@/lib/runs/run-schemas";
import type { TraceJson } from "@/lib/runs/lead-traces";
import type { LeadJson } from "@/lib/leads/present-lead";
import type { z } from "zod";
import { PIPELINE_STAGES } from "@/lib/lifecycle/stages";
import { RUN_LEAD_STATES, RUN_STATUSES } from "@/lib/statuses";

// Wire types only (erased at build): the shapes app/api/web/** answers with.
export type { RunJson, RunProgress, TraceJson };
export type RunLead = Omit<z.infer<typeof RunLeadSchema>, "lead"> & { lead: LeadJson };

export const ACTIVE_STATUSES = ["queued", "importing", "running", "sending"];
export const RUN_STATUS_OPTIONS = RUN_STATUSES;
export const LEAD_STATE_OPTIONS = RUN_LEAD_STATES;
export const STAGE_OPTIONS = PIPELINE_STAGES;
