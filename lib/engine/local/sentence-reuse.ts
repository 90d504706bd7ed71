import { sentences } from "@/lib/review-checks/nlp";

// Sentence reuse across a run's drafts (issue 36), measured the way a recipient (or a spam filter
// comparing messages) would notice it. A draft's body sentences are those after the greeting line
// and before the sign-off ("Best," and what follows), as wink-nlp splits them; the offer's call to
// action is left out, because the sender writes it once for everyone on purpose. Then:
// - reuse: the share of all those sentences (counted once per draft they are in) whose exact text,
//   word for word, appears in more than one draft of the run;
// - widest: the sentence found in the most drafts, and the share of drafts it is in.

const GREETING = /^(hi|hello|hey|dear|good (morning|afternoon))\b[^.!?]*[,!:]?$/i;
const SIGN_OFF = /^(best|thanks|thank you|regards|kind regards|best regards|cheers|all the best|warmly|sincerely)[,!.]?$/i;

/** The body sentences after the greeting and before the sign-off. */
export function bodySentences(body: string): string[] {
  const lines = body.split("\n");
  const end = lines.findIndex((line) => SIGN_OFF.test(line.trim()));
  const kept = (end >= 0 ? lines.slice(0, end) : lines).filter((line, i) => !(i === 0 && GREETING.test(line.trim())));
  return sentences(kept.join("\n")).map((s) => s.text.trim());
}

export type Reuse = { drafts: number; sentences: number; reused: number; reuse: number; widest: { text: string; drafts: number; share: number } | null };

export function sentenceReuse(bodies: string[], leaveOut: string[] = []): Reuse {
  const skip = new Set(leaveOut.map((s) => s.trim()).filter(Boolean));
  const perDraft = bodies.map((body) => [...new Set(bodySentences(body).filter((s) => !skip.has(s)))]);
  const inDrafts = new Map<string, number>();
  for (const list of perDraft) for (const s of list) inDrafts.set(s, (inDrafts.get(s) ?? 0) + 1);
  const total = perDraft.reduce((n, list) => n + list.length, 0);
  const reused = perDraft.reduce((n, list) => n + list.filter((s) => inDrafts.get(s)! > 1).length, 0);
  let widest: Reuse["widest"] = null;
  for (const [text, count] of inDrafts) if (!widest || count > widest.drafts) widest = { text, drafts: count, share: count / Math.max(1, bodies.length) };
  return { drafts: bodies.length, sentences: total, reused, reuse: total ? reused / total : 0, widest };
}

export const percent = (share: number) => `${(100 * share).toFixed(1)} %`;
