import { z } from "zod";
import { allowedCategories, type ReplyCategory } from "@/lib/reply-categories";
import type { StageDefinition } from "@/lib/stages/definition";

// track: a lead's reply classified as one of the version's categories (its system text names them).

/** track's answer: the model's confidence may be missing; the local rules add a return date to an out-of-office. */
export type TrackOutput = { classification: ReplyCategory; confidence?: number | null; return_date?: string | null };

/** track sees only the reply. */
export const REPLY_VARIABLES = ["from", "subject", "text"] as const;

/** track's JSON output contract for a prompt version: one of its categories, an optional confidence. */
export function trackAnswerSchema(system: string) {
  const allowed = allowedCategories(system) as [ReplyCategory, ...ReplyCategory[]];
  return z.object({
    classification: z
      .string()
      .transform((value) => value.trim().toLowerCase())
      .pipe(z.enum(allowed)),
    confidence: z.number().min(0).max(1).optional(),
  });
}

export const track: StageDefinition<"track", TrackOutput> = {
  stage: "track",
  variables: REPLY_VARIABLES,
  read: (value, system) => trackAnswerSchema(system).safeParse(value).data ?? null,
};
