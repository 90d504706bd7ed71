import { z } from "zod";
import { allowedCategories, type ReplyCategory } from "@/lib/reply-categories";
import type { Signals } from "@/lib/engine/local/signals";
import type { BatchStage, PromptStage } from "@/lib/lifecycle/stages";

// What each machine stage answers. The JSON output contract a hosted model's answer must meet (and
// what an evaluation calls "valid"), and the output the pipeline keeps once it is met: for the
// batch stages a StageOutput tagged with its stage, for track one of the version's categories.

/** A hosted model's word on one sentence it wrote: the keys of its sources (contract §13; verified by lib/review-checks). */
export type CitedSentence = { sentence: string; sources: string[] };

export type StageOutput =
  | { stage: "extract_signals"; signals: Signals }
  | { stage: "qualify"; score: number; qualified: boolean; reasons: string[] }
  | { stage: "draft_email"; subject: string; body: string; written?: { text: string; names: string[] }[]; cited?: CitedSentence[] };

/** follow_up's answer: an email in the thread, the same contract as draft_email's. */
export type FollowUpOutput = { stage: "follow_up"; subject: string; body: string; cited?: CitedSentence[] };

/** reply's answer (contract §13): an email in the reply's thread, the same contract as draft_email's. */
export type AnswerOutput = { stage: "reply"; subject: string; body: string; cited?: CitedSentence[] };

/** track's answer: the model's confidence may be missing; the local rules add a return date to an out-of-office. */
export type TrackOutput = { classification: ReplyCategory; confidence?: number | null; return_date?: string | null };

/** The JSON output contract of each batch stage. */
export const OUTPUT_SCHEMAS = {
  extract_signals: z.record(z.string(), z.unknown()),
  qualify: z.object({ qualified: z.boolean(), score: z.number().min(0).max(100).optional(), reasons: z.array(z.string()).optional() }),
  draft_email: z.object({ subject: z.string().trim().min(1).max(300), body: z.string().trim().min(1).max(20_000) }),
};

// The evidence a draft stage's answer may add (lib/prompts/prompt-input.ts asks for it). Read
// leniently: entries that are not {sentence, sources} are left out, and an answer whose evidence is
// missing or malformed is still a valid answer (its sentences are then read by overlap).
const CitedEntry = z.object({ sentence: z.string().trim().min(1).max(2000), sources: z.array(z.string().max(200)).max(30) });

function citedOf(value: unknown): { cited?: CitedSentence[] } {
  const evidence = value && typeof value === "object" ? (value as { evidence?: unknown }).evidence : undefined;
  if (!Array.isArray(evidence)) return {};
  const cited = evidence.slice(0, 200).flatMap((entry) => {
    const parsed = CitedEntry.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
  return cited.length ? { cited } : {};
}

/** A batch stage's answer as the pipeline keeps it, or null when it breaks the contract. */
export function toOutput(stage: BatchStage, value: unknown): StageOutput | null {
  const parsed = OUTPUT_SCHEMAS[stage].safeParse(value);
  if (!parsed.success) return null;
  if (stage === "extract_signals") return { stage, signals: parsed.data as Signals };
  if (stage === "qualify") {
    const q = parsed.data as z.infer<typeof OUTPUT_SCHEMAS.qualify>;
    return { stage, qualified: q.qualified, score: Math.round(q.score ?? (q.qualified ? 100 : 0)), reasons: q.reasons ?? [] };
  }
  const d = parsed.data as z.infer<typeof OUTPUT_SCHEMAS.draft_email>;
  return { stage, subject: d.subject, body: d.body, ...citedOf(value) };
}

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

/** Any prompt stage's answer read against its contract; null when it breaks it. */
export function readAnswer(stage: PromptStage, system: string, value: unknown): StageOutput | FollowUpOutput | AnswerOutput | TrackOutput | null {
  if (stage === "track") return trackAnswerSchema(system).safeParse(value).data ?? null;
  if (stage === "follow_up" || stage === "reply") {
    const parsed = OUTPUT_SCHEMAS.draft_email.safeParse(value);
    return parsed.success ? { stage, subject: parsed.data.subject, body: parsed.data.body, ...citedOf(value) } : null;
  }
  return toOutput(stage, value);
}
