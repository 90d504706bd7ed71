import type { ProcessFn } from "@/lib/jobs/consume";
import { runImport } from "@/lib/pipeline/run-import";

export const processImport: ProcessFn<"import"> = (payload, job) => runImport(payload.runId, job);
