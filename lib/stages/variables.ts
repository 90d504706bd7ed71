// The template variables several stages share (each stage's own list is in its module). A template
// that names anything else is refused (422 on that field, listing the known ones), so a misspelling
// such as {{frist_name}} never silently renders as nothing (lib/prompts/template-variables.ts).

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

/** What a stage that works on a lead sees: the lead, what the pipeline found, and the offer. */
export const LEAD_STAGE_VARIABLES = [...LEAD_VARIABLES, ...PIPELINE_VARIABLES, ...OFFER_VARIABLES] as const;
