import { createHash } from "node:crypto";
import { db } from "@/lib/db";
import { FOLLOW_UP, REPLY, type PromptStage } from "@/lib/lifecycle/stages";
import { MACHINE_STAGES } from "@/lib/lifecycle/stages";
import { SYSTEM_WORKSPACE_SLUG } from "@/lib/slug";

// The prompt set a run really uses: for each machine stage, the first of
//   run pin > campaign pin > workspace pack pin > workspace promotion label > built-in pack pin / production.
// (A built-in pack pins the system's production versions; the workspace's promotion label comes
// before them, so promoting a version changes what runs of any pack resolve unless the workspace's
// own pack, a campaign or the run pins that stage.) One function for the gate, the worker and the pages.
//
// A campaign with steps (lib/campaigns/steps.ts) adds one entry per later step: `follow_up` at
// that step, the step's pinned version (source "campaign") or, for a step that says only
// "follow_up", the workspace's label or production. Those entries are keyed `follow_up#<step>` in the
// hash and the stored snapshot, so a fork on any step is gated like a fork on a stage. A campaign
// without steps keeps the set (and the hash) it had before steps existed.
//
// `reply` (answers to replies, contract §13) is pinned per stage like the batch stages (`pins.reply`):
// its entry is in every set, so a fork of it needs the set approved (see promptSetHash).

export type SetSource = "run" | "campaign" | "pack" | "label" | "production";
export type SetEntry = {
  stage: PromptStage;
  /** The campaign step a follow_up entry runs at; null for the stages a run carries every lead through. */
  step: number | null;
  versionId: string;
  name: string;
  version: string;
  source: SetSource;
  fork: boolean;
  createdById: string | null;
};
export type PromptSet = { entries: SetEntry[]; hash: string; forks: SetEntry[] };
export type SetInputs = { packId: string; campaignId?: string | null; runPins?: Map<string, string> };

/** How an entry is keyed in the hash and the stored snapshot: its stage, or `follow_up#<step>`. */
export const entryKey = (entry: Pick<SetEntry, "stage" | "step">) => (entry.step === null ? entry.stage : `${entry.stage}#${entry.step}`);

/**
 * sha256 over "key=version id" lines (stages in stage order, then steps in step order): the identity
 * an approval is recorded against. The `reply` entry (contract §13) counts unless it is the built-in
 * production version, so a set that answers with the shipped `reply` keeps the hash (and the
 * approvals) it had before answers existed, and a pinned or promoted `reply` is gated like any stage.
 */
export function promptSetHash(entries: Pick<SetEntry, "stage" | "step" | "versionId" | "source">[]): string {
  const lines = entries.filter((entry) => !(entry.stage === REPLY && entry.source === "production")).map((entry) => `${entryKey(entry)}=${entry.versionId}`);
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
      ? db().campaign.findFirst({
          where: { id: inputs.campaignId, workspaceId },
          select: {
            pins: { select: { stage: true, promptVersionId: true } },
            steps: { where: { step: { gt: 1 } }, select: { step: true, promptVersionId: true }, orderBy: { step: "asc" } },
          },
        })
      : null,
    workspaceLabels(workspaceId),
    db().prompt.findMany({
      where: { name: { in: [...MACHINE_STAGES, FOLLOW_UP] }, productionVersionId: { not: null } },
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

  // The campaign's later steps: a pinned version, else what the workspace resolves for follow_up.
  const followUpDefault: { id: string; source: SetSource } | null = labels.has(FOLLOW_UP)
    ? { id: labels.get(FOLLOW_UP)!, source: "label" }
    : (() => {
        const id = production.find((prompt) => prompt.name === FOLLOW_UP)?.productionVersionId;
        return id ? { id, source: "production" as const } : null;
      })();
  const steps = (campaign?.steps ?? []).flatMap((row) => {
    const choice = row.promptVersionId ? { id: row.promptVersionId, source: "campaign" as const } : followUpDefault;
    return choice ? [{ step: row.step, ...choice }] : [];
  });

  const versions = await db().promptVersion.findMany({
    where: { id: { in: [...[...chosen.values()].map((choice) => choice.id), ...steps.map((step) => step.id)] } },
    select: { id: true, version: true, createdById: true, prompt: { select: { name: true, workspace: { select: { slug: true } } } } },
  });
  const byId = new Map(versions.map((version) => [version.id, version]));
  const entry = (stage: PromptStage, step: number | null, id: string, source: SetSource): SetEntry => {
    const version = byId.get(id)!;
    // A version the workspace promoted went through this gate when it was promoted.
    const fork = version.prompt.workspace.slug !== SYSTEM_WORKSPACE_SLUG && source !== "label";
    return { stage, step, versionId: id, name: version.prompt.name, version: version.version, source, fork, createdById: version.createdById };
  };
  const entries: SetEntry[] = [
    ...MACHINE_STAGES.filter((stage) => chosen.has(stage)).map((stage) => entry(stage, null, chosen.get(stage)!.id, chosen.get(stage)!.source)),
    ...steps.map((step) => entry(FOLLOW_UP, step.step, step.id, step.source)),
  ];
  const hash = promptSetHash(entries);
  return { entries, hash, forks: entries.filter((entry) => entry.fork) };
}

/** {stage: {id, name, version, source}}: how a set is stored with an approval and shown. */
export function setSnapshot(set: PromptSet) {
  return Object.fromEntries(
    set.entries.map((entry) => [entryKey(entry), { id: entry.versionId, name: entry.name, version: entry.version, source: entry.source }]),
  );
}
