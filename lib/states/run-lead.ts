import { isIn, labelled, named } from "@/lib/states/define";

// A run lead's states (`run_leads.state`: one lead in one run; moves and writes:
// lib/lifecycle/run-lead.ts), their groups and labels. Browser-safe.

export const RUN_LEAD_STATES = ["pending", "running", "done", "rejected", "stopped", "failed", "awaiting_review"] as const;
export type RunLeadState = (typeof RUN_LEAD_STATES)[number];
export const RUN_LEAD_STATE = named(RUN_LEAD_STATES);
export const RUN_LEAD_STATE_LABELS = labelled(RUN_LEAD_STATES);

const { pending, running, done, rejected, stopped, failed, awaiting_review } = RUN_LEAD_STATE;

/** The states in which a run lead still has machine work (a stage job picks it up). */
export const WORKING_RUN_LEAD_STATES = [pending, running] as const satisfies readonly RunLeadState[];
/** The states a run lead ends in: nothing moves it on its own any more. */
export const SETTLED_RUN_LEAD_STATES = [done, rejected, stopped, failed] as const satisfies readonly RunLeadState[];
/** Every state in the order a lead goes through them, for tables and counts. */
export const RUN_LEAD_STATE_ORDER = [pending, running, awaiting_review, ...SETTLED_RUN_LEAD_STATES] as const satisfies readonly RunLeadState[];

export const isSettledRunLead = (state: string | null | undefined) => isIn(SETTLED_RUN_LEAD_STATES, state);
