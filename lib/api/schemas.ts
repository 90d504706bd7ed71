import { z } from "zod";

export function pageOf<T extends z.ZodType>(item: T, id: string) {
  return z.object({ data: z.array(item), has_more: z.boolean(), next_cursor: z.string().nullable() }).meta({ id });
}

const ProblemFork = z.object({
  stage: z.string(),
  step: z.number().int().optional().meta({ description: "For a follow_up fork: the campaign step it runs at" }),
  name: z.string(),
  version: z.string(),
  source: z
    .enum(["run", "campaign", "pack", "label", "production", "experiment"])
    .meta({ description: "Which pin puts the fork in the prompt set (`experiment`: a variant of a new experiment)" }),
});
const ProblemRegression = z.object({
  stage: z.string(),
  name: z.string(),
  version: z.string(),
  pass_rate: z.number(),
  parent_pass_rate: z.number(),
  evaluation_id: z.string(),
  parent_evaluation_id: z.string(),
});

// RFC 9457 problem details. The extension members some codes add are listed here, so that a
// client (and an outside contract tester) reads every member an answer can carry.
export const ProblemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    code: z.string(),
    detail: z.string(),
    errors: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .meta({ description: "`validation_failed` (and some `invalid_request`): each field and what is wrong with it" }),
    request_id: z.string(),
    lead_id: z.string().optional().meta({ description: "`lead_exists`: the existing lead" }),
    forks: z.array(ProblemFork).optional().meta({ description: "`fork_not_approved`: the forks no reviewer approved" }),
    set_hash: z.string().optional().meta({ description: "`fork_not_approved` on a run: the resolved prompt set an approval must name" }),
    regressions: z.array(ProblemRegression).optional().meta({ description: "`eval_regression`: the forks that evaluate worse than their parent" }),
    needs_more_per_variant: z
      .number()
      .int()
      .optional()
      .meta({ description: "`experiment_underpowered`: sends still needed per variant (the larger of the minimum and what tells a 2-point difference)" }),
    min_per_variant: z.number().int().optional().meta({ description: "`experiment_underpowered`: the experiment's minimum of sends per variant" }),
    checks: z
      .array(z.object({ code: z.string(), severity: z.string(), message: z.string(), field: z.string(), span: z.array(z.number().int()).length(2).nullable() }))
      .optional()
      .meta({ description: "`draft_blocked`: the draft's block checks (contract §13)" }),
  })
  .meta({ id: "Problem" });

// Path parameters. A value of the wrong shape names no resource, so it is answered 404.
export const LeadIdParams = z.object({
  id: z
    .string()
    .regex(/^lead_[0-9a-z]{26}$/)
    .meta({ example: "lead_01jd0000000000000000000000" }),
});
export const SlugParams = z.object({
  slug: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{1,62}$/)
    .meta({ example: "saas-outbound" }),
});
export const PromptNameParams = z.object({
  name: z.string().max(130).meta({ description: "A prompt name; a fork is `<name>@<workspace>` (URL-encode the @)", example: "draft_email" }),
});
export const PromptVersionParams = PromptNameParams.extend({ semver: z.string().max(100).meta({ example: "v1.2.0" }) });
