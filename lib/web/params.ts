import { z } from "zod";
import { PROMPT_NAME } from "@/lib/prompts/find-prompt";
import { SLUG_PATTERN } from "@/lib/slug";

// Path parameters of the web app's route handlers and pages. Next hands them over still
// URL-encoded (a fork's "@" arrives as %40); a value of the wrong shape names nothing (404).

export function decodeSegment(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export const PromptNameParam = z.object({ name: z.string().max(200).transform(decodeSegment).pipe(z.string().regex(PROMPT_NAME)) });
export const PackSlugParam = z.object({ slug: z.string().regex(SLUG_PATTERN) });
export const CampaignIdParam = z.object({ id: z.string().regex(/^cmp_[0-9a-z]{26}$/) });
export const ExperimentIdParam = z.object({ id: z.string().regex(/^exp_[0-9a-z]{26}$/) });
/** /campaigns/{id}/experiments/{experiment_id} */
export const CampaignExperimentParam = CampaignIdParam.extend({ experiment_id: z.string().regex(/^exp_[0-9a-z]{26}$/) });
export const PromptVersionParam = PromptNameParam.extend({
  semver: z
    .string()
    .max(100)
    .transform(decodeSegment)
    .pipe(z.string().regex(/^v\d+\.\d+\.\d+(-[a-z0-9.-]+)?$/)),
});
export const EvalSetIdParam = z.object({ id: z.string().regex(/^evs_[0-9a-z]{26}$/) });
export const EvalCaseIdParam = EvalSetIdParam.extend({ caseId: z.string().regex(/^evc_[0-9a-z]{26}$/) });
export const EvaluationIdParam = z.object({ id: z.string().regex(/^evl_[0-9a-z]{26}$/) });
export const ReplayIdParam = z.object({ id: z.string().regex(/^rpy_[0-9a-z]{26}$/) });
export const SessionIdParam = z.object({ id: z.string().regex(/^ses_[0-9a-z]{26}$/) });
