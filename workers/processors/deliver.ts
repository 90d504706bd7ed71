import type { ProcessFn } from "@/lib/jobs/consume";
import { deliverJob } from "@/lib/webhooks/lanes";

export const processDeliver: ProcessFn<"deliver"> = (payload) => deliverJob(payload);
