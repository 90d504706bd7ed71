import { db } from "@/lib/db";
import { runningExperiment, variantFor } from "@/lib/experiments/assign";
import type { ResolvedPrompt } from "@/lib/pipeline/resolve-prompts";
import type { BatchStage } from "@/lib/pipeline/stages";

// Step 1 of a campaign under an experiment (lib/experiments): each lead of a batch that drafts
// draft_email gets its variant's version instead of the run's, and its draft records the experiment.
// Loaded once per batch; the split itself is variantFor, a pure hash of the lead id.

export type LeadOverride = { experimentId: string; prompts: Map<string, ResolvedPrompt> };

export async function experimentOverrides(campaignId: string | null, chain: BatchStage[], leadIds: string[]): Promise<Map<string, LeadOverride>> {
  const overrides = new Map<string, LeadOverride>();
  if (!campaignId || !chain.includes("draft_email") || leadIds.length === 0) return overrides;
  const experiment = await runningExperiment(campaignId, 1);
  if (!experiment) return overrides;
  const versions = await db().promptVersion.findMany({
    where: { id: { in: experiment.variants.map((variant) => variant.promptVersionId) } },
    include: { prompt: { select: { name: true } } },
  });
  const byId = new Map(versions.map((version) => [version.id, version]));
  for (const leadId of leadIds) {
    const version = byId.get(variantFor(experiment, leadId));
    if (version) overrides.set(leadId, { experimentId: experiment.id, prompts: new Map([["draft_email", version]]) });
  }
  return overrides;
}
