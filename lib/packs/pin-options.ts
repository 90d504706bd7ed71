import { db } from "@/lib/db";
import { MACHINE_STAGES, type MachineStage } from "@/lib/packs/pins";
import { compareVersionsDesc } from "@/lib/prompts/version-label";
import { SYSTEM_WORKSPACE_SLUG } from "@/lib/workspaces/slug";

// What a stage may be pinned to (lib/packs/pins.ts): every version of the stage's production prompt
// and of the workspace's forks of it. The web app offers these in its pin pickers.

export type PinOption = { name: string; version: string; fork: boolean; production: boolean; pin: string };

export async function pinOptions(workspaceId: string): Promise<Record<MachineStage, PinOption[]>> {
  const prompts = await db().prompt.findMany({
    where: { baseName: { in: [...MACHINE_STAGES] }, OR: [{ workspaceId }, { workspace: { slug: SYSTEM_WORKSPACE_SLUG } }] },
    include: { workspace: { select: { slug: true } }, versions: { select: { id: true, version: true, major: true, minor: true, patch: true, label: true } } },
    orderBy: { name: "asc" },
  });
  const options = Object.fromEntries(MACHINE_STAGES.map((stage) => [stage, [] as PinOption[]])) as Record<MachineStage, PinOption[]>;
  for (const prompt of prompts) {
    const fork = prompt.workspace.slug !== SYSTEM_WORKSPACE_SLUG;
    const versions = [...prompt.versions].sort(compareVersionsDesc);
    const list = options[prompt.baseName as MachineStage];
    for (const version of versions) {
      list.push({
        name: prompt.name,
        version: version.version,
        fork,
        production: version.id === prompt.productionVersionId,
        pin: `${prompt.name}:${version.version}`,
      });
    }
  }
  // Production prompt first, then forks.
  for (const stage of MACHINE_STAGES) options[stage].sort((a, b) => Number(a.fork) - Number(b.fork));
  return options;
}
