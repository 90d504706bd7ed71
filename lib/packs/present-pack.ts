import { z } from "zod";
import type { Pack } from "@/lib/generated/prisma/client.ts";
import { IcpRules } from "@/lib/icp/icp";
import { PromptRef } from "@/lib/prompts/present-version";
import { OfferOverride, presentOverride } from "@/lib/offer/offer";
import { SYSTEM_WORKSPACE_SLUG } from "@/lib/slug";

export const PackSchema = z
  .object({
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    owner: z.enum(["system", "workspace"]),
    parent: z.string().nullable(),
    stages: z.array(z.string()),
    prompts: z.record(z.string(), PromptRef).meta({ description: "The prompt version pinned for each machine stage" }),
    icp: IcpRules,
    offer: OfferOverride.meta({ description: "Overrides the workspace's offer field by field (null: none)" }),
    created_at: z.string(),
  })
  .meta({ id: "Pack" });
export type PackJson = z.infer<typeof PackSchema>;

export const PACK_INCLUDE = {
  workspace: { select: { slug: true } },
  parent: { select: { slug: true } },
  prompts: { include: { promptVersion: { select: { version: true, prompt: { select: { name: true } } } } } },
} as const;

export type PackWithContext = Pack & {
  workspace: { slug: string };
  parent: { slug: string } | null;
  prompts: { stage: string; promptVersion: { version: string; prompt: { name: string } } }[];
};

export function presentPack(pack: PackWithContext): PackJson {
  return {
    slug: pack.slug,
    name: pack.name,
    description: pack.description,
    owner: pack.workspace.slug === SYSTEM_WORKSPACE_SLUG ? "system" : "workspace",
    parent: pack.parent?.slug ?? null,
    stages: pack.stages,
    prompts: Object.fromEntries(pack.prompts.map((pin) => [pin.stage, { name: pin.promptVersion.prompt.name, version: pin.promptVersion.version }])),
    icp: IcpRules.parse(pack.icp),
    offer: presentOverride(pack.offer),
    created_at: pack.createdAt.toISOString(),
  };
}
