// The worker's housekeeping: repeating system jobs (sweeps that queue again work whose job was lost,
// pruning, checks), each a task on the `housekeeping` queue. This list is the one place a task is
// named and timed; the queue registry (lib/queues.ts) takes its payload's task names from here, the
// worker schedules them (lib/housekeeping/schedule.ts) and runs them (lib/housekeeping/run-task.ts).
// A pure module, so that the queue registry can import it without the tasks' code.

export const HOUSEKEEPING_TASKS = {
  "purge-idempotency-keys": { everyMs: 60 * 60 * 1000 },
  "resume-runs": { everyMs: 60 * 1000 },
  "resume-deliveries": { everyMs: 60 * 1000 },
  "check-in-doubt-sends": { everyMs: 5 * 60 * 1000 },
} as const satisfies Record<string, { everyMs: number }>;

export type HousekeepingTask = keyof typeof HOUSEKEEPING_TASKS;
export const HOUSEKEEPING_TASK_NAMES = Object.keys(HOUSEKEEPING_TASKS) as [HousekeepingTask, ...HousekeepingTask[]];
