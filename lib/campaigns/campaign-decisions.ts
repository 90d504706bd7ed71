import { z } from "zod";
import { db } from "@/lib/db";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { getCampaign } from "@/lib/campaigns/campaigns";
import { Conflict, NotFound } from "@/lib/errors";
import { writeEvents } from "@/lib/events/outbox";
import { assertFourEyes, recordSetApproval, revokeApprovals } from "@/lib/governance/approvals";
import { resolvePromptSet } from "@/lib/governance/prompt-set";
import { assertNoRegression, type ApproveBody } from "@/lib/evals/compare";
import { CAMPAIGN_STATUS } from "@/lib/statuses";

// A reviewer's decision on a campaign. Four eyes: the campaign's creator may not decide (403).
// Approving records an approval of the campaign's resolved prompt set (its hash) that the run gate
// reads; rejecting takes any approval back and keeps the reason.

export const RejectCampaignBody = z.strictObject({ reason: z.string().trim().min(1).max(2000) }).meta({ id: "RejectCampaign" });

export type Reviewer = { userId: string; actor: Actor };

async function loadForDecision(workspaceId: string, id: string, reviewer: Reviewer) {
  const row = await db().campaign.findFirst({ where: { id, workspaceId }, select: { id: true, packId: true, createdById: true } });
  if (!row) throw new NotFound("campaign");
  await assertFourEyes(reviewer.userId, [row.createdById], "this campaign");
  return row;
}

/** Approves the campaign's resolved prompt set as it is now; the audit entry keeps the diffs seen. */
export async function approveCampaign(workspaceId: string, id: string, reviewer: Reviewer, body?: ApproveBody) {
  const row = await loadForDecision(workspaceId, id, reviewer);
  const campaign = await getCampaign(workspaceId, id);
  if (campaign.status === CAMPAIGN_STATUS.approved) throw new Conflict("This campaign is already approved.");
  const set = await resolvePromptSet(workspaceId, { packId: row.packId, campaignId: id });
  if (set.hash !== campaign.set_hash) throw new Conflict("The campaign's prompt set changed while you read it. Reload and review it again.");
  // A fork that passes fewer of its eval cases than its parent needs a written reason (409 eval_regression).
  const regressions = await assertNoRegression(workspaceId, set, body?.override_reason);
  const overrideReason = regressions.length ? body!.override_reason! : null;
  await db().$transaction(async (tx) => {
    await tx.campaign.update({
      where: { id, workspaceId },
      data: {
        status: CAMPAIGN_STATUS.approved,
        approvedById: reviewer.userId,
        approvedAt: new Date(),
        rejectedById: null,
        rejectedAt: null,
        rejectReason: null,
      },
    });
    await recordSetApproval(tx, { workspaceId, set, scopeType: "campaign", scopeId: id, packId: row.packId, approvedById: reviewer.userId, overrideReason });
    await recordAudit(tx, {
      workspaceId,
      actor: reviewer.actor,
      action: "campaign.approved",
      target: { type: "campaign", id },
      data: {
        name: campaign.name,
        set_hash: set.hash,
        forks: campaign.forks.map((fork) => ({ stage: fork.stage, step: fork.step, name: fork.name, version: fork.version, source: fork.source })),
        ...(overrideReason ? { override_reason: overrideReason, regressions } : {}),
      },
      diff: campaign.forks.map((fork) => fork.diff).join("\n") || null,
    });
    await writeEvents(tx, workspaceId, [
      { type: "campaign.approved", data: { campaign_id: id, name: campaign.name, reviewer: reviewer.actor.name, set_hash: set.hash } },
    ]);
  });
  return getCampaign(workspaceId, id);
}

/** Rejects the campaign with a reason: its runs are refused until someone approves it. */
export async function rejectCampaign(workspaceId: string, id: string, body: z.infer<typeof RejectCampaignBody>, reviewer: Reviewer) {
  await loadForDecision(workspaceId, id, reviewer);
  const campaign = await getCampaign(workspaceId, id);
  if (campaign.status === CAMPAIGN_STATUS.rejected) throw new Conflict("This campaign is already rejected.");
  await db().$transaction(async (tx) => {
    await tx.campaign.update({
      where: { id, workspaceId },
      data: {
        status: CAMPAIGN_STATUS.rejected,
        rejectedById: reviewer.userId,
        rejectedAt: new Date(),
        rejectReason: body.reason,
        approvedById: null,
        approvedAt: null,
      },
    });
    const revoked = await revokeApprovals(tx, workspaceId, { scopeType: "campaign", scopeId: id });
    await recordAudit(tx, {
      workspaceId,
      actor: reviewer.actor,
      action: "campaign.rejected",
      target: { type: "campaign", id },
      data: { name: campaign.name, reason: body.reason, set_hash: campaign.set_hash, approvals_revoked: revoked },
    });
    await writeEvents(tx, workspaceId, [
      { type: "campaign.rejected", data: { campaign_id: id, name: campaign.name, reviewer: reviewer.actor.name, reason: body.reason } },
    ]);
  });
  return getCampaign(workspaceId, id);
}
