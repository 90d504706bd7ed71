import { z } from "zod";
import { IcpRules } from "@/lib/icp/icp";
import { PROMPT_STAGES } from "@/lib/lifecycle/stages";

/** The review checks (lib/review-checks) an evaluation fails a draft on, unless its case allows them. */
export const EVAL_REVIEW_CODES = ["unsupported_claim", "spam_phrase"] as const;

// What an evaluation case holds (docs/evals.md): the input a stage sees — a lead's fields, its
// signals, the offer where relevant, a reply for `track` — and what the stage must produce.
// The set's `context` holds what its cases share (the ICP that `qualify` scores against, the offer).

const text = (max: number) => z.string().max(max);

export const CaseLead = z
  .strictObject({
    first_name: text(200).nullable().optional(),
    last_name: text(200).nullable().optional(),
    email: text(320).nullable().optional(),
    company: text(300).nullable().optional(),
    title: text(300).nullable().optional(),
    website: text(500).nullable().optional(),
    domain: text(300).nullable().optional(),
    country: text(2).nullable().optional(),
    employees: z.number().int().min(0).max(10_000_000).nullable().optional(),
    industry: text(300).nullable().optional(),
    notes: text(5000).nullable().optional(),
    attributes: z
      .record(text(100), text(2000))
      .refine((value) => Object.keys(value).length <= 50, "at most 50 attributes")
      .nullable()
      .optional()
      .meta({ description: "CSV columns LeadPipe does not map, such as a recent event" }),
  })
  .meta({ id: "EvalCaseLead" });

const CaseOffer = z
  .strictObject({
    product: text(200).optional(),
    audience: text(300).optional(),
    value_propositions: z.array(text(300)).max(10).optional(),
    proof_points: z.array(text(300)).max(10).optional(),
    call_to_action: text(300).optional(),
    sender_name: text(120).optional(),
    sender_title: text(120).optional(),
    signature: text(1000).optional(),
  })
  .meta({ id: "EvalCaseOffer" });

export const CaseInput = z
  .strictObject({
    lead: CaseLead.default({}),
    signals: z.record(z.string().max(100), z.unknown()).optional().meta({ description: "extract_signals' output the later stages see" }),
    offer: CaseOffer.optional().meta({ description: "Overrides the set's offer for this case" }),
    reply: z
      .strictObject({
        from: text(320).default(""),
        subject: text(500).default(""),
        text: text(20_000),
        classification: text(50).optional().meta({ description: "reply: the reply's class, as track gave it (the local engine reads it when absent)" }),
      })
      .optional()
      .meta({ description: "track: the reply to classify; reply: the reply to answer" }),
    step: z.number().int().min(2).max(8).optional().meta({ description: "follow_up: the step being written (2 and later)" }),
    thread: z
      .array(z.strictObject({ subject: text(500), body: text(20_000) }))
      .min(1)
      .max(7)
      .optional()
      .meta({ description: "follow_up and reply: the messages already sent to the lead, step 1 first" }),
  })
  .meta({ id: "EvalCaseInput" });
export type CaseInput = z.infer<typeof CaseInput>;

export const DraftChecks = z
  .strictObject({
    must_mention: z.array(text(200).min(1)).max(20).optional().meta({ description: "Phrases the draft must contain (case-insensitive)" }),
    forbidden: z.array(text(200).min(1)).max(50).optional().meta({ description: "Phrases the draft must not contain" }),
    opening_mentions: z
      .array(text(200).min(1))
      .max(20)
      .optional()
      .meta({ description: "Phrases the opening line (the body's first line after the greeting) must contain (case-insensitive)" }),
    max_words: z.number().int().min(1).max(2000).optional(),
    no_invented_facts: z.boolean().optional().meta({ description: "No number or capitalised name that is not in the input, the offer or the prompt" }),
    allow_checks: z.array(z.enum(EVAL_REVIEW_CODES)).max(EVAL_REVIEW_CODES.length).optional().meta({
      description:
        "Every draft is read by the review checks (contract §13) and fails on an `unsupported_claim` or `spam_phrase` check; the codes listed here are let through for this case",
    }),
  })
  .meta({ id: "EvalDraftChecks" });
export type DraftChecks = z.infer<typeof DraftChecks>;

export const CaseExpect = z
  .strictObject({
    signals: z
      .record(z.string().max(100), z.union([z.string().max(200), z.number(), z.array(z.string().max(200)).max(20)]))
      .optional()
      .meta({ description: "extract_signals: each key must come back with this value (a list: these items among others)" }),
    qualified: z.boolean().optional().meta({ description: "qualify: the verdict" }),
    classification: text(50).optional().meta({ description: "track: the reply's category" }),
    draft: DraftChecks.optional().meta({ description: "draft_email, follow_up and reply: checks on the email" }),
  })
  .meta({ id: "EvalCaseExpect" });
export type CaseExpect = z.infer<typeof CaseExpect>;

export const SetContext = z
  .strictObject({ icp: IcpRules.optional(), offer: CaseOffer.optional(), sender_name: text(120).optional() })
  .meta({ id: "EvalSetContext" });
export type SetContext = z.infer<typeof SetContext>;

export const EvalStage = z.enum(PROMPT_STAGES);
export type EvalStage = z.infer<typeof EvalStage>;

/** What a case must say for its stage, as field errors (empty when it is complete). */
export function caseProblems(stage: EvalStage, input: CaseInput, expect: CaseExpect): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  if (stage === "extract_signals" && !expect.signals) problems.push({ path: "expect.signals", message: "an extract_signals case needs expected signals" });
  if (stage === "qualify" && expect.qualified === undefined) problems.push({ path: "expect.qualified", message: "a qualify case needs the expected verdict" });
  if (stage === "draft_email" && !expect.draft) problems.push({ path: "expect.draft", message: "a draft_email case needs draft checks" });
  if (stage === "follow_up") {
    if (!expect.draft) problems.push({ path: "expect.draft", message: "a follow_up case needs draft checks" });
    if (input.step === undefined) problems.push({ path: "input.step", message: "a follow_up case needs the step (2 and later)" });
    if (!input.thread?.length) problems.push({ path: "input.thread", message: "a follow_up case needs the thread so far (at least step 1's email)" });
  }
  if (stage === "reply") {
    if (!expect.draft) problems.push({ path: "expect.draft", message: "a reply case needs draft checks" });
    if (!input.reply) problems.push({ path: "input.reply", message: "a reply case needs the reply to answer" });
  }
  if (stage === "track") {
    if (!expect.classification) problems.push({ path: "expect.classification", message: "a track case needs the expected classification" });
    if (!input.reply) problems.push({ path: "input.reply", message: "a track case needs the reply" });
  }
  return problems;
}
