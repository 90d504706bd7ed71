import { classifyReply } from "@/lib/engine/local/classify-reply";
import { draftEmail } from "@/lib/engine/local/draft";
import type { LeadFacts } from "@/lib/engine/local/lead-facts";
import { qualifyLead } from "@/lib/engine/local/qualify";
import { extractSignals, requestedKeys } from "@/lib/engine/local/signals";
import { writeFollowUp } from "@/lib/engine/local/follow-up";
import type { PromptStage } from "@/lib/lifecycle/stages";
import { offerVariables } from "@/lib/offer/offer-variables";
import { writeAnswer } from "@/lib/engine/local/answer";
import type { AnswerPromptInput, FollowUpInput, LeadInput, ReplyInput, RunnableVersion } from "@/lib/prompts/prompt-input";
import type { AnswerOutput, FollowUpOutput, StageOutput, TrackOutput } from "@/lib/prompts/stage-output";

// The built-in `local` engine (lib/engine/local/, deterministic, no network) answering one prompt
// version. It reads a version one of two ways:
// - in the contract (runs, replays, reply classification): from everything the stage knows, and
//   always with an output the stage accepts;
// - as written (evaluations): it sees only the lead fields and signals the user_template names and
//   answers with the keys of the template's `Return {...}` line (the keys it knows), so a version
//   that shows it less, or asks for another shape, scores differently. That answer is then read
//   against the stage's contract like a hosted model's (lib/prompts/run-prompt.ts).

const draft = (version: RunnableVersion, { facts, signals, context }: LeadInput) =>
  draftEmail({
    lead: facts,
    signals: signals ?? {},
    userTemplate: version.userTemplate,
    system: version.system,
    variables: offerVariables(context.offer, context.senderName),
    offer: context.offer,
  });

// follow_up sees the facts and offer fields its template names (and always the thread: the
// subject is step 1's); see lib/engine/local/follow-up.ts.
const followUp = (version: RunnableVersion, input: FollowUpInput) =>
  writeFollowUp({
    lead: input.facts,
    signals: input.signals ?? {},
    offer: input.context.offer,
    senderName: input.context.senderName,
    step: input.step,
    thread: input.thread,
    system: version.system,
    visible: named(version.userTemplate),
  });

// reply sees the facts and offer fields its template names, the thread and the reply; see lib/engine/local/answer.ts.
const answer = (version: RunnableVersion, input: AnswerPromptInput, asWritten: boolean) =>
  writeAnswer({
    lead: input.facts,
    offer: input.context.offer,
    senderName: input.context.senderName,
    thread: input.thread,
    reply: input.reply,
    system: version.system,
    visible: asWritten ? named(version.userTemplate) : null,
  });

type AnyInput = LeadInput | ReplyInput | FollowUpInput | AnswerPromptInput;

/** The engine's output in the stage's contract. */
export function localOutput(stage: PromptStage, version: RunnableVersion, input: AnyInput): StageOutput | FollowUpOutput | AnswerOutput | TrackOutput {
  if (stage === "track") return classifyReply(input as ReplyInput, version.system);
  if (stage === "follow_up") return { stage, ...followUp(version, input as FollowUpInput) };
  if (stage === "reply") return { stage, ...answer(version, input as AnswerPromptInput, false) };
  const lead = input as LeadInput;
  switch (stage) {
    case "extract_signals":
      return { stage, signals: extractSignals(lead.facts, version.userTemplate) };
    case "qualify":
      return { stage, ...qualifyLead(lead.facts, lead.signals ?? {}, lead.context.icp) };
    case "draft_email":
      return { stage, ...draft(version, lead) };
  }
}

const named = (template: string) => new Set([...template.matchAll(/\{\{\s*([a-z_]+)\s*\}\}/g)].map((match) => match[1]));

/** The lead as the version shows it: only the fields its template names. */
function visibleFacts(lead: LeadFacts, template: string): LeadFacts {
  const names = named(template);
  return Object.fromEntries(Object.entries(lead).filter(([key]) => names.has(key))) as LeadFacts;
}

/** Only the keys the template's `Return {...}` line asks for (all of them when it has none). */
function project(value: Record<string, unknown>, template: string): Record<string, unknown> {
  const keys = requestedKeys(template);
  return keys ? Object.fromEntries(keys.filter((key) => key in value).map((key) => [key, value[key]])) : value;
}

/** The engine's raw JSON answer to the version as written, not yet read against the contract. */
export function localAnswerAsWritten(stage: PromptStage, version: RunnableVersion, input: AnyInput): unknown {
  const template = version.userTemplate;
  if (stage === "track") return project({ ...classifyReply(input as ReplyInput, version.system) }, template);
  if (stage === "follow_up") return followUp(version, input as FollowUpInput);
  if (stage === "reply") return answer(version, input as AnswerPromptInput, true);
  const lead = input as LeadInput;
  switch (stage) {
    case "extract_signals":
      return extractSignals(visibleFacts(lead.facts, template), template);
    case "qualify": {
      const seesSignals = named(template).has("signals");
      return project({ ...qualifyLead(visibleFacts(lead.facts, template), seesSignals ? (lead.signals ?? {}) : {}, lead.context.icp) }, template);
    }
    case "draft_email": {
      const { subject, body } = draft(version, lead);
      return { subject, body };
    }
  }
}
