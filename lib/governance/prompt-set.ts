import { createHash } from "node:crypto";
import { db } from "@/lib/db";
import { MACHINE_STAGES, type MachineStage } from "@/lib/packs/pins";
import { SYSTEM_WORKSPACE_SLUG } from "@/lib/workspaces/slug";

// The prompt set a run really uses: for each machine stage, the first of
//   run pin > campaign pin > workspace pack pin > workspace promotion label > built-in pack pin / production.
// (A built-in pack pins the system's production versions; the workspace's promotion label comes
// before them, so promoting a version changes what runs of any pack resolve unless the workspace's
// own pack, a campaign or the run pins that stage.) One function for the gate, the worker and the pages.

export type SetSource = "run" | "campaign" | "pack" | "label" | "production";
export type SetEntry = { stage: MachineStage; versionId: string; name: string; version: string; source: SetSource; fork: boolean; createdById: string | null };
export type PromptSet = { entries: SetEntry[]; hash: string; forks: SetEntry[] };
export type SetInputs = { packId: string; campaignId?: string | null; runPins?: Map<string, string> };

/** sha256 over "stage=version id" lines in stage order: the identity an approval is recorded against. */
export function promptSetHash(ids: Map<string, string>): string {
  const lines = MACHINE_STAGES.filter((stage) => ids.has(stage)).map((stage) => `${stage}=${ids.get(stage)}`);
  return createHash("sha256").update(lines.join("\n")).digest("hex");
}

/** The workspace's promotion label per prompt base name: the newest promotion not rolled back. */
export async function workspaceLabels(workspaceId: string): Promise<Map<string, string>> {
  const rows = await db().promptPromotion.findMany({
    where: { workspaceId, rolledBackAt: null },
    orderBy: { id: "desc" },
    select: { baseName: true, promptVersionId: true },
  });
  const labels = new Map<string, string>();
  for (const row of rows) if (!labels.has(row.baseName)) labels.set(row.baseName, row.promptVersionId);
  return labels;
}

export async function resolvePromptSet(workspaceId: string, inputs: SetInputs): Promise<PromptSet> {
  const [pack, campaign, labels, production] = await Promise.all([
    db().pack.findUniqueOrThrow({ where: { id: inputs.packId }, select: { workspaceId: true, prompts: { select: { stage: true, promptVersionId: true } } } }),
    inputs.campaignId
      ? db().campaign.findFirst({ where: { id: inputs.campaignId, workspaceId }, select: { pins: { select: { stage: true, promptVersionId: true } } } })
      : null,
    workspaceLabels(workspaceId),
    db().prompt.findMany({
      where: { name: { in: [...MACHINE_STAGES] }, productionVersionId: { not: null } },
      select: { name: true, productionVersionId: true },
    }),
  ]);
  const chosen = new Map<string, { id: string; source: SetSource }>();
  const layer = (pins: Iterable<[string, string]>, source: SetSource) => {
    for (const [stage, id] of pins) if ((MACHINE_STAGES as readonly string[]).includes(stage)) chosen.set(stage, { id, source });
  };
  const packPins = pack.prompts.map((pin) => [pin.stage, pin.promptVersionId] as [string, string]);
  const ownPack = pack.workspaceId === workspaceId;
  layer(
    production.map((prompt) => [prompt.name, prompt.productionVersionId!]),
    "production",
  );
  if (!ownPack) layer(packPins, "production");
  layer(labels, "label");
  if (ownPack) layer(packPins, "pack");
  layer(
    (campaign?.pins ?? []).map((pin) => [pin.stage, pin.promptVersionId]),
    "campaign",
  );
  layer(inputs.runPins ?? [], "run");

  const versions = await db().promptVersion.findMany({
    where: { id: { in: [...chosen.values()].map((choice) => choice.id) } },
    select: { id: true, version: true, createdById: true, prompt: { select: { name: true, workspace: { select: { slug: true } } } } },
  });
  const byId = new Map(versions.map((version) => [version.id, version]));
  const entries: SetEntry[] = MACHINE_STAGES.filter((stage) => chosen.has(stage)).map((stage) => {
    const { id, source } = chosen.get(stage)!;
    const version = byId.get(id)!;
    // A version the workspace promoted went through this gate when it was promoted.
    const fork = version.prompt.workspace.slug !== SYSTEM_WORKSPACE_SLUG && source !== "label";
    return { stage, versionId: id, name: version.prompt.name, version: version.version, source, fork, createdById: version.createdById };
  });
  const hash = promptSetHash(new Map(entries.map((entry) => [entry.stage, entry.versionId])));
  return { entries, hash, forks: entries.filter((entry) => entry.fork) };
}

/** {stage: {id, name, version, source}}: how a set is stored with an approval and shown. */
export function setSnapshot(set: PromptSet) {
  return Object.fromEntries(set.entries.map((entry) => [entry.stage, { id: entry.versionId, name: entry.name, version: entry.version, source: entry.source }]));
}
