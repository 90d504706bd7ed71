import type { ProcessFn } from "@/lib/jobs/consume";
import { deliverBatch } from "@/lib/webhooks/deliver";

export const processDeliver: ProcessFn<"deliver"> = (payload) => deliverBatch(payload.deliveryIds);
