import { config } from "@/lib/config";
import type { ProcessFn } from "@/lib/jobs/consume";
import { scoreDrafts } from "@/lib/spam/score-draft";

// SPAM_SCORING=false (the test suite's default): the job ends at once and the scores stay pending.
export const processSpamScore: ProcessFn<"spam-score"> = async (payload, job) => {
  if (!config().SPAM_SCORING) return;
  await scoreDrafts(payload.draftIds, { lastAttempt: job.lastAttempt });
};
