import { z } from "zod";
import { db } from "@/lib/db";
import { decodeCursor, ListQuery, toPage } from "@/lib/api/pagination";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { Conflict, NotFound, ValidationFailed } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { findVisiblePack } from "@/lib/packs/find-pack";
import { resolvePins } from "@/lib/packs/pins";
import { OfferOverride, overrideToStore, presentOverride } from "@/lib/offer/offer";
import { PromptRef } from "@/lib/prompts/present-version";
import { SYSTEM_WORKSPACE_SLUG } from "@/lib/workspaces/slug";

// A campaign groups runs of one pack under shared pins. One that pins a workspace fork must be
// approved by a reviewer, who sees each fork's diff, before a run can use it; changing its pins
// takes the approval away again.

const Pins = z.record(z.string(), z.string().max(200));
export const CreateCampaignBody = z.strictObject({ name: z.string().trim().min(1).max(200), pack: z.string().max(63), pins: Pins.optional(), offer: OfferOverride.optional() }).meta({ id: "CreateCampaign" });
export const UpdateCampaignBody = z.strictObject({ name: z.string().trim().min(1).max(200).optional(), pins: Pins.optional(), offer: OfferOverride.optional() }).meta({ id: "UpdateCampaign" });
export const CampaignsQuery = ListQuery;

export const CampaignSchema = z
  .object({
    id: z.string(), name: z.string(), pack: z.string(), status: z.enum(["draft", "approved"]), needs_approval: z.boolean(),
    pins: z.record(z.string(), PromptRef),
    forks: z.array(z.object({ stage: z.string(), name: z.string(), version: z.string(), parent: PromptRef.nullable(), diff: z.string() })),
    offer: OfferOverride.meta({ description: "Overrides the pack's and workspace's offer field by field (null: none)" }),
    approved_by: z.string().nullable(), approved_at: z.string().nullable(), created_at: z.string(),
  })
  .meta({ id: "Campaign" });

const INCLUDE = {
  pack: { select: { slug: true } },
  pins: { include: { promptVersion: { include: { prompt: { include: { workspace: { select: { slug: true } } } }, parent: { include: { prompt: { select: { name: true } } } } } } } },
} as const;

type Loaded = NonNullable<Awaited<ReturnType<typeof load>>>;

function load(workspaceId: string, id: string) {
  return db().campaign.findFirst({ where: { id, workspaceId }, include: INCLUDE });
}

function present(campaign: Loaded) {
  const forks = campaign.pins
    .filter((pin) => pin.promptVersion.prompt.workspace.slug !== SYSTEM_WORKSPACE_SLUG)
    .map((pin) => ({
      stage: pin.stage, name: pin.promptVersion.prompt.name, version: pin.promptVersion.version,
      parent: pin.promptVersion.parent ? { name: pin.promptVersion.parent.prompt.name, version: pin.promptVersion.parent.version } : null,
      diff: pin.promptVersion.diffFromPrevious,
    }));
  return {
    id: campaign.id, name: campaign.name, pack: campaign.pack.slug, status: campaign.status as "draft" | "approved", needs_approval: forks.length > 0,
    pins: Object.fromEntries(campaign.pins.map((pin) => [pin.stage, { name: pin.promptVersion.prompt.name, version: pin.promptVersion.version }])),
    forks, offer: presentOverride(campaign.offer), approved_by: campaign.approvedById, approved_at: campaign.approvedAt?.toISOString() ?? null, created_at: campaign.createdAt.toISOString(),
  };
}

export async function getCampaign(workspaceId: string, id: string) {
  const campaign = await load(workspaceId, id);
  if (!campaign) throw new NotFound("campaign");
  return present(campaign);
}

export async function listCampaigns(workspaceId: string, query: z.infer<typeof CampaignsQuery>) {
  const after = decodeCursor("campaigns", workspaceId, query.cursor);
  const rows = await db().campaign.findMany({ where: { workspaceId, ...(after ? { id: { lt: after } } : {}) }, include: INCLUDE, orderBy: { id: "desc" }, take: query.limit + 1 });
  return toPage(rows, query.limit, "campaigns", workspaceId, present);
}

export async function createCampaign(workspaceId: string, body: z.infer<typeof CreateCampaignBody>, actor: Actor) {
  const pack = await findVisiblePack(workspaceId, body.pack).catch(() => null);
  if (!pack) throw new ValidationFailed([{ path: "pack", message: `no pack "${body.pack}" in this workspace` }]);
  const pins = body.pins ? await resolvePins(workspaceId, body.pins, "pins") : new Map<string, string>();
  const id = newId("cmp");
  await db().$transaction(async (tx) => {
    await tx.campaign.create({ data: { id, workspaceId, name: body.name, packId: pack.id, offer: overrideToStore(body.offer), pins: { create: [...pins].map(([stage, promptVersionId]) => ({ stage, promptVersionId })) } } });
    await recordAudit(tx, { workspaceId, actor, action: "campaign.created", target: { type: "campaign", id }, data: { name: body.name, pack: body.pack, pins: body.pins ?? {} } });
  });
  return getCampaign(workspaceId, id);
}

export async function updateCampaign(workspaceId: string, id: string, body: z.infer<typeof UpdateCampaignBody>, actor: Actor) {
  await getCampaign(workspaceId, id);
  const pins = body.pins ? await resolvePins(workspaceId, body.pins, "pins") : null;
  await db().$transaction(async (tx) => {
    await tx.campaign.update({
      where: { id, workspaceId },
      data: { name: body.name, offer: overrideToStore(body.offer), ...(pins ? { status: "draft", approvedById: null, approvedAt: null } : {}) },
    });
    if (pins) {
      await tx.campaignPin.deleteMany({ where: { campaignId: id } });
      await tx.campaignPin.createMany({ data: [...pins].map(([stage, promptVersionId]) => ({ campaignId: id, stage, promptVersionId })) });
    }
    await recordAudit(tx, { workspaceId, actor, action: "campaign.updated", target: { type: "campaign", id }, data: { fields: Object.keys(body), approval_reset: Boolean(pins) } });
  });
  return getCampaign(workspaceId, id);
}

/** A reviewer approves the campaign as it is now; the audit entry keeps the diffs they saw. */
export async function approveCampaign(workspaceId: string, id: string, reviewer: { userId: string; actor: Actor }) {
  const campaign = await getCampaign(workspaceId, id);
  if (campaign.status === "approved") throw new Conflict("This campaign is already approved.");
  await db().$transaction(async (tx) => {
    const { count } = await tx.campaign.updateMany({ where: { id, workspaceId, status: "draft" }, data: { status: "approved", approvedById: reviewer.userId, approvedAt: new Date() } });
    if (count === 0) throw new Conflict("This campaign was approved a moment ago.");
    await recordAudit(tx, {
      workspaceId, actor: reviewer.actor, action: "campaign.approved", target: { type: "campaign", id },
      data: { name: campaign.name, forks: campaign.forks.map((fork) => ({ stage: fork.stage, name: fork.name, version: fork.version })) },
      diff: campaign.forks.map((fork) => fork.diff).join("\n") || null,
    });
  });
  return getCampaign(workspaceId, id);
}
