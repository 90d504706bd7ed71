import { z } from "zod";

export function pageOf<T extends z.ZodType>(item: T, id: string) {
  return z.object({ data: z.array(item), has_more: z.boolean(), next_cursor: z.string().nullable() }).meta({ id });
}

export const ProblemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    code: z.string(),
    detail: z.string(),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    request_id: z.string(),
  })
  .meta({ id: "Problem" });

// Path parameters. A value of the wrong shape names no resource, so it is answered 404.
export const LeadIdParams = z.object({ id: z.string().regex(/^lead_[0-9a-z]{26}$/).meta({ example: "lead_01jd0000000000000000000000" }) });
export const SlugParams = z.object({ slug: z.string().regex(/^[a-z0-9][a-z0-9-]{1,62}$/).meta({ example: "saas-outbound" }) });
export const PromptNameParams = z.object({ name: z.string().max(130).meta({ description: "A prompt name; a fork is `<name>@<workspace>` (URL-encode the @)", example: "draft_email" }) });
export const PromptVersionParams = PromptNameParams.extend({ semver: z.string().max(100).meta({ example: "v1.2.0" }) });
