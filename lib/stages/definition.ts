import { z } from "zod";
import type { PromptStage } from "@/lib/states/stages";

// The stage registry (issue 34): each prompt stage defined once, in its own module of this folder
// (extract-signals.ts, qualify.ts, draft-email.ts, follow-up.ts, reply.ts, track.ts), gathered by
// index.ts. A definition holds what the code used to branch on stage names for: the variables its
// user_template may name and its JSON output contract (the answer read against it). Browser-safe
// (zod and pure data only): the fork form checks template variables as you type.

/** A hosted model's word on one sentence it wrote: the keys of its sources (contract §13; verified by lib/review-checks). */
export type CitedSentence = { sentence: string; sources: string[] };

export type StageDefinition<Stage extends PromptStage, Output> = {
  stage: Stage;
  /** The variables its user_template may name (documented in docs/pipeline.md). */
  variables: readonly string[];
  /** Its answer read against its JSON output contract (`system`: the version's text, track's categories); null when it breaks it. */
  read: (value: unknown, system: string) => Output | null;
};

// The evidence a draft stage's answer may add (lib/prompts/prompt-input.ts asks for it). Read
// leniently: entries that are not {sentence, sources} are left out, and an answer whose evidence is
// missing or malformed is still a valid answer (its sentences are then read by overlap).
const CitedEntry = z.object({ sentence: z.string().trim().min(1).max(2000), sources: z.array(z.string().max(200)).max(30) });

export function citedOf(value: unknown): { cited?: CitedSentence[] } {
  const evidence = value && typeof value === "object" ? (value as { evidence?: unknown }).evidence : undefined;
  if (!Array.isArray(evidence)) return {};
  const cited = evidence.slice(0, 200).flatMap((entry) => {
    const parsed = CitedEntry.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
  return cited.length ? { cited } : {};
}

/** The JSON output contract of every stage whose answer is an email: draft_email, follow_up, reply. */
export const EmailSchema = z.object({ subject: z.string().trim().min(1).max(300), body: z.string().trim().min(1).max(20_000) });

/** An email stage's answer: subject, body and the evidence it cited, or null. */
export function readEmail(value: unknown): { subject: string; body: string; cited?: CitedSentence[] } | null {
  const parsed = EmailSchema.safeParse(value);
  return parsed.success ? { subject: parsed.data.subject, body: parsed.data.body, ...citedOf(value) } : null;
}
