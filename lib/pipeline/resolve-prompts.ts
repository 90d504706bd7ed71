import { db } from "@/lib/db";
import type { PromptVersion } from "@/lib/generated/prisma/client.ts";
import { resolvePromptSet } from "@/lib/governance/prompt-set";
import { MACHINE_STAGES, type MachineStage } from "@/lib/lifecycle/stages";

export type ResolvedPrompt = PromptVersion & { prompt: { name: string } };

/**
 * The prompt version each machine stage runs for a run: the set resolved (run pin > campaign pin >
 * pack pin > workspace label > production) and approved when the run was created, so a later pin
 * change or promotion never changes a run under way. Runs from before that was stored resolve now.
 */
export async function resolveRunPrompts(runId: string): Promise<Map<MachineStage, ResolvedPrompt>> {
  const run = await db().run.findUniqueOrThrow({
    where: { id: runId },
    select: { workspaceId: true, packId: true, campaignId: true, promptSet: true, pins: { select: { stage: true, promptVersionId: true } } },
  });
  let chosen = new Map<string, string>(Object.entries((run.promptSet ?? {}) as Record<string, string>));
  if (chosen.size === 0) {
    const set = await resolvePromptSet(run.workspaceId, {
      packId: run.packId,
      campaignId: run.campaignId,
      runPins: new Map(run.pins.map((pin) => [pin.stage, pin.promptVersionId])),
    });
    chosen = new Map(set.entries.map((entry) => [entry.stage, entry.versionId]));
  }
  const versions = await db().promptVersion.findMany({ where: { id: { in: [...chosen.values()] } }, include: { prompt: { select: { name: true } } } });
  const byId = new Map(versions.map((version) => [version.id, version]));
  return new Map(MACHINE_STAGES.filter((stage) => chosen.has(stage)).map((stage) => [stage, byId.get(chosen.get(stage)!)!]));
}
