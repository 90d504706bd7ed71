import type { ProcessFn } from "@/lib/jobs/consume";
import { sendWhenDue } from "@/lib/sending/send-job";

export const processSend: ProcessFn<"send"> = (payload) => sendWhenDue(payload.draftId);
