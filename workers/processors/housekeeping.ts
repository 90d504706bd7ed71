import type { ProcessFn } from "@/lib/jobs/consume";
import { runHousekeeping } from "@/lib/jobs/housekeeping";

export const processHousekeeping: ProcessFn<"housekeeping"> = (payload) => runHousekeeping(payload.task);
