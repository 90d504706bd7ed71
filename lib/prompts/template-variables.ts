// The variables a prompt's user_template may name (the system text is sent as written), per stage (documented in docs/pipeline.md). A
// template that names anything else is refused (422 on that field, listing the known ones), so a
// misspelling such as {{frist_name}} never silently renders as nothing.

export const LEAD_VARIABLES = [
  "first_name",
  "last_name",
  "email",
  "company",
  "title",
  "domain",
  "website",
  "country",
  "employees",
  "industry",
  "notes",
  "referred_by_name",
] as const;
export const PIPELINE_VARIABLES = ["signals", "icp", "signal_sentence", "opening_line", "subject_line", "value_line", "proof_line"] as const;
export const OFFER_VARIABLES = [
  "product",
  "audience",
  "value_proposition",
  "value_propositions",
  "proof_point",
  "proof_points",
  "call_to_action",
  "sender_name",
  "sender_title",
  "signature",
  "tone",
] as const;
export const REPLY_VARIABLES = ["from", "subject", "text"] as const;
/** reply (an answer to a lead's reply, contract §13) sees the lead, the offer, the thread so far and the reply it answers. */
export const ANSWER_VARIABLES = ["thread", "first_subject", "reply_from", "reply_subject", "reply_text", "classification"] as const;
/** follow_up also sees its step number, the thread so far (earlier sent messages) and step 1's subject. */
export const FOLLOW_UP_VARIABLES = ["step", "thread", "first_subject"] as const;

const LEAD_STAGE = [...LEAD_VARIABLES, ...PIPELINE_VARIABLES, ...OFFER_VARIABLES];

/** The variables known to a prompt, by its base name (a fork's `draft_email@acme` is `draft_email`). */
export function knownVariables(baseName: string): string[] {
  if (baseName === "track") return [...REPLY_VARIABLES];
  if (baseName === "follow_up") return [...LEAD_STAGE, ...FOLLOW_UP_VARIABLES];
  if (baseName === "reply") return [...LEAD_STAGE, ...ANSWER_VARIABLES];
  return [...LEAD_STAGE];
}

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The names a template uses that are not known, in order of first use. */
export function unknownVariables(template: string, known: readonly string[]): string[] {
  const unknown = new Set<string>();
  for (const match of template.matchAll(PLACEHOLDER)) if (!known.includes(match[1])) unknown.add(match[1]);
  return [...unknown];
}

/** One error per template naming an unknown variable (pure: the fork form runs it as you type). */
export function templateErrors(baseName: string, fields: { user_template?: string }): { path: string; message: string }[] {
  const known = knownVariables(baseName);
  const errors: { path: string; message: string }[] = [];
  for (const [path, template] of Object.entries(fields)) {
    if (template === undefined) continue;
    const unknown = unknownVariables(template, known);
    if (unknown.length) {
      errors.push({
        path,
        message: `unknown variable${unknown.length > 1 ? "s" : ""} ${unknown.map((n) => `{{${n}}}`).join(", ")}; known: ${known.join(", ")}`,
      });
    }
  }
  return errors;
}
