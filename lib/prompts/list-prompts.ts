import { db } from "@/lib/db";
import { compareVersionsDesc } from "@/lib/prompts/version-label";
import { SYSTEM_WORKSPACE_SLUG } from "@/lib/slug";

// The prompts a workspace sees, for the web app's Prompts page: every production prompt and the
// workspace's own forks. A handful per stage, so one answer without paging.

export type PromptListItem = {
  name: string;
  base_name: string;
  workspace: string | null;
  production: string | null;
  latest: string;
  versions: number;
  latest_shipped_at: string;
};

export async function listPrompts(workspaceId: string): Promise<{ data: PromptListItem[] }> {
  const prompts = await db().prompt.findMany({
    where: { OR: [{ workspaceId }, { workspace: { slug: SYSTEM_WORKSPACE_SLUG } }] },
    include: {
      workspace: { select: { slug: true } },
      productionVersion: { select: { version: true } },
      versions: { select: { version: true, major: true, minor: true, patch: true, label: true, shippedAt: true } },
    },
    orderBy: { name: "asc" },
  });
  const data = prompts
    .filter((prompt) => prompt.versions.length > 0)
    .map((prompt) => {
      const versions = [...prompt.versions].sort(compareVersionsDesc);
      return {
        name: prompt.name,
        base_name: prompt.baseName,
        workspace: prompt.workspace.slug === SYSTEM_WORKSPACE_SLUG ? null : prompt.workspace.slug,
        production: prompt.productionVersion?.version ?? null,
        latest: versions[0].version,
        versions: versions.length,
        latest_shipped_at: versions.reduce((max, version) => (version.shippedAt > max ? version.shippedAt : max), versions[0].shippedAt).toISOString(),
      };
    });
  // Each production prompt, then its forks, stage by stage.
  data.sort((a, b) => a.base_name.localeCompare(b.base_name) || (a.workspace === null ? -1 : b.workspace === null ? 1 : a.name.localeCompare(b.name)));
  return { data };
}
