import type { ProcessFn } from "@/lib/jobs/consume";
import { sendDraft } from "@/lib/sending/send-draft";

export const processSend: ProcessFn<"send"> = async (payload) => ({ outcome: await sendDraft(payload.draftId) });
