import { wordCount } from "@/lib/engine/local/render-lines";
import { EVAL_REVIEW_CODES, type CaseExpect, type DraftChecks } from "@/lib/evals/case-schema";
import { reviewDraft, type CitedSentence, type DraftSources } from "@/lib/review-checks";

// Does a stage's (valid) output meet a case's expectations? Each failed check is one sentence a
// reviewer can read; an empty list is a pass.

const sameValue = (actual: unknown, wanted: string | number | string[]) =>
  Array.isArray(wanted) ? Array.isArray(actual) && wanted.every((item) => actual.includes(item)) : actual === wanted;

export function checkSignals(signals: Record<string, unknown>, wanted: NonNullable<CaseExpect["signals"]>): string[] {
  return Object.entries(wanted)
    .filter(([key, value]) => !sameValue(signals[key], value))
    .map(([key, value]) => `${key} should be ${JSON.stringify(value)}, was ${signals[key] === undefined ? "missing" : JSON.stringify(signals[key])}.`);
}

// Words a draft may start a sentence with or use anywhere without them being a "fact".
const COMMON = new Set(
  (
    "i we you your our my me us the a an this that these those it its if as in on at for with to of and or but so not no yes would could can " +
    "should will do does did are is was be been have has had hi hello hey dear thanks thank regards best cheers kind warm sincerely happy " +
    "looking just quick worth let here there what when why how who which glad hope noticed saw understand congratulations teams team " +
    "monday tuesday wednesday thursday friday saturday sunday january february march april may june july august september october november december"
  ).split(" "),
);

/** Numbers and capitalised names in the draft that appear nowhere in what it was written from. */
export function inventedFacts(draft: string, sources: string): string[] {
  const known = sources.toLowerCase();
  const found = new Set<string>();
  for (const match of draft.matchAll(/\d[\d,.]*%?/g)) {
    const number = match[0].replace(/[.,]+$/, "");
    if (!known.includes(number.toLowerCase())) found.add(number);
  }
  for (const match of draft.matchAll(/\b[A-Z][A-Za-z0-9&'’-]*[A-Za-z0-9]|\b[A-Z]\b/g)) {
    const word = match[0].replace(/['’]s$/, "");
    if (COMMON.has(word.toLowerCase())) continue;
    if (!new RegExp(`(^|[^a-z0-9])${word.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^a-z0-9])`).test(known)) found.add(word);
  }
  return [...found];
}

/** The body's first line after the greeting ("Hi Dana," / "Hello,"): where the draft opens. */
export function openingOf(body: string): string {
  const lines = body
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const first = lines[0] ?? "";
  return (/^(hi|hello|hey|dear)\b[^.!?]{0,60}[,!:]?$/i.test(first) ? lines[1] : first) ?? "";
}

export function checkDraft(draft: { subject: string; body: string }, checks: DraftChecks, sources: string): string[] {
  const failures: string[] = [];
  const whole = `${draft.subject}\n${draft.body}`;
  const lower = whole.toLowerCase();
  for (const phrase of checks.must_mention ?? []) if (!lower.includes(phrase.toLowerCase())) failures.push(`Does not mention "${phrase}".`);
  for (const phrase of checks.forbidden ?? []) if (lower.includes(phrase.toLowerCase())) failures.push(`Contains the forbidden phrase "${phrase}".`);
  const opening = openingOf(draft.body).toLowerCase();
  for (const phrase of checks.opening_mentions ?? [])
    if (!opening.includes(phrase.toLowerCase())) failures.push(`The opening line does not mention "${phrase}".`);
  const words = wordCount(draft.body);
  if (checks.max_words !== undefined && words > checks.max_words) failures.push(`The body has ${words} words, over the limit of ${checks.max_words}.`);
  if (checks.no_invented_facts) {
    const invented = inventedFacts(whole, sources);
    if (invented.length) failures.push(`Names facts that are not in the input: ${invented.slice(0, 5).join(", ")}.`);
  }
  return failures;
}

/**
 * The review checks a reviewer would see on this draft (contract §13) that fail an evaluation:
 * `unsupported_claim` and `spam_phrase`, unless the case allows them. Each failure starts with the
 * check's code and says where it is ("unsupported_claim: … in the body: "<sentence>"").
 */
export function reviewFailures(
  draft: { subject: string; body: string; cited?: CitedSentence[] },
  sources: DraftSources,
  allowed: readonly string[] = [],
): string[] {
  // A hosted model's citations count as in a run: verified, else the sentence is read by overlap.
  const review = reviewDraft({ subject: draft.subject, body: draft.body, sources, cited: draft.cited });
  const codes: readonly string[] = EVAL_REVIEW_CODES;
  return review.checks
    .filter((c) => codes.includes(c.code) && !allowed.includes(c.code))
    .map((c) => {
      const text = c.field === "subject" ? draft.subject : draft.body;
      const where = c.span ? ` (${c.field}: "${text.slice(c.span[0], c.span[1])}")` : ` (${c.field})`;
      return `${c.code}: ${c.message}${c.code === "unsupported_claim" ? where : ""}`;
    });
}
