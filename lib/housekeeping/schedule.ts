import { HOUSEKEEPING_TASK_NAMES, HOUSEKEEPING_TASKS } from "@/lib/jobs/housekeeping-tasks";
import { timing } from "@/lib/config/timing";
import { log } from "@/lib/log";
import { QUEUES, queue } from "@/lib/queues";

/**
 * Keeps every housekeeping task scheduled on the `housekeeping` queue, one job scheduler per task
 * (id: the task's name), upserted at each worker's start so that several workers agree. Redis being
 * away only logs: the next start schedules again.
 */
export function scheduleHousekeeping(): void {
  for (const task of HOUSEKEEPING_TASK_NAMES) {
    const payload = QUEUES.housekeeping.payload.parse({ v: 1, task });
    const { everyMs } = HOUSEKEEPING_TASKS[task];
    queue("housekeeping")
      .upsertJobScheduler(task, { every: everyMs === "sweep" ? timing().sweepMs : everyMs }, { name: task, data: payload })
      .catch((error: Error) => log.warn({ schedule: task, err: error.message }, "could not schedule (Redis down?); will retry at next start"));
  }
}
