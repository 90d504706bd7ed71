// The worker's housekeeping: repeating system jobs (sweeps that queue again work whose job was lost,
// pruning, checks), each a task on the `housekeeping` queue. This list is the one place a task is
// named and timed; the queue registry (lib/queues.ts) takes its payload's task names from here, the
// worker schedules them (lib/housekeeping/schedule.ts) and runs them (lib/housekeeping/run-task.ts).
// A pure module beside the queue plumbing (lib/jobs, the bottom layer), so that the queue registry can
// import it without the tasks' code (docs/architecture.md "Layers").

export const HOUSEKEEPING_TASKS = {
  "purge-idempotency-keys": { everyMs: 60 * 60 * 1000 },
  // The resume sweeps run every SWEEP_MS of the timing config (lib/config/timing.ts; a minute).
  "resume-runs": { everyMs: "sweep" },
  "resume-deliveries": { everyMs: "sweep" },
  "check-in-doubt-sends": { everyMs: 5 * 60 * 1000 },
  // Drafts whose spam-score job was lost (Redis away when they were written) or written before it existed.
  "score-pending-drafts": { everyMs: "sweep" },
  // Replies to answer (interested, meeting_request, question) whose answer job was lost.
  "resume-answers": { everyMs: "sweep" },
} as const satisfies Record<string, { everyMs: number | "sweep" }>;

export type HousekeepingTask = keyof typeof HOUSEKEEPING_TASKS;
export const HOUSEKEEPING_TASK_NAMES = Object.keys(HOUSEKEEPING_TASKS) as [HousekeepingTask, ...HousekeepingTask[]];
