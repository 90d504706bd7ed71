import { z } from "zod";

// A run's steps: the campaign's later steps as they were when the run was created (`runs.steps`,
// lib/runs/create-run.ts), so editing a campaign never changes a run under way. Null: one step.

const StoredStep = z.object({ step: z.number().int(), wait: z.string().nullable(), waitSeconds: z.number().int().nullable() });
export type RunStep = z.infer<typeof StoredStep>;

/** The stored steps (step 1 first), or [] for a run of one step. */
export function runSteps(stored: unknown): RunStep[] {
  const parsed = z.array(StoredStep).safeParse(stored);
  return parsed.success ? [...parsed.data].sort((a, b) => a.step - b.step) : [];
}

/** The last step of the run (1 for a run of one step). */
export const lastStep = (steps: RunStep[]) => steps.at(-1)?.step ?? 1;

/** When step `step` falls due after the previous step's send at `sentAt`. */
export function dueAfter(steps: RunStep[], step: number, sentAt: Date): Date | null {
  const found = steps.find((s) => s.step === step);
  return found ? new Date(sentAt.getTime() + (found.waitSeconds ?? 0) * 1000) : null;
}
