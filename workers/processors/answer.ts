import type { ProcessFn } from "@/lib/jobs/consume";
import { answerJob } from "@/lib/replies/answer-reply";

// An answer draft for a classified reply (lib/replies/answer-reply.ts).
export const processAnswer: ProcessFn<"answer"> = (payload) => answerJob(payload.replyId);
