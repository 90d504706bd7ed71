import { db } from "@/lib/db";
import { ValidationFailed, type FieldError } from "@/lib/errors";
import { PROMPT_NAME, findVisiblePrompt } from "@/lib/prompts/find-prompt";

// Pins are written "name[@ws]:vX.Y.Z[-label]" in requests and read back as {name, version}.

import { MACHINE_STAGES, type MachineStage } from "@/lib/lifecycle/stages";

export { MACHINE_STAGES, type MachineStage };

export function parsePin(pin: string): { name: string; version: string } | null {
  const at = pin.lastIndexOf(":");
  if (at <= 0) return null;
  const name = pin.slice(0, at);
  const version = pin.slice(at + 1);
  return PROMPT_NAME.test(name) && /^v\d/.test(version) ? { name, version } : null;
}

export type PinnedVersion =
  { kind: "found"; id: string; workspaceSlug: string } | { kind: "no_prompt" } | { kind: "wrong_stage"; baseName: string } | { kind: "no_version" };

/**
 * The version a parsed pin names among the prompts the workspace may use, for a prompt of `stage`
 * (its production prompt or a fork of it); or why not, for the caller to say in its own 422.
 */
export async function findPinnedVersion(workspaceId: string, pin: { name: string; version: string }, stage: string): Promise<PinnedVersion> {
  const prompt = await findVisiblePrompt(workspaceId, pin.name).catch(() => null);
  if (!prompt) return { kind: "no_prompt" };
  if (prompt.baseName !== stage) return { kind: "wrong_stage", baseName: prompt.baseName };
  const version = await db().promptVersion.findUnique({ where: { promptId_version: { promptId: prompt.id, version: pin.version } }, select: { id: true } });
  return version ? { kind: "found", id: version.id, workspaceSlug: prompt.workspace.slug } : { kind: "no_version" };
}

/**
 * Resolves {stage: "name[@ws]:version"} to prompt version ids the workspace may use. Each pin must
 * name a prompt for its own stage (the stage's production prompt or a fork of it). 422 otherwise,
 * with the path of each bad pin under `field`.
 */
export async function resolvePins(workspaceId: string, pins: Record<string, string>, field: string): Promise<Map<MachineStage, string>> {
  const errors: FieldError[] = [];
  const resolved = new Map<MachineStage, string>();
  for (const [stage, pin] of Object.entries(pins)) {
    const path = `${field}.${stage}`;
    if (!(MACHINE_STAGES as readonly string[]).includes(stage)) {
      errors.push({ path, message: `is not a machine stage (${MACHINE_STAGES.join(", ")})` });
      continue;
    }
    const parsed = parsePin(pin);
    if (!parsed) {
      errors.push({ path, message: 'must look like "name[@workspace]:vX.Y.Z[-label]"' });
      continue;
    }
    const found = await findPinnedVersion(workspaceId, parsed, stage);
    if (found.kind === "found") resolved.set(stage as MachineStage, found.id);
    else
      errors.push({
        path,
        message: found.kind === "no_version" ? `${parsed.name} has no version ${parsed.version}` : `no ${stage} prompt named ${parsed.name} in this workspace`,
      });
  }
  if (errors.length) throw new ValidationFailed(errors);
  return resolved;
}
