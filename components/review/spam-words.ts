import { SPAM_WARN_SCORE, type SpamStatus } from "@/lib/states/spam";

// A draft's SpamAssassin score in words (contract §13, docs/review-checks.md): pending until its job
// has scored the draft as it stands, the score with its top rules, or unavailable when spamd could
// not be reached. Pure, for the queue row and the draft page.

export type SpamScoreView = {
  status: SpamStatus;
  score: number | null;
  rules: { name: string; score: number; description: string }[];
};

const WARN_AT = SPAM_WARN_SCORE;

const points = (n: number) => (Math.round(n * 10) / 10).toFixed(1);

const WORDS: Record<SpamScoreView["status"], (spam: SpamScoreView, rules: number) => string> = {
  pending: () => "Spam score pending",
  unavailable: () => "Spam score unavailable (SpamAssassin not reached)",
  scored: (spam, rules) => {
    if (spam.score === null) return WORDS.unavailable(spam, rules);
    const top = spam.rules.slice(0, rules).map((rule) => `${rule.name} ${points(rule.score)}`);
    const verdict = spam.score >= WARN_AT ? `, at or over ${WARN_AT}` : ` (below ${WARN_AT})`;
    return `Spam score ${points(spam.score)}${verdict}${top.length ? `; top rules: ${top.join(", ")}` : ""}`;
  },
};

/**
 * One short line: "Spam score 1.2 (below 5)", "Spam score 7.4, at or over 5; top rules: …", "Spam
 * score pending". `edited`: the reviewer's edit is scored once it is saved.
 */
export function spamScoreWords(spam: SpamScoreView, { rules = 2, edited = false }: { rules?: number; edited?: boolean } = {}): string {
  if (edited) return "Spam score pending: your edit is scored once it is saved";
  return (WORDS[spam.status] ?? WORDS.pending)(spam, rules);
}

/** The tone helps; the words say it. Only a scored draft has a score. */
export function spamTone(spam: SpamScoreView, edited = false): "warn" | "info" {
  return !edited && spam.score !== null && spam.score >= WARN_AT ? "warn" : "info";
}
