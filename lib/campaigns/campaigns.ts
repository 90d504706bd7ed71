import { z } from "zod";
import { CAMPAIGN_STATUSES, CAMPAIGN_STATUS } from "@/lib/statuses";
import { db } from "@/lib/db";
import { decodeCursor, ListQuery, toPage } from "@/lib/http/pagination";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { NotFound, ValidationFailed } from "@/lib/errors";
import { liveApproval, revokeApprovals } from "@/lib/governance/approvals";
import { resolvePromptSet } from "@/lib/governance/prompt-set";
import { newId } from "@/lib/ids";
import { findVisiblePack } from "@/lib/packs/find-pack";
import { resolvePins } from "@/lib/packs/pins";
import { OfferOverride, overrideToStore, presentOverride } from "@/lib/offer/offer";
import { PromptRef } from "@/lib/prompts/present-version";
import { ScheduleSchema, type Schedule } from "@/lib/senders/window";
import { Prisma } from "@/lib/generated/prisma/client.ts";
import { CampaignStepSchema, CampaignStepsInput, presentSteps, resolveSteps, writeSteps } from "@/lib/campaigns/steps";

// A campaign groups runs of one pack under shared pins. One whose resolved prompt set holds a
// workspace fork must be approved by a reviewer other than its creator, who sees each fork's diff,
// before a run can use it (lib/campaigns/campaign-decisions.ts); changing its pins or its steps takes
// the approval away again. Its steps (lib/campaigns/steps.ts) add each follow-up's version to that set.

const Pins = z.record(z.string(), z.string().max(200));
const SenderIds = z
  .array(z.string().max(64))
  .max(500)
  .meta({ description: "The senders its leads are spread over (ids sdr_…); empty: every enabled sender (none: the workspace's default sender)" });
const CompanyStop = z.boolean().meta({
  description:
    "One company, one conversation: when a lead replies (any class but out_of_office or bounce), its colleagues in the campaign (same address domain, never a shared mail domain such as gmail.com) end their sequences `company_replied`",
});
export const CreateCampaignBody = z
  .strictObject({
    name: z.string().trim().min(1).max(200),
    pack: z.string().max(63),
    pins: Pins.optional(),
    offer: OfferOverride.optional(),
    steps: CampaignStepsInput.optional(),
    sender_ids: SenderIds.optional(),
    schedule: ScheduleSchema.nullable().optional(),
    company_stop: CompanyStop.optional().meta({ description: "Default true" }),
  })
  .meta({ id: "CreateCampaign" });
export const UpdateCampaignBody = z
  .strictObject({
    name: z.string().trim().min(1).max(200).optional(),
    pins: Pins.optional(),
    offer: OfferOverride.optional(),
    steps: CampaignStepsInput.optional(),
    sender_ids: SenderIds.optional(),
    schedule: ScheduleSchema.nullable().optional(),
    company_stop: CompanyStop.optional(),
  })
  .meta({ id: "UpdateCampaign" });
export const CampaignsQuery = ListQuery;

export const CampaignSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    pack: z.string(),
    status: z.enum(CAMPAIGN_STATUSES),
    needs_approval: z.boolean(),
    pins: z.record(z.string(), PromptRef),
    forks: z.array(
      z.object({
        stage: z.string(),
        step: z.number().int().nullable().meta({ description: "For a follow_up fork: the campaign step it runs at; null for a stage's fork" }),
        name: z.string(),
        version: z.string(),
        parent: PromptRef.nullable(),
        diff: z.string(),
        source: z
          .enum(["run", "campaign", "pack", "label", "production"])
          .meta({ description: "Which pin puts this fork in the campaign's resolved prompt set" }),
      }),
    ),
    steps: z.array(CampaignStepSchema).meta({ description: "The sequence, step 1 (the first email) first; a campaign created without steps has one" }),
    set_hash: z.string().meta({ description: "sha256 of the resolved prompt set (stage → version id) that an approval is recorded against" }),
    created_by: z.string().nullable(),
    approved_by: z.string().nullable(),
    approved_at: z.string().nullable(),
    rejected_by: z.string().nullable(),
    rejected_at: z.string().nullable(),
    reject_reason: z.string().nullable(),
    offer: OfferOverride.meta({ description: "Overrides the pack's and workspace's offer field by field (null: none)" }),
    sender_ids: z.array(z.string()),
    schedule: ScheduleSchema.nullable().meta({ description: "When its mails may go (null: any time)" }),
    company_stop: z.boolean(),
    created_at: z.string(),
  })
  .meta({ id: "Campaign" });

const INCLUDE = {
  pack: { select: { slug: true } },
  pins: { include: { promptVersion: { include: { prompt: { select: { name: true } } } } } },
  steps: { orderBy: { step: "asc" } },
} as const;

/** A schedule stored before max_per_domain_per_day existed reads it as null (no limit). */
const presentSchedule = (stored: unknown): Schedule | null =>
  stored ? { ...(stored as Schedule), max_per_domain_per_day: (stored as Schedule).max_per_domain_per_day ?? null } : null;

type Loaded = NonNullable<Awaited<ReturnType<typeof load>>>;

function load(workspaceId: string, id: string) {
  return db().campaign.findFirst({ where: { id, workspaceId }, include: INCLUDE });
}

/**
 * The campaign with every fork of its resolved prompt set (its own pins over the pack's, the
 * workspace label and production). "approved" holds only while the approval of that exact set is
 * live: a pin that feeds it changing (here, on the pack, or a promotion) makes it "draft" again.
 */
async function present(campaign: Loaded) {
  const set = await resolvePromptSet(campaign.workspaceId, { packId: campaign.packId, campaignId: campaign.id });
  const versions = await db().promptVersion.findMany({
    where: { id: { in: set.forks.map((fork) => fork.versionId) } },
    select: { id: true, diffFromPrevious: true, parent: { select: { version: true, prompt: { select: { name: true } } } } },
  });
  const byId = new Map(versions.map((version) => [version.id, version]));
  const forks = set.forks.map((fork) => {
    const version = byId.get(fork.versionId)!;
    return {
      stage: fork.stage,
      step: fork.step,
      name: fork.name,
      version: fork.version,
      source: fork.source,
      diff: version.diffFromPrevious,
      parent: version.parent ? { name: version.parent.prompt.name, version: version.parent.version } : null,
    };
  });
  let status = campaign.status as "draft" | "approved" | "rejected";
  if (status === "approved" && forks.length > 0 && !(await liveApproval(campaign.workspaceId, set.hash))) status = "draft";
  return {
    id: campaign.id,
    name: campaign.name,
    pack: campaign.pack.slug,
    status,
    needs_approval: forks.length > 0,
    pins: Object.fromEntries(campaign.pins.map((pin) => [pin.stage, { name: pin.promptVersion.prompt.name, version: pin.promptVersion.version }])),
    forks,
    steps: presentSteps(campaign.steps, set),
    offer: presentOverride(campaign.offer),
    sender_ids: campaign.senderIds,
    schedule: presentSchedule(campaign.schedule),
    company_stop: campaign.companyStop,
    set_hash: set.hash,
    created_by: campaign.createdById,
    approved_by: status === "approved" ? campaign.approvedById : null,
    approved_at: status === "approved" ? (campaign.approvedAt?.toISOString() ?? null) : null,
    rejected_by: status === "rejected" ? campaign.rejectedById : null,
    rejected_at: status === "rejected" ? (campaign.rejectedAt?.toISOString() ?? null) : null,
    reject_reason: status === "rejected" ? campaign.rejectReason : null,
    created_at: campaign.createdAt.toISOString(),
  };
}

/** Every sender named must be one of the workspace's (422 naming the first that is not). */
async function checkSenders(workspaceId: string, senderIds: string[]) {
  const found = await db().sender.findMany({ where: { workspaceId, id: { in: senderIds } }, select: { id: true } });
  const known = new Set(found.map((sender) => sender.id));
  const index = senderIds.findIndex((id) => !known.has(id));
  if (index >= 0) throw new ValidationFailed([{ path: `sender_ids.${index}`, message: `no sender "${senderIds[index].slice(0, 64)}" in this workspace` }]);
}

export async function getCampaign(workspaceId: string, id: string) {
  const campaign = await load(workspaceId, id);
  if (!campaign) throw new NotFound("campaign");
  return present(campaign);
}

export async function listCampaigns(workspaceId: string, query: z.infer<typeof CampaignsQuery>) {
  const after = decodeCursor("campaigns", workspaceId, query.cursor);
  const rows = await db().campaign.findMany({
    where: { workspaceId, ...(after ? { id: { lt: after } } : {}) },
    include: INCLUDE,
    orderBy: { id: "desc" },
    take: query.limit + 1,
  });
  const page = toPage(rows, query.limit, "campaigns", workspaceId, (row) => row);
  return { ...page, data: await Promise.all(page.data.map(present)) };
}

export async function createCampaign(workspaceId: string, body: z.infer<typeof CreateCampaignBody>, creator: { userId: string; actor: Actor }) {
  const actor = creator.actor;
  const pack = await findVisiblePack(workspaceId, body.pack).catch(() => null);
  if (!pack) throw new ValidationFailed([{ path: "pack", message: `no pack "${body.pack}" in this workspace` }]);
  const pins = body.pins ? await resolvePins(workspaceId, body.pins, "pins") : new Map<string, string>();
  const steps = body.steps ? await resolveSteps(workspaceId, body.steps) : [];
  if (body.sender_ids) await checkSenders(workspaceId, body.sender_ids);
  const id = newId("cmp");
  await db().$transaction(async (tx) => {
    await tx.campaign.create({
      data: {
        id,
        workspaceId,
        name: body.name,
        packId: pack.id,
        offer: overrideToStore(body.offer),
        createdById: creator.userId,
        senderIds: body.sender_ids ? [...new Set(body.sender_ids)] : [],
        schedule: body.schedule ?? Prisma.DbNull,
        companyStop: body.company_stop ?? true,
        pins: { create: [...pins].map(([stage, promptVersionId]) => ({ stage, promptVersionId })) },
      },
    });
    await writeSteps(tx, id, steps);
    await recordAudit(tx, {
      workspaceId,
      actor,
      action: "campaign.created",
      target: { type: "campaign", id },
      data: { name: body.name, pack: body.pack, pins: body.pins ?? {}, ...(body.steps ? { steps: body.steps } : {}) },
    });
  });
  return getCampaign(workspaceId, id);
}

export async function updateCampaign(workspaceId: string, id: string, body: z.infer<typeof UpdateCampaignBody>, actor: Actor) {
  await getCampaign(workspaceId, id);
  const pins = body.pins ? await resolvePins(workspaceId, body.pins, "pins") : null;
  const steps = body.steps ? await resolveSteps(workspaceId, body.steps) : null;
  if (body.sender_ids) await checkSenders(workspaceId, body.sender_ids);
  // New pins or steps change the resolved prompt set: whatever a reviewer approved no longer holds.
  const resetApproval = Boolean(pins || steps);
  await db().$transaction(async (tx) => {
    await tx.campaign.update({
      where: { id, workspaceId },
      data: {
        name: body.name,
        offer: overrideToStore(body.offer),
        senderIds: body.sender_ids ? [...new Set(body.sender_ids)] : undefined,
        schedule: body.schedule === undefined ? undefined : (body.schedule ?? Prisma.DbNull),
        companyStop: body.company_stop,
        ...(resetApproval
          ? { status: CAMPAIGN_STATUS.draft, approvedById: null, approvedAt: null, rejectedById: null, rejectedAt: null, rejectReason: null }
          : {}),
      },
    });
    if (resetApproval) await revokeApprovals(tx, workspaceId, { scopeType: "campaign", scopeId: id });
    if (pins) {
      await tx.campaignPin.deleteMany({ where: { campaignId: id } });
      await tx.campaignPin.createMany({ data: [...pins].map(([stage, promptVersionId]) => ({ campaignId: id, stage, promptVersionId })) });
    }
    if (steps) await writeSteps(tx, id, steps);
    await recordAudit(tx, {
      workspaceId,
      actor,
      action: "campaign.updated",
      target: { type: "campaign", id },
      data: { fields: Object.keys(body), approval_reset: resetApproval, ...(body.steps ? { steps: body.steps } : {}) },
    });
  });
  return getCampaign(workspaceId, id);
}
