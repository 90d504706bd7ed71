import { z } from "zod";
import type { Tx } from "@/lib/db";
import { ValidationFailed, type FieldError } from "@/lib/errors";
import { parseWait, waitInWords } from "@/lib/campaigns/duration";
import type { PromptSet, SetSource } from "@/lib/governance/prompt-set";
import { FOLLOW_UP } from "@/lib/lifecycle/stages";
import { findPinnedVersion, parsePin } from "@/lib/packs/pins";
import { PromptRef } from "@/lib/prompts/present-version";

// A campaign's sequence (contract §12; docs/pipeline.md "Sequences"). `steps` is the whole
// ordered list, step 1 included, so a step's number is its place in the list:
//   [{}, {wait: "P3D", prompt: "follow_up"}, {wait: "P4D", prompt: "follow_up@acme:v1.0.1"}]
// Step 1 is the first email: it has no wait, and its prompt is draft_email as the campaign resolves
// it (`pins.draft_email`, the pack, the workspace); it may say `prompt: "draft_email"` and nothing
// else. Each later step waits `wait` after the previous step's send and runs `follow_up` (as the
// workspace resolves it) or the pinned follow_up version or fork. A campaign without steps is one
// step. This file stores and validates steps and gates their versions; a run keeps a copy of them
// (`runs.steps`) and lib/sequences/ drafts, sends and stops the later steps.

export const MAX_STEPS = 8;

export const CampaignStepInput = z
  .strictObject({
    wait: z
      .string()
      .max(40)
      .optional()
      .meta({ description: 'Later steps: an ISO 8601 duration after the previous step\'s send ("P3D", "PT4H", "PT5S"). Step 1 has none.' }),
    prompt: z.string().max(200).optional().meta({
      description:
        'Step 1: "draft_email" (or omitted; its version comes from the campaign\'s pins). Later steps: "follow_up" (the default) or a pin "follow_up[@ws]:vX.Y.Z[-label]".',
    }),
  })
  .meta({ id: "CampaignStepInput" });

export const CampaignStepsInput = z
  .array(CampaignStepInput)
  .min(1, "a campaign has at least one step (the first email)")
  .max(MAX_STEPS, `a campaign has at most ${MAX_STEPS} steps`)
  .meta({ description: "The whole sequence in order; step 1 (the first email) comes first. Replaces the campaign's steps on PATCH." });

export const CampaignStepSchema = z
  .object({
    step: z.number().int().min(1).max(MAX_STEPS),
    wait: z.string().nullable().meta({ description: "ISO 8601 duration after the previous step's send; null for step 1" }),
    wait_seconds: z.number().int().nullable(),
    wait_words: z.string().nullable().meta({ description: 'The wait in words, e.g. "3 days"' }),
    prompt: z.string().meta({ description: '"draft_email" (step 1), "follow_up", or the pin as written' }),
    version: PromptRef.nullable().meta({ description: "The version this step runs as the campaign resolves it now (null: none is installed)" }),
    source: z.enum(["run", "campaign", "pack", "label", "production"]).nullable(),
    fork: z.boolean().meta({ description: "The version is a workspace fork: the campaign needs approval" }),
  })
  .meta({ id: "CampaignStep" });

export type StepRow = { step: number; wait: string | null; waitSeconds: number | null; prompt: string; promptVersionId: string | null };

/** Checks the steps as sent and resolves each pin; 422 naming `steps.<index>.<field>` for each problem. */
export async function resolveSteps(workspaceId: string, steps: z.infer<typeof CampaignStepsInput>): Promise<StepRow[]> {
  const errors: FieldError[] = [];
  const rows: StepRow[] = [];
  for (const [index, step] of steps.entries()) {
    const path = `steps.${index}`;
    if (index === 0) {
      if (step.wait !== undefined) errors.push({ path: `${path}.wait`, message: "step 1 is the first email: it has no wait" });
      if (step.prompt !== undefined && step.prompt !== "draft_email")
        errors.push({ path: `${path}.prompt`, message: "step 1 is the first email and runs draft_email; pin its version with pins.draft_email" });
      rows.push({ step: 1, wait: null, waitSeconds: null, prompt: "draft_email", promptVersionId: null });
      continue;
    }
    let waitSeconds: number | null = null;
    if (step.wait === undefined) errors.push({ path: `${path}.wait`, message: `step ${index + 1} needs a wait, e.g. "P3D"` });
    else {
      const parsed = parseWait(step.wait);
      if ("error" in parsed) errors.push({ path: `${path}.wait`, message: parsed.error });
      else waitSeconds = parsed.seconds;
    }
    const prompt = step.prompt?.trim() || FOLLOW_UP;
    const versionId = prompt === FOLLOW_UP ? null : await resolveFollowUpPin(workspaceId, prompt, `${path}.prompt`, errors);
    rows.push({ step: index + 1, wait: step.wait?.trim().toUpperCase() ?? null, waitSeconds, prompt, promptVersionId: versionId });
  }
  if (errors.length) throw new ValidationFailed(errors);
  return rows;
}

async function resolveFollowUpPin(workspaceId: string, pin: string, path: string, errors: FieldError[]): Promise<string | null> {
  const parsed = parsePin(pin);
  if (!parsed) {
    errors.push({ path, message: 'must be "follow_up" or a pin like "follow_up[@workspace]:vX.Y.Z[-label]"' });
    return null;
  }
  const found = await findPinnedVersion(workspaceId, parsed, FOLLOW_UP);
  if (found.kind === "found") return found.id;
  errors.push({
    path,
    message:
      found.kind === "no_prompt"
        ? `no prompt named ${parsed.name} in this workspace`
        : found.kind === "wrong_stage"
          ? `${parsed.name} is a ${found.baseName} prompt; a later step runs a follow_up prompt`
          : `${parsed.name} has no version ${parsed.version}`,
  });
  return null;
}

/** Replaces the campaign's steps (none stored: one step). */
export async function writeSteps(tx: Tx, campaignId: string, rows: StepRow[]): Promise<void> {
  await tx.campaignStep.deleteMany({ where: { campaignId } });
  // One step with nothing to say is the campaign as it was without steps.
  if (rows.length <= 1) return;
  await tx.campaignStep.createMany({ data: rows.map((row) => ({ campaignId, ...row })) });
}

/** The steps as GET shows them, each with the version the campaign resolves for it now. */
export function presentSteps(rows: StepRow[], set: PromptSet): z.infer<typeof CampaignStepSchema>[] {
  const all = rows.length
    ? [...rows].sort((a, b) => a.step - b.step)
    : [{ step: 1, wait: null, waitSeconds: null, prompt: "draft_email", promptVersionId: null }];
  return all.map((row) => {
    const entry = row.step === 1 ? set.entries.find((e) => e.stage === "draft_email") : set.entries.find((e) => e.stage === FOLLOW_UP && e.step === row.step);
    return {
      step: row.step,
      wait: row.wait,
      wait_seconds: row.waitSeconds,
      wait_words: row.waitSeconds === null ? null : waitInWords(row.waitSeconds),
      prompt: row.prompt,
      version: entry ? { name: entry.name, version: entry.version } : null,
      source: (entry?.source ?? null) as SetSource | null,
      fork: entry?.fork ?? false,
    };
  });
}
