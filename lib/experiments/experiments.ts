import { z } from "zod";
import { EXPERIMENT_STATUS, EXPERIMENT_STATUSES } from "@/lib/states/experiment";
import { db } from "@/lib/db";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { Conflict, NotFound, ValidationFailed } from "@/lib/errors";
import { experimentResults, METRICS, type Results } from "@/lib/experiments/results";
import { assertVariantsApproved, REPLY_STEP, resolveVariants, shownStep, stepLabel, stepPrompt, storedStep } from "@/lib/experiments/variants";
import { liveApproval, recordSetApproval } from "@/lib/governance/approvals";
import { resolvePromptSet } from "@/lib/governance/prompt-set";
import { decodeCursor, ListQuery, toPage } from "@/lib/http/pagination";
import { newId } from "@/lib/ids";
import { PROMPT_NAME } from "@/lib/prompts/find-prompt";
import { PromptRef } from "@/lib/prompts/present-version";

// Experiments (contract §12, docs/pipeline.md "Experiments"): a reviewer splits a campaign step
// between 2–4 approved versions; leads are assigned at drafting (lib/experiments/assign.ts); the
// results count the drafts and replies per variant (lib/experiments/results.ts). Concluding pins the
// winner on the step, refused before every variant has min_per_variant sends unless the reviewer
// writes an override_reason. Both are audited.

const Pin = z.string().trim().min(1).max(200);
export const CreateExperimentBody = z
  .strictObject({
    campaign_id: z.string().regex(/^cmp_[0-9a-z]{26}$/, "must be a campaign id (cmp_…)"),
    step: z
      .union([z.number().int().min(1).max(8), z.literal("reply")])
      .meta({ description: 'A campaign step (1: the first email, 2–8: follow-ups), or "reply": the answers to replies (contract §13)' }),
    variants: z
      .array(
        z.strictObject({
          version: Pin.meta({ description: 'A pin, "draft_email[@ws]:vX.Y.Z[-label]" (step 1), a follow_up pin (later steps) or a reply pin (step "reply")' }),
          weight: z.number().positive().max(1000),
        }),
      )
      .min(2)
      .max(4),
    metric: z.enum(METRICS),
    min_per_variant: z.number().int().min(1).max(1_000_000),
  })
  .meta({ id: "CreateExperiment" });
export const ConcludeExperimentBody = z
  .strictObject({
    winner: Pin.meta({ description: "The winning variant's pin, as given at creation" }),
    reason: z.string().trim().min(1).max(2000),
    override_reason: z
      .string()
      .trim()
      .min(1)
      .max(2000)
      .optional()
      .meta({ description: "Required (else 409 `experiment_underpowered`) while a variant has fewer than `min_per_variant` sends" }),
  })
  .meta({ id: "ConcludeExperiment" });
export const ExperimentsQuery = ListQuery.extend({
  campaign_id: z
    .string()
    .regex(/^cmp_[0-9a-z]{26}$/)
    .optional(),
});
/** The web app's list also narrows to experiments with a variant of one prompt (the prompt and version pages). */
export const WebExperimentsQuery = ExperimentsQuery.extend({ prompt: z.string().max(200).regex(PROMPT_NAME).optional() });

const VariantResultSchema = z.object({
  version: PromptRef,
  weight: z.number(),
  leads: z.number().int(),
  drafted: z.number().int(),
  approved: z.number().int(),
  edited: z.number().int(),
  mean_edit_distance: z.number().nullable().meta({
    description:
      "Characters reviewers changed in this variant's approved edits (mean over the newest 200; the prompt outcomes table's measure); null when nothing was edited, and on steps after the first (a follow-up's text as written is not kept)",
  }),
  rejected: z.number().int(),
  sent: z.number().int(),
  replies: z.number().int(),
  positive_replies: z.number().int(),
  rate: z.number().nullable().meta({ description: "The metric's successes / sent; null before any send" }),
  interval_95: z.array(z.number()).length(2).meta({ description: "[low, high]: the Wilson score interval, 95 %" }),
  probability_best: z.number().meta({ description: "P(this variant's true rate is the highest), Beta(1+s, 1+n−s) posteriors" }),
});
export const ExperimentSchema = z
  .object({
    id: z.string(),
    campaign_id: z.string(),
    step: z.union([z.number().int(), z.literal("reply")]),
    metric: z.enum(METRICS).meta({
      description:
        "Counted per sent draft: a reply to it (reply_rate) or an interested/meeting_request one (positive_reply_rate). On the reply step, the lead's next reply to the answer",
    }),
    min_per_variant: z.number().int(),
    status: z.enum(EXPERIMENT_STATUSES),
    variants: z.array(z.object({ version: PromptRef, weight: z.number() })),
    results: z.array(VariantResultSchema),
    summary: z.object({ enough_data: z.boolean(), needs_more_per_variant: z.number().int(), message: z.string() }),
    winner: PromptRef.nullable(),
    reason: z.string().nullable(),
    override_reason: z.string().nullable(),
    created_by: z.string().nullable(),
    created_at: z.string(),
    concluded_by: z.string().nullable(),
    concluded_at: z.string().nullable(),
  })
  .meta({ id: "Experiment" });
export type ExperimentJson = z.infer<typeof ExperimentSchema>;

const INCLUDE = {
  variants: { orderBy: { position: "asc" }, include: { promptVersion: { select: { id: true, version: true, prompt: { select: { name: true } } } } } },
} as const;
async function load(workspaceId: string, id: string) {
  const row = await db().experiment.findFirst({ where: { id, workspaceId }, include: INCLUDE });
  if (!row) throw new NotFound("experiment");
  return row;
}
type Loaded = Awaited<ReturnType<typeof load>>;

const refOf = (variant: Loaded["variants"][number]) => ({ name: variant.promptVersion.prompt.name, version: variant.promptVersion.version });
const { running: RUNNING, concluded: CONCLUDED } = EXPERIMENT_STATUS;

function present(row: Loaded, results: Results): ExperimentJson {
  const winner = row.variants.find((variant) => variant.promptVersionId === row.winnerVersionId);
  return {
    id: row.id,
    campaign_id: row.campaignId,
    step: shownStep(row.step),
    metric: row.metric as ExperimentJson["metric"],
    min_per_variant: row.minPerVariant,
    status: row.concludedAt ? CONCLUDED : RUNNING,
    variants: row.variants.map((variant) => ({ version: refOf(variant), weight: variant.weight })),
    results: row.variants.map((variant, index) => {
      const { promptVersionId: _, ...counts } = results.variants[index];
      return { version: refOf(variant), weight: variant.weight, ...counts };
    }),
    summary: results.summary,
    winner: winner ? refOf(winner) : null,
    reason: row.conclusionReason,
    override_reason: row.overrideReason,
    created_by: row.createdById,
    created_at: row.createdAt.toISOString(),
    concluded_by: row.concludedById,
    concluded_at: row.concludedAt?.toISOString() ?? null,
  };
}

async function withResults(row: Loaded): Promise<ExperimentJson> {
  const results = await experimentResults({
    id: row.id,
    metric: row.metric,
    minPerVariant: row.minPerVariant,
    versionIds: row.variants.map((variant) => variant.promptVersionId),
  });
  return present(row, results);
}

export async function getExperiment(workspaceId: string, id: string) {
  return withResults(await load(workspaceId, id));
}

export async function listExperiments(workspaceId: string, query: z.infer<typeof WebExperimentsQuery>) {
  const after = decodeCursor("experiments", workspaceId, query.cursor);
  const rows = await db().experiment.findMany({
    where: {
      workspaceId,
      ...(query.campaign_id ? { campaignId: query.campaign_id } : {}),
      ...(query.prompt ? { variants: { some: { promptVersion: { prompt: { name: query.prompt } } } } } : {}),
      ...(after ? { id: { lt: after } } : {}),
    },
    include: INCLUDE,
    orderBy: { id: "desc" },
    take: query.limit + 1,
  });
  const page = toPage(rows, query.limit, "experiments", workspaceId, (row) => row);
  return { ...page, data: await Promise.all(page.data.map(withResults)) };
}

export type Reviewer = { userId: string; actor: Actor };

export async function createExperiment(workspaceId: string, body: z.infer<typeof CreateExperimentBody>, reviewer: Reviewer) {
  const campaign = await db().campaign.findFirst({
    where: { id: body.campaign_id, workspaceId },
    select: { id: true, name: true, steps: { select: { step: true } } },
  });
  if (!campaign) throw new ValidationFailed([{ path: "campaign_id", message: "no such campaign in this workspace" }]);
  // Every campaign answers replies (contract §13), so the reply step exists on each.
  const step = storedStep(body.step);
  if (step > 1 && !campaign.steps.some((row) => row.step === step)) throw new ValidationFailed([{ path: "step", message: `the campaign has no step ${step}` }]);
  const variants = await resolveVariants(workspaceId, step, body.variants);
  await assertVariantsApproved(workspaceId, step, variants);
  const running = await db().experiment.findFirst({ where: { campaignId: campaign.id, step, concludedAt: null }, select: { id: true } });
  if (running) throw new Conflict(`Experiment ${running.id} is still running on ${stepLabel(step)} of this campaign; conclude it first.`);
  const id = newId("exp");
  await db().$transaction(async (tx) => {
    await tx.experiment.create({
      data: {
        id,
        workspaceId,
        campaignId: campaign.id,
        step,
        metric: body.metric,
        minPerVariant: body.min_per_variant,
        createdById: reviewer.userId,
        variants: { create: variants.map((variant, position) => ({ position, promptVersionId: variant.promptVersionId, weight: variant.weight })) },
      },
    });
    await recordAudit(tx, {
      workspaceId,
      actor: reviewer.actor,
      action: "experiment.created",
      target: { type: "experiment", id },
      data: { campaign_id: campaign.id, step: body.step, metric: body.metric, min_per_variant: body.min_per_variant, variants: body.variants },
    });
  });
  return getExperiment(workspaceId, id);
}

/**
 * Picks the winner: it is pinned on the campaign step (step 1: the campaign's draft_email pin; the
 * reply step: its reply pin; later steps: the step's version), so new leads draft with it. The winner went through the gate when the
 * experiment was created; when the campaign's set was approved before, the concluding reviewer's
 * decision approves the set with the winner in it, so the campaign's runs keep starting.
 */
export async function concludeExperiment(workspaceId: string, id: string, body: z.infer<typeof ConcludeExperimentBody>, reviewer: Reviewer) {
  const row = await load(workspaceId, id);
  if (row.concludedAt) throw new Conflict("This experiment is already concluded.");
  const winner = row.variants.find((variant) => `${refOf(variant).name}:${refOf(variant).version}` === body.winner);
  if (!winner)
    throw new ValidationFailed([
      { path: "winner", message: `must be one of the variants: ${row.variants.map((v) => `${refOf(v).name}:${refOf(v).version}`).join(", ")}` },
    ]);
  const current = await withResults(row);
  if (!current.summary.enough_data && !body.override_reason)
    throw new Conflict(`${current.summary.message} Conclude anyway only with an override_reason.`, "experiment_underpowered", {
      needs_more_per_variant: current.summary.needs_more_per_variant,
      min_per_variant: row.minPerVariant,
    });
  const campaign = await db().campaign.findUniqueOrThrow({ where: { id: row.campaignId }, select: { id: true, packId: true } });
  const before = await resolvePromptSet(workspaceId, { packId: campaign.packId, campaignId: campaign.id });
  const wasApproved = before.forks.length === 0 || Boolean(await liveApproval(workspaceId, before.hash));
  const winnerPin = `${refOf(winner).name}:${refOf(winner).version}`;
  await db().$transaction(async (tx) => {
    const concluded = await tx.experiment.updateMany({
      where: { id, concludedAt: null },
      data: {
        concludedAt: new Date(),
        concludedById: reviewer.userId,
        winnerVersionId: winner.promptVersionId,
        conclusionReason: body.reason,
        overrideReason: current.summary.enough_data ? null : body.override_reason!,
      },
    });
    if (concluded.count === 0) throw new Conflict("This experiment is already concluded.");
    if (row.step === 1 || row.step === REPLY_STEP) {
      // The first email and the answers are pinned per stage (pins.draft_email, pins.reply).
      await tx.campaignPin.upsert({
        where: { campaignId_stage: { campaignId: campaign.id, stage: stepPrompt(row.step) } },
        create: { campaignId: campaign.id, stage: stepPrompt(row.step), promptVersionId: winner.promptVersionId },
        update: { promptVersionId: winner.promptVersionId },
      });
    } else {
      const pinned = await tx.campaignStep.updateMany({
        where: { campaignId: campaign.id, step: row.step },
        data: { promptVersionId: winner.promptVersionId, prompt: winnerPin },
      });
      // The campaign's steps were replaced since (PATCH steps): nothing to pin the winner on.
      if (pinned.count === 0) throw new Conflict(`The campaign no longer has step ${row.step}; the winner cannot be pinned on it.`);
    }
    await recordAudit(tx, {
      workspaceId,
      actor: reviewer.actor,
      action: "experiment.concluded",
      target: { type: "experiment", id },
      data: {
        campaign_id: campaign.id,
        step: shownStep(row.step),
        winner: winnerPin,
        reason: body.reason,
        ...(current.summary.enough_data ? {} : { override_reason: body.override_reason }),
        results: current.results.map((variant) => ({
          version: `${variant.version.name}:${variant.version.version}`,
          sent: variant.sent,
          rate: variant.rate,
          probability_best: variant.probability_best,
        })),
      },
    });
  });
  const after = await resolvePromptSet(workspaceId, { packId: campaign.packId, campaignId: campaign.id });
  if (wasApproved && after.forks.length > 0 && !(await liveApproval(workspaceId, after.hash))) {
    await db().$transaction((tx) =>
      recordSetApproval(tx, { workspaceId, set: after, scopeType: "campaign", scopeId: campaign.id, packId: campaign.packId, approvedById: reviewer.userId }),
    );
  }
  return getExperiment(workspaceId, id);
}

/** For the experiment's page: its campaign's name; 404 unless the experiment is on that campaign in this workspace. */
export async function experimentPageHeader(workspaceId: string, campaignId: string, id: string) {
  const row = await db().experiment.findFirst({ where: { id, workspaceId, campaignId }, select: { campaign: { select: { name: true } } } });
  if (!row) throw new NotFound("experiment");
  return { campaignName: row.campaign.name };
}
