import type { RunLeadSchema } from "@/lib/runs/list-runs";
import type { RunProgress } from "@/lib/runs/run-progress";
import type { RunJson } from "@/lib/runs/run-schemas";
import type { TraceJson } from "@/lib/runs/lead-traces";
import type { LeadJson } from "@/lib/leads/present-lead";
import type { z } from "zod";

// Wire types only (erased at build): the shapes app/api/web/** answers with.
export type { RunJson, RunProgress, TraceJson };
export type RunLead = Omit<z.infer<typeof RunLeadSchema>, "lead"> & { lead: LeadJson };
