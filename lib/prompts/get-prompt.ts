import { z } from "zod";
import { db } from "@/lib/db";
import { NotFound } from "@/lib/errors";
import { findVisiblePrompt } from "@/lib/prompts/find-prompt";
import { PromptRef, PromptVersionSchema, presentVersion, VERSION_INCLUDE } from "@/lib/prompts/present-version";
import { workspaceDefault } from "@/lib/prompts/promote-prompt";
import { compareVersionsDesc } from "@/lib/prompts/version-label";

export const PromptSchema = PromptVersionSchema.extend({
  history: z.array(z.string()).meta({ description: "Every version label, newest first" }),
  workspace_default: PromptRef.extend({ promoted: z.boolean() }).meta({
    description:
      "What this workspace's runs resolve for the stage when nothing pins it: its promotion label (`promoted: true`) or the system's production version",
  }),
}).meta({ id: "Prompt" });

/** The production version (for a fork: its newest version) with the whole history. */
export async function getPrompt(workspaceId: string, name: string) {
  const prompt = await findVisiblePrompt(workspaceId, name);
  const versions = await db().promptVersion.findMany({ where: { promptId: prompt.id }, include: VERSION_INCLUDE });
  if (versions.length === 0) throw new NotFound("prompt");
  versions.sort(compareVersionsDesc);
  const current = versions.find((version) => version.id === prompt.productionVersionId) ?? versions[0];
  return {
    ...presentVersion(current),
    history: versions.map((version) => version.version),
    workspace_default: await workspaceDefault(workspaceId, prompt.baseName),
  };
}

export async function getPromptVersion(workspaceId: string, name: string, label: string) {
  const prompt = await findVisiblePrompt(workspaceId, name);
  const version = await db().promptVersion.findUnique({ where: { promptId_version: { promptId: prompt.id, version: label } }, include: VERSION_INCLUDE });
  if (!version) throw new NotFound("prompt version");
  return presentVersion(version);
}
