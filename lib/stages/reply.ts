import { readEmail, type CitedSentence, type StageDefinition } from "@/lib/stages/definition";
import { LEAD_STAGE_VARIABLES } from "@/lib/stages/variables";

// reply (contract §13): an answer to a lead's reply, an email in the reply's thread (the same contract as draft_email's).

export type AnswerOutput = { stage: "reply"; subject: string; body: string; cited?: CitedSentence[] };

/** reply sees the lead, the offer, the thread so far and the reply it answers. */
export const ANSWER_VARIABLES = ["thread", "first_subject", "reply_from", "reply_subject", "reply_text", "classification"] as const;

export const reply: StageDefinition<"reply", AnswerOutput> = {
  stage: "reply",
  variables: [...LEAD_STAGE_VARIABLES, ...ANSWER_VARIABLES],
  read(value) {
    const email = readEmail(value);
    return email && { stage: "reply", ...email };
  },
};
