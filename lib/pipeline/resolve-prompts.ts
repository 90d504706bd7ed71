import { db } from "@/lib/db";
import type { PromptVersion } from "@/lib/generated/prisma/client.ts";
import { MACHINE_STAGES, type MachineStage } from "@/lib/packs/pins";

export type ResolvedPrompt = PromptVersion & { prompt: { name: string } };

/** The prompt version each machine stage runs for a run: run pin > campaign pin > pack pin > production. */
export async function resolveRunPrompts(runId: string): Promise<Map<MachineStage, ResolvedPrompt>> {
  const run = await db().run.findUniqueOrThrow({
    where: { id: runId },
    select: {
      pins: { select: { stage: true, promptVersionId: true } },
      campaign: { select: { pins: { select: { stage: true, promptVersionId: true } } } },
      pack: { select: { prompts: { select: { stage: true, promptVersionId: true } } } },
    },
  });
  const chosen = new Map<string, string>();
  for (const layer of [run.pack.prompts, run.campaign?.pins ?? [], run.pins]) for (const pin of layer) chosen.set(pin.stage, pin.promptVersionId);
  const missing = MACHINE_STAGES.filter((stage) => !chosen.has(stage));
  if (missing.length) {
    const production = await db().prompt.findMany({ where: { name: { in: missing }, productionVersionId: { not: null } }, select: { name: true, productionVersionId: true } });
    for (const prompt of production) chosen.set(prompt.name, prompt.productionVersionId!);
  }
  const versions = await db().promptVersion.findMany({ where: { id: { in: [...chosen.values()] } }, include: { prompt: { select: { name: true } } } });
  const byId = new Map(versions.map((version) => [version.id, version]));
  return new Map(MACHINE_STAGES.filter((stage) => chosen.has(stage)).map((stage) => [stage, byId.get(chosen.get(stage)!)!]));
}
