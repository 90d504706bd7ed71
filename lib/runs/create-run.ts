import { db } from "@/lib/db";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { Conflict, ValidationFailed } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { findVisiblePack } from "@/lib/packs/find-pack";
import { resolvePins } from "@/lib/packs/pins";
import { assertSetApproved } from "@/lib/governance/approvals";
import { entryKey, resolvePromptSet } from "@/lib/governance/prompt-set";
import { enqueueAfterCommit } from "@/lib/queues";
import { getRun } from "@/lib/runs/get-run";
import type { CreateRunBody, CreateRunUpload } from "@/lib/runs/run-schemas";
import { resolveRunSource } from "@/lib/runs/resolve-run-source";
import { defaultRunName } from "@/lib/runs/run-name";
import type { Prisma } from "@/lib/generated/prisma/client.ts";
import { SYSTEM_WORKSPACE_SLUG } from "@/lib/slug";
import { jsonDepthExceeds, MAX_JSON_DEPTH } from "@/lib/http/json-depth";
import { markClaimCommitted, registerRecovery } from "@/lib/idempotency/claim-context";
import { CAMPAIGN_STATUS } from "@/lib/statuses";

function uploadPins(raw: string | undefined): Record<string, string> | undefined {
  if (raw === undefined) return undefined;
  if (jsonDepthExceeds(raw)) throw new ValidationFailed([{ path: "pins", message: `must not nest more than ${MAX_JSON_DEPTH} levels deep` }]);
  try {
    const value = JSON.parse(raw);
    if (value && typeof value === "object" && !Array.isArray(value) && Object.values(value).every((v) => typeof v === "string")) return value;
  } catch {
    // fall through
  }
  throw new ValidationFailed([{ path: "pins", message: "must be a JSON object of stage to pin strings" }]);
}

/**
 * A campaign must exist in the workspace, and the run takes its pack: `pack` must name the
 * campaign's pack (422 on `pack` otherwise; the launcher locks the field to it). One that pins a
 * fork must be approved first.
 */
async function checkCampaign(workspaceId: string, campaignId: string, packId: string) {
  const campaign = await db().campaign.findFirst({
    where: { id: campaignId, workspaceId },
    include: {
      pack: { select: { slug: true } },
      pins: { include: { promptVersion: { include: { prompt: { include: { workspace: { select: { slug: true } } } } } } } },
      steps: { include: { promptVersion: { include: { prompt: { include: { workspace: { select: { slug: true } } } } } } } },
    },
  });
  if (!campaign) throw new ValidationFailed([{ path: "campaign_id", message: "no such campaign in this workspace" }]);
  if (campaign.packId !== packId) {
    throw new ValidationFailed([
      { path: "pack", message: `campaign "${campaign.name}" runs pack "${campaign.pack.slug}": give that pack, or start the run without the campaign` },
    ]);
  }
  // A fork pinned on a stage or on a later step (lib/campaigns/steps.ts).
  const pinsFork =
    campaign.pins.some((pin) => pin.promptVersion.prompt.workspace.slug !== SYSTEM_WORKSPACE_SLUG) ||
    campaign.steps.some((step) => step.promptVersion !== null && step.promptVersion.prompt.workspace.slug !== SYSTEM_WORKSPACE_SLUG);
  if (pinsFork && campaign.status !== CAMPAIGN_STATUS.approved) {
    const detail =
      campaign.status === CAMPAIGN_STATUS.rejected
        ? `A reviewer rejected this campaign: ${campaign.rejectReason}`
        : "This campaign pins a forked prompt and a reviewer has not approved it yet.";
    throw new Conflict(detail, "campaign_not_approved");
  }
  return campaign;
}

/** Creates a run (queued) and queues its import. Answers with the run for a 202. */
export async function createRun(workspaceId: string, body: CreateRunBody | CreateRunUpload, actor: Actor) {
  const pins = "file" in body ? uploadPins(body.pins) : body.pins;
  const pack = await findVisiblePack(workspaceId, body.pack).catch(() => null);
  if (!pack) throw new ValidationFailed([{ path: "pack", message: `no pack "${body.pack}" in this workspace` }]);
  const source = await resolveRunSource(workspaceId, body);
  const upload = source.kind === "upload" ? source.upload : null;
  const leadsCsvUrl = source.kind === "csv_url" ? source.leadsCsvUrl : null;
  const leadSource = source.kind === "leads" ? (source.leadSource as Prisma.InputJsonObject) : undefined;
  const resolved = pins ? await resolvePins(workspaceId, pins, "pins") : new Map<string, string>();
  const campaign = body.campaign_id ? await checkCampaign(workspaceId, body.campaign_id, pack!.id) : null;
  // The campaign's sequence as it is now: a later edit of the campaign never changes this run.
  const steps = campaign && campaign.steps.length > 1 ? campaign.steps.map(({ step, wait, waitSeconds }) => ({ step, wait, waitSeconds })) : null;
  // The one gate: the set this run will really use (run > campaign > pack > label > production).
  const promptSet = await resolvePromptSet(workspaceId, { packId: pack!.id, campaignId: body.campaign_id, runPins: resolved });
  await assertSetApproved(workspaceId, promptSet);
  const name = body.name ?? (await defaultRunName(workspaceId, source));

  const run = await db().$transaction(async (tx) => {
    const created = await tx.run.create({
      data: {
        id: newId("run"),
        name,
        workspaceId,
        packId: pack!.id,
        campaignId: body.campaign_id ?? null,
        leadsCsvUrl,
        leadSource,
        stopAfter: body.stop_after ?? null,
        createdById: actor.id,
        promptSet: Object.fromEntries(promptSet.entries.map((entry) => [entryKey(entry), entry.versionId])),
        promptSetHash: promptSet.hash,
        ...(steps ? { steps: steps.sort((a, b) => a.step - b.step) } : {}),
        pins: { create: [...resolved].map(([stage, promptVersionId]) => ({ stage, promptVersionId })) },
        ...(upload ? { upload: { create: { filename: upload.name.slice(0, 255), content: new Uint8Array(upload.bytes) } } } : {}),
      },
    });
    await recordAudit(tx, {
      workspaceId,
      actor,
      action: "run.created",
      target: { type: "run", id: created.id },
      data: {
        name,
        pack: body.pack,
        source: leadsCsvUrl ?? (upload ? `upload:${upload.name}` : source.kind === "leads" ? source.description : null),
        stop_after: body.stop_after ?? null,
        pins: pins ?? {},
      },
    });
    await markClaimCommitted(tx, { type: "run", id: created.id }); // a takeover of the Idempotency-Key answers with this run
    return created;
  });
  // If Redis is away the run stays queued; the worker's resume sweep queues it within a minute.
  await enqueueAfterCommit("import", { v: 1, runId: run.id });
  return getRun(workspaceId, run.id);
}

/** POST /runs' answer: 202 with the run and its Location. */
export function acceptedRunAnswer(run: { id: string }) {
  return { status: 202, body: run, location: `/v1/runs/${run.id}` };
}

// An Idempotency-Key takeover after a committed createRun answers with that run (claim-context.ts).
registerRecovery("run", async (workspaceId, id) => acceptedRunAnswer(await getRun(workspaceId, id)));
