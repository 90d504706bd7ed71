import type { ProcessFn } from "@/lib/jobs/consume";
import { advanceSequences } from "@/lib/sequences/draft-follow-ups";

export const processSequence: ProcessFn<"sequence"> = (payload) => advanceSequences(payload.runId, payload.runLeadIds);
