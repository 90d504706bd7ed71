import { db } from "@/lib/db";
import { NotFound } from "@/lib/errors";
import { findVisiblePrompt } from "@/lib/prompts/find-prompt";
import { presentVersion, VERSION_INCLUDE, type PromptVersionJson } from "@/lib/prompts/present-version";
import { approvedVersionIds, promoteRefusal, workspaceDefault } from "@/lib/prompts/promote-prompt";
import { compareVersionsDesc } from "@/lib/prompts/version-label";
import { SYSTEM_WORKSPACE_SLUG } from "@/lib/slug";

// A prompt's whole history for the web app's prompt page: every version with its texts (so any two
// can be compared in the browser), which one is production, and for a fork version the texts of its
// parent (so the fork can be shown against it).

export type PromptText = { model_default: string; system: string; user_template: string };
/** `promote_blocked_reason`: why Promote cannot succeed for this version (promoteRefusal), or null. */
export type HistoryVersion = PromptVersionJson & { production: boolean; parent_text: PromptText | null; promote_blocked_reason: string | null };
export type WorkspaceDefault = { name: string; version: string; promoted: boolean };
export type PromptHistory = {
  name: string;
  base_name: string;
  workspace: string | null;
  production: string | null;
  versions: HistoryVersion[];
  /** What the workspace's runs resolve for this stage when nothing pins it (its promotion label, else production). */
  workspace_default: WorkspaceDefault;
};

export async function getPromptHistory(workspaceId: string, name: string): Promise<PromptHistory> {
  const prompt = await findVisiblePrompt(workspaceId, name);
  const versions = await db().promptVersion.findMany({ where: { promptId: prompt.id }, include: VERSION_INCLUDE });
  if (versions.length === 0) throw new NotFound("prompt");
  versions.sort(compareVersionsDesc);
  const production = versions.find((version) => version.id === prompt.productionVersionId) ?? null;
  const builtIn = prompt.workspace.slug === SYSTEM_WORKSPACE_SLUG;
  const approved = builtIn ? new Set<string>() : await approvedVersionIds(workspaceId);
  return {
    name: prompt.name,
    base_name: prompt.baseName,
    workspace: prompt.workspace.slug === SYSTEM_WORKSPACE_SLUG ? null : prompt.workspace.slug,
    production: production?.version ?? null,
    workspace_default: await workspaceDefault(workspaceId, prompt.baseName),
    versions: versions.map((version) => ({
      ...presentVersion(version),
      production: version.id === production?.id,
      promote_blocked_reason: promoteRefusal({ id: version.id, name: prompt.name, version: version.version, builtIn }, approved),
      parent_text: version.parent
        ? { model_default: version.parent.modelDefault, system: version.parent.system, user_template: version.parent.userTemplate }
        : null,
    })),
  };
}

/** One version's page: the prompt's history (for the previous version and the parent), or a 404. */
export async function getPromptVersionPage(workspaceId: string, name: string, version: string): Promise<PromptHistory> {
  const history = await getPromptHistory(workspaceId, name);
  if (!history.versions.some((candidate) => candidate.version === version)) throw new NotFound("prompt version");
  return history;
}
