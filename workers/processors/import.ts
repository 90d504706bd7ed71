import type { ProcessFn } from "@/lib/jobs/consume";
import { importRun } from "@/lib/runs/run-import";

export const processImport: ProcessFn<"import"> = (payload, job) => importRun(payload.runId, job);
