// What the local engine knows of a lead: the mapped CSV columns (contract §6), all optional.
export type LeadFacts = {
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
  company?: string | null;
  title?: string | null;
  domain?: string | null;
  website?: string | null;
  country?: string | null;
  employees?: number | null;
  industry?: string | null;
  notes?: string | null;
  /** Who referred the lead to us (a followed referral: contract §13), by name. */
  referred_by_name?: string | null;
  /** CSV columns LeadPipe does not map (free text such as a recent event). */
  attributes?: Record<string, unknown> | null;
};

export function words(text: string | null | undefined): string {
  // Keeps "node.js" and "c++" whole; a full stop at the end of a word is punctuation.
  const normalized = (text ?? "")
    .toLowerCase()
    .replace(/[^a-z0-9+#.]+/g, " ")
    .replace(/\.+(?=\s|$)/g, " ");
  return ` ${normalized.replace(/\s+/g, " ").trim()} `;
}

const phraseWords = new Map<string, string>(); // phrases come from a few fixed lists and ICP rules

/** Does the text (already passed through words()) contain the phrase as whole words? */
export function mentions(text: string, phrase: string): boolean {
  let normalized = phraseWords.get(phrase);
  if (normalized === undefined) {
    normalized = words(phrase);
    if (phraseWords.size > 10_000) phraseWords.clear();
    phraseWords.set(phrase, normalized);
  }
  return text.includes(normalized);
}
