import { readEmail, type CitedSentence, type StageDefinition } from "@/lib/stages/definition";
import { LEAD_STAGE_VARIABLES } from "@/lib/stages/variables";

// follow_up: a campaign's later step, an email in the lead's thread (the same contract as draft_email's).

export type FollowUpOutput = { stage: "follow_up"; subject: string; body: string; cited?: CitedSentence[] };

/** follow_up also sees its step number, the thread so far (earlier sent messages) and step 1's subject. */
export const FOLLOW_UP_VARIABLES = ["step", "thread", "first_subject"] as const;

export const followUp: StageDefinition<"follow_up", FollowUpOutput> = {
  stage: "follow_up",
  variables: [...LEAD_STAGE_VARIABLES, ...FOLLOW_UP_VARIABLES],
  read(value) {
    const email = readEmail(value);
    return email && { stage: "follow_up", ...email };
  },
};
