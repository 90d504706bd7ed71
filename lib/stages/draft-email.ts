import { readEmail, type CitedSentence, type StageDefinition } from "@/lib/stages/definition";
import { LEAD_STAGE_VARIABLES } from "@/lib/stages/variables";

// draft_email: a run's first email to a lead (subject and body, with the evidence it cites).

export type DraftEmailOutput = { stage: "draft_email"; subject: string; body: string; written?: { text: string; names: string[] }[]; cited?: CitedSentence[] };

export const draftEmail: StageDefinition<"draft_email", DraftEmailOutput> = {
  stage: "draft_email",
  variables: LEAD_STAGE_VARIABLES,
  read(value) {
    const email = readEmail(value);
    return email && { stage: "draft_email", ...email };
  },
};
