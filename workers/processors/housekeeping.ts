import type { ProcessFn } from "@/lib/jobs/consume";
import { runHousekeeping } from "@/lib/housekeeping/run-task";

export const processHousekeeping: ProcessFn<"housekeeping"> = (payload) => runHousekeeping(payload.task);
