import { renderTemplate, signalSentence } from "@/lib/engine/local/draft";
import type { LeadFacts } from "@/lib/engine/local/lead-facts";
import { openingLine } from "@/lib/engine/local/opener";
import { pitch } from "@/lib/engine/local/pitch";
import type { Signals } from "@/lib/engine/local/signals";
import type { PromptVersion } from "@/lib/generated/prisma/client.ts";
import type { ThreadMessage } from "@/lib/engine/local/follow-up";
import type { AnswerReply } from "@/lib/engine/local/answer";
import type { BatchStage } from "@/lib/lifecycle/stages";
import type { Offer } from "@/lib/offer/offer";
import { offerVariables } from "@/lib/offer/offer-variables";
import type { IcpRules } from "@/lib/icp/icp";
import { listSources, sourceKey } from "@/lib/review-checks";

// What a prompt version runs on, and the messages a hosted model is sent for it: the version's
// system text and its user_template rendered with the input's variables (contract §6: the lead's
// fields, `signals`, `icp`, the offer's variables, `signal_sentence`, `opening_line`; for track the reply's
// `from`, `subject` and `text`).

/** The parts of a prompt version that running it reads. */
export type RunnableVersion = Pick<PromptVersion, "version" | "modelDefault" | "system" | "userTemplate"> & { prompt: { name: string } };

/** What a batch stage knows besides the lead: the pack's ICP, the offer and who signs. */
export type LeadContext = { icp: IcpRules; offer: Offer; senderName: string };
/** A batch stage's input: one lead, the signals found so far, and its context. */
export type LeadInput = { facts: LeadFacts; signals: Signals | null; context: LeadContext };
/** follow_up's input: the lead as a batch stage sees it, the step being written and the messages already sent (oldest first). */
export type FollowUpInput = LeadInput & { step: number; thread: ThreadMessage[] };
/** reply's input (contract §13): the lead, what we sent it (oldest first) and the reply being answered, with its class when known. */
export type AnswerPromptInput = LeadInput & { thread: ThreadMessage[]; reply: AnswerReply };
/** track's input: one reply (`receivedAt` anchors the year of an out-of-office return date). */
/** A reply to classify; `autoSubmitted` is its Auto-Submitted header (RFC 3834) when it had one. */
export type ReplyInput = { from: string; subject: string; text: string; receivedAt?: Date; autoSubmitted?: string | null };

export type Messages = { system: string; user: string };

/** What every lead template is rendered with: the lead's fields (not its raw CSV attributes), `signals`, `icp`, the offer, `signal_sentence`. */
function leadVariables({ facts, signals, context }: LeadInput) {
  const { attributes: _attributes, ...fields } = facts;
  return {
    ...fields,
    signals: JSON.stringify(signals ?? {}),
    icp: JSON.stringify(context.icp),
    ...offerVariables(context.offer, context.senderName),
    signal_sentence: signalSentence(facts, signals ?? {}),
  };
}

/**
 * What a draft stage's answer must be (contract §13): the email, and each of its sentences with the
 * keys of the sources it rests on, chosen from this input's own (lib/review-checks/cited.ts reads
 * and verifies them; an answer without them is still valid).
 */
export function draftAnswerFormat(input: LeadInput, thread: ThreadMessage[] = []): string {
  const keys = listSources({
    lead: input.facts as Record<string, unknown>,
    signals: input.signals as Record<string, unknown> | null,
    offer: input.context.offer,
    senderName: input.context.senderName,
    thread,
  }).map(sourceKey);
  return (
    'Answer with JSON only: {"subject": string, "body": string, "evidence": [{"sentence": string, "sources": [string]}]}.\n' +
    `In "evidence", give each sentence of the subject and the body as you wrote it, with the keys of the facts it rests on, from: ${[...new Set(keys)].join(", ")}. ` +
    "Give [] for a sentence that rests on none of them."
  );
}

export function leadMessages(stage: BatchStage, version: RunnableVersion, input: LeadInput): Messages {
  const user = renderTemplate(version.userTemplate, {
    ...leadVariables(input),
    opening_line: /\{\{\s*opening_line\s*\}\}/.test(version.userTemplate) ? openingLine(input.facts, input.signals ?? {}) : "",
    ...(/\{\{\s*(subject_line|value_line|proof_line)\s*\}\}/.test(version.userTemplate) ? pitch(input.facts, input.signals ?? {}, input.context.offer) : {}),
  });
  const system = stage === "draft_email" ? `${version.system}\n\n${draftAnswerFormat(input)}` : version.system;
  return { system, user };
}

/** The thread as a follow_up template's {{thread}} shows it: each earlier message with its step. */
export function threadText(thread: ThreadMessage[]): string {
  return thread.map((message, index) => `--- Step ${index + 1}\nSubject: ${message.subject}\n\n${message.body}`).join("\n\n");
}

export function followUpMessages(version: RunnableVersion, input: FollowUpInput): Messages {
  const user = renderTemplate(version.userTemplate, {
    ...leadVariables(input),
    step: String(input.step),
    thread: threadText(input.thread),
    first_subject: input.thread[0]?.subject ?? "",
  });
  return { system: `${version.system}\n\n${draftAnswerFormat(input, input.thread)}`, user };
}

export function answerMessages(version: RunnableVersion, input: AnswerPromptInput): Messages {
  const user = renderTemplate(version.userTemplate, {
    ...leadVariables(input),
    thread: threadText(input.thread),
    first_subject: input.thread[0]?.subject ?? "",
    reply_from: input.reply.from ?? "",
    reply_subject: input.reply.subject,
    reply_text: input.reply.text,
    classification: input.reply.classification ?? "",
  });
  // The reply is the thread's last message as the answer's review reads it (lib/replies/answer-reply.ts).
  const thread = [...input.thread, { subject: input.reply.subject, body: input.reply.text }];
  return { system: `${version.system}\n\n${draftAnswerFormat(input, thread)}`, user };
}

export function replyMessages(version: RunnableVersion, reply: ReplyInput): Messages {
  return { system: version.system, user: renderTemplate(version.userTemplate, { from: reply.from, subject: reply.subject, text: reply.text }) };
}
