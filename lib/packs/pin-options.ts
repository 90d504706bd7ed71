import { db } from "@/lib/db";
import { workspaceLabels } from "@/lib/governance/prompt-set";
import { MACHINE_STAGES, type MachineStage } from "@/lib/packs/pins";
import { FOLLOW_UP, type PromptStage } from "@/lib/lifecycle/stages";
import { compareVersionsDesc } from "@/lib/prompts/version-label";
import { SYSTEM_WORKSPACE_SLUG } from "@/lib/slug";
import type { PinApproval, PinOption } from "@/lib/packs/pin-label";

export type { PinApproval, PinOption };

// What a stage may be pinned to (lib/packs/pins.ts): every version of the stage's production prompt
// and of the workspace's forks of it, with what the pickers show beside each: the system's production
// version, the workspace's default (its promotion label), and for a fork the live approvals of prompt
// sets that hold it (lib/governance). A run whose set holds a fork is refused (409 fork_not_approved)
// unless a reviewer approved that exact set: a campaign's, or a pack's pins (optionally with run pins).

type SnapshotEntry = { id?: string; source?: string };

/** Every live set approval of the workspace, by the version ids its set holds. */
async function approvalsByVersion(workspaceId: string): Promise<Map<string, PinApproval[]>> {
  const rows = await db().promptSetApproval.findMany({
    where: { workspaceId, revokedAt: null },
    orderBy: { id: "desc" },
    select: { scopeType: true, scopeId: true, versions: true },
  });
  const campaignIds = rows.filter((row) => row.scopeType === "campaign").map((row) => row.scopeId);
  const packIds = rows.filter((row) => row.scopeType === "pack").map((row) => row.scopeId);
  const [campaigns, packs] = await Promise.all([
    db().campaign.findMany({ where: { id: { in: campaignIds }, workspaceId }, select: { id: true, name: true } }),
    db().pack.findMany({ where: { id: { in: packIds } }, select: { id: true, slug: true, name: true } }),
  ]);
  const campaignById = new Map(campaigns.map((campaign) => [campaign.id, campaign]));
  const packById = new Map(packs.map((pack) => [pack.id, pack]));
  const byVersion = new Map<string, PinApproval[]>();
  for (const row of rows) {
    const campaign = row.scopeType === "campaign" ? campaignById.get(row.scopeId) : undefined;
    const pack = row.scopeType === "pack" ? packById.get(row.scopeId) : undefined;
    if (!campaign && !pack) continue; // its campaign or pack is gone
    for (const entry of Object.values(row.versions as Record<string, SnapshotEntry>)) {
      if (!entry?.id) continue;
      const approval: PinApproval = campaign
        ? { scope: "campaign", name: campaign.name, href: `/campaigns/${campaign.id}`, runPins: false }
        : { scope: "pack", name: pack!.name, href: `/packs/${pack!.slug}`, runPins: entry.source === "run" };
      const list = byVersion.get(entry.id) ?? [];
      if (!list.some((seen) => seen.href === approval.href && seen.runPins === approval.runPins)) list.push(approval);
      byVersion.set(entry.id, list);
    }
  }
  return byVersion;
}

/** The machine stages' options (pack, campaign and run pins); `follow_up` alone for a campaign's steps. */
export async function pinOptions(workspaceId: string): Promise<Record<MachineStage, PinOption[]>>;
export async function pinOptions(workspaceId: string, only: typeof FOLLOW_UP): Promise<Record<typeof FOLLOW_UP, PinOption[]>>;
export async function pinOptions(workspaceId: string, only?: typeof FOLLOW_UP): Promise<Partial<Record<PromptStage, PinOption[]>>> {
  const stages: readonly PromptStage[] = only ? [only] : MACHINE_STAGES;
  const [prompts, labels, approvals] = await Promise.all([
    db().prompt.findMany({
      where: { baseName: { in: [...stages] }, OR: [{ workspaceId }, { workspace: { slug: SYSTEM_WORKSPACE_SLUG } }] },
      include: { workspace: { select: { slug: true } }, versions: { select: { id: true, version: true, major: true, minor: true, patch: true, label: true } } },
      orderBy: { name: "asc" },
    }),
    workspaceLabels(workspaceId),
    approvalsByVersion(workspaceId),
  ]);
  const defaults = new Set(labels.values());
  const options = Object.fromEntries(stages.map((stage) => [stage, [] as PinOption[]])) as Record<PromptStage, PinOption[]>;
  for (const prompt of prompts) {
    const fork = prompt.workspace.slug !== SYSTEM_WORKSPACE_SLUG;
    const versions = [...prompt.versions].sort(compareVersionsDesc);
    const list = options[prompt.baseName as PromptStage];
    for (const version of versions) {
      list.push({
        name: prompt.name,
        version: version.version,
        fork,
        production: version.id === prompt.productionVersionId,
        default: defaults.has(version.id),
        approvals: fork ? (approvals.get(version.id) ?? []) : [],
        pin: `${prompt.name}:${version.version}`,
      });
    }
  }
  // Production prompt first, then forks.
  for (const stage of stages) options[stage].sort((a, b) => Number(a.fork) - Number(b.fork));
  return options;
}
