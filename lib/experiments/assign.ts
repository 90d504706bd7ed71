import { createHash } from "node:crypto";
import { db } from "@/lib/db";

// Which variant of a running experiment a lead gets (contract §12): a stable hash of the experiment
// and lead ids, mapped onto the cumulative weights. Nothing is stored to decide it, so the same
// lead gets the same variant in every process, after any restart, and a retried draft job cannot
// switch it; the draft records the outcome (drafts.experimentId + promptVersionId). The experiment
// id is part of the hash so two experiments (on two steps, or one after another) split independently.

export type AssignableExperiment = { id: string; variants: { promptVersionId: string; weight: number }[] };
export type Assignment = { experimentId: string; promptVersionId: string };

/** A number in [0, 1) from the first 52 bits of sha256(experimentId:leadId). */
export function leadPoint(experimentId: string, leadId: string): number {
  const digest = createHash("sha256").update(`${experimentId}:${leadId}`).digest();
  return (digest.readUInt32BE(0) * 2 ** 20 + (digest.readUInt32BE(4) >>> 12)) / 2 ** 52;
}

/** The variant (its version id) for a lead, in proportion to the weights. Pure. */
export function variantFor(experiment: AssignableExperiment, leadId: string): string {
  const total = experiment.variants.reduce((sum, variant) => sum + variant.weight, 0);
  let point = leadPoint(experiment.id, leadId) * total;
  for (const variant of experiment.variants) {
    if (point < variant.weight) return variant.promptVersionId;
    point -= variant.weight;
  }
  return experiment.variants.at(-1)!.promptVersionId; // only reached through rounding
}

/** The running experiment on a campaign step, with its variants in their order; null when none. */
export async function runningExperiment(campaignId: string, step: number): Promise<AssignableExperiment | null> {
  const row = await db().experiment.findFirst({
    where: { campaignId, step, concludedAt: null },
    orderBy: { id: "desc" },
    select: { id: true, variants: { orderBy: { position: "asc" }, select: { promptVersionId: true, weight: true } } },
  });
  return row && row.variants.length > 0 ? row : null;
}

/**
 * The version a lead drafts with at a campaign step while an experiment runs there, or null (no
 * running experiment: the step's version as the campaign resolves it). For one lead; a batch loads
 * runningExperiment once and calls variantFor per lead.
 */
export async function experimentVersionFor(campaignId: string, step: number, leadId: string): Promise<Assignment | null> {
  const experiment = await runningExperiment(campaignId, step);
  return experiment ? { experimentId: experiment.id, promptVersionId: variantFor(experiment, leadId) } : null;
}
