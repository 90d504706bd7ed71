// Shapes of contract §13 "Evidence and checks on every draft".

export const SOURCE_KINDS = ["lead", "note", "signal", "offer", "thread"] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];
export type Source = { kind: SourceKind; field: string; text: string };

export type DraftField = "subject" | "body";
export type Span = [number, number];

/** One sentence of the draft and what supports it; `field`/`span` say where it is (extra to §13's shape). */
export type EvidenceItem = { sentence: string; field: DraftField; span: Span; sources: Source[] };

export const CHECK_CODES = [
  "unsupported_claim",
  "unresolved_variable",
  "spam_phrase",
  "link",
  "sender_mismatch",
  "spam_score",
  "too_long",
  "repeated_opening",
] as const;
export type CheckCode = (typeof CHECK_CODES)[number];
export const SEVERITIES = ["info", "warn", "block"] as const;
export type Severity = (typeof SEVERITIES)[number];
export type Check = { code: CheckCode; severity: Severity; message: string; field: DraftField; span: Span | null };

export const RISKS = ["low", "medium", "high"] as const;
export type Risk = (typeof RISKS)[number];

/** §13's severities, one per code. */
export const SEVERITY: Record<CheckCode, Severity> = {
  unsupported_claim: "block",
  unresolved_variable: "block",
  spam_phrase: "warn",
  link: "warn",
  sender_mismatch: "warn",
  spam_score: "warn",
  too_long: "info",
  repeated_opening: "info",
};

export function riskOf(checks: { severity: Severity }[]): Risk {
  if (checks.some((c) => c.severity === "block")) return "high";
  if (checks.some((c) => c.severity === "warn")) return "medium";
  return "low";
}

/** What a draft was written from. */
export type DraftSources = {
  lead: Record<string, unknown>;
  signals?: Record<string, unknown> | null;
  offer?: {
    product?: string | null;
    audience?: string | null;
    value_propositions?: string[];
    proof_points?: string[];
    call_to_action?: string | null;
    sender_title?: string | null;
    signature?: string | null;
    website?: string | null;
  } | null;
  /** The From name the draft goes out under. */
  senderName: string;
  /** Earlier messages of the thread (follow-ups, answers to replies). */
  thread?: { subject?: string; body: string }[];
};

/**
 * Optional knowledge from the writer: for the local engine, each written line with the template
 * variables it was made from, so a sentence's sources are exactly those variables' sources.
 */
export type WrittenLine = { text: string; names: string[] };

/** A hosted model's answer about one sentence it wrote: the keys of the sources it says it rests on (lib/review-checks/cited.ts). */
export type CitedSentence = { sentence: string; sources: string[] };

export type ReviewInput = {
  subject: string;
  body: string;
  sources: DraftSources;
  written?: WrittenLine[];
  /** A hosted model's citations, verified before they count (without `written`). */
  cited?: CitedSentence[];
  /** The pack's max_words (default 150). */
  maxWords?: number;
  /** How many other drafts of the run open with each normalized opening (see openingKey). */
  openingCounts?: Map<string, number>;
};

export type Review = { evidence: EvidenceItem[]; checks: Check[]; risk: Risk; opening: string | null };
