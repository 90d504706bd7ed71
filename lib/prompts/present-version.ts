import { z } from "zod";
import type { PromptVersion } from "@/lib/generated/prisma/client.ts";
import { SYSTEM_WORKSPACE_SLUG } from "@/lib/slug";

export const PromptRef = z.object({ name: z.string(), version: z.string() }).meta({ id: "PromptRef" });

export const PromptVersionSchema = z
  .object({
    name: z.string().meta({ example: "draft_email" }),
    version: z.string().meta({ example: "v1.2.0" }),
    model_default: z.string().meta({ example: "local/leadpipe-2" }),
    system: z.string(),
    user_template: z.string(),
    evals_ref: z.string(),
    shipped_at: z.string(),
    diff_from_previous: z.string().meta({ description: "Unified diff against the previous version (for a fork: its parent)" }),
    parent: PromptRef.nullable(),
    workspace: z.string().nullable().meta({ description: "Owning workspace slug; null for production prompts" }),
  })
  .meta({ id: "PromptVersion" });
export type PromptVersionJson = z.infer<typeof PromptVersionSchema>;

export type VersionWithContext = PromptVersion & {
  prompt: { name: string; workspace: { slug: string } };
  parent: (PromptVersion & { prompt: { name: string } }) | null;
};

export const VERSION_INCLUDE = {
  prompt: { select: { name: true, workspace: { select: { slug: true } } } },
  parent: { include: { prompt: { select: { name: true } } } },
} as const;

export function presentVersion(version: VersionWithContext): PromptVersionJson {
  const owner = version.prompt.workspace.slug;
  return {
    name: version.prompt.name,
    version: version.version,
    model_default: version.modelDefault,
    system: version.system,
    user_template: version.userTemplate,
    evals_ref: version.evalsRef,
    shipped_at: version.shippedAt.toISOString(),
    diff_from_previous: version.diffFromPrevious,
    parent: version.parent ? { name: version.parent.prompt.name, version: version.parent.version } : null,
    workspace: owner === SYSTEM_WORKSPACE_SLUG ? null : owner,
  };
}
