import { z } from "zod";
import type { SpamRule } from "@/lib/spam/spamd-client";

// A draft's SpamAssassin score as the API shows it (`spam_score`, docs/review-checks.md); the job
// that fills it is lib/spam/score-draft.ts.

import { SPAM_STATUSES, type SpamStatus } from "@/lib/states/spam";

export { SPAM_STATUSES, SPAM_WARN_SCORE, type SpamStatus } from "@/lib/states/spam";

export const SpamScoreSchema = z
  .object({
    status: z.enum(SPAM_STATUSES).meta({
      description: "`pending` until the draft as it stands has been scored (every edit makes it pending again); `unavailable` when spamd could not be reached",
    }),
    score: z.number().nullable().meta({ description: "SpamAssassin's score (5 or more adds a `spam_score` warn check); null unless scored" }),
    rules: z
      .array(z.object({ name: z.string(), score: z.number(), description: z.string() }).meta({ id: "SpamRule" }))
      .meta({ description: "The SpamAssassin rules that fired with points, highest first (informational 0-point rules left out)" }),
    scored_at: z.string().nullable(),
  })
  .meta({ id: "SpamScore" });

type SpamColumns = { spamStatus: string; spamScore: number | null; spamRules: unknown; spamScoredAt: Date | null };

export function presentSpamScore(draft: SpamColumns): z.infer<typeof SpamScoreSchema> {
  return {
    status: (SPAM_STATUSES as readonly string[]).includes(draft.spamStatus) ? (draft.spamStatus as SpamStatus) : "pending",
    score: draft.spamScore,
    rules: Array.isArray(draft.spamRules) ? (draft.spamRules as SpamRule[]) : [],
    scored_at: draft.spamScoredAt?.toISOString() ?? null,
  };
}
