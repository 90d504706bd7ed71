import { db } from "@/lib/db";
import { Conflict, ValidationFailed, type FieldError } from "@/lib/errors";
import { workspaceLabels } from "@/lib/governance/prompt-set";
import { FOLLOW_UP, REPLY } from "@/lib/lifecycle/stages";
import { findPinnedVersion, parsePin } from "@/lib/packs/pins";
import { SYSTEM_WORKSPACE_SLUG } from "@/lib/slug";

// An experiment's variants: pins resolved to versions of the step's prompt (draft_email at step 1,
// follow_up later, reply on the `reply` step: answers to replies, stored as step 0), and the
// approval gate each goes through like any pin. A version is a fork when it belongs to the
// workspace and is not the workspace's promoted label (the same rule as lib/governance/prompt-set.ts).
// A fork variant needs a live approval (a campaign's or a pack's, the sets a reviewer approved) that
// holds this version at this stage; otherwise 409 fork_not_approved.

export type ResolvedVariant = { promptVersionId: string; name: string; version: string; fork: boolean; weight: number };

/**
 * The `reply` step (contract §13: experiments on answers): stored as step 0, a number no draft of the
 * sequence has (steps are 1…8, answers -1, -2, …), and shown as "reply" on the API.
 */
export const REPLY_STEP = 0;
export type ExperimentStep = number | typeof REPLY;
export const storedStep = (step: ExperimentStep) => (step === REPLY ? REPLY_STEP : step);
export const shownStep = (step: number): ExperimentStep => (step === REPLY_STEP ? REPLY : step);
/** How pages and messages name a step: "step 2", or "the reply step". */
export const stepLabel = (step: number) => (step === REPLY_STEP ? "the reply step" : `step ${step}`);

export const stepPrompt = (step: number) => (step === 1 ? "draft_email" : step === REPLY_STEP ? REPLY : FOLLOW_UP);

/** Resolves the variants' pins (422 naming `variants.N.version`); every pin must be a version of the step's prompt, each once. */
export async function resolveVariants(workspaceId: string, step: number, variants: { version: string; weight: number }[]): Promise<ResolvedVariant[]> {
  const errors: FieldError[] = [];
  const resolved: ResolvedVariant[] = [];
  const base = stepPrompt(step);
  const labels = await workspaceLabels(workspaceId);
  for (const [index, variant] of variants.entries()) {
    const path = `variants.${index}.version`;
    const parsed = parsePin(variant.version);
    if (!parsed) {
      errors.push({ path, message: `must look like "${base}[@workspace]:vX.Y.Z[-label]"` });
      continue;
    }
    const found = await findPinnedVersion(workspaceId, parsed, base);
    if (found.kind !== "found") {
      const message =
        found.kind === "no_version"
          ? `${parsed.name} has no version ${parsed.version}`
          : `no ${base} prompt named ${parsed.name} in this workspace (${stepLabel(step)} runs ${base})`;
      errors.push({ path, message });
      continue;
    }
    const version = { id: found.id };
    if (resolved.some((other) => other.promptVersionId === version.id)) {
      errors.push({ path, message: `${variant.version} is already a variant; each version once` });
      continue;
    }
    const fork = found.workspaceSlug !== SYSTEM_WORKSPACE_SLUG && labels.get(base) !== version.id;
    resolved.push({ promptVersionId: version.id, name: parsed.name, version: parsed.version, fork, weight: variant.weight });
  }
  if (errors.length) throw new ValidationFailed(errors);
  return resolved;
}

/** 409 fork_not_approved naming each fork variant no live approval holds at this step's stage. */
export async function assertVariantsApproved(workspaceId: string, step: number, variants: ResolvedVariant[]): Promise<void> {
  const forks = variants.filter((variant) => variant.fork);
  if (forks.length === 0) return;
  const stage = stepPrompt(step);
  const live = await db().promptSetApproval.findMany({ where: { workspaceId, revokedAt: null }, select: { versions: true } });
  const approved = new Set<string>();
  for (const row of live) {
    for (const [key, entry] of Object.entries(row.versions as Record<string, { id?: string }>)) {
      if ((key === stage || key.startsWith(`${stage}#`)) && entry?.id) approved.add(entry.id);
    }
  }
  const missing = forks.filter((fork) => !approved.has(fork.promptVersionId));
  if (missing.length === 0) return;
  throw new Conflict(
    `Variants that are forks no reviewer approved: ${missing.map((fork) => `${fork.name} ${fork.version}`).join("; ")}. Approve a campaign or a pack's pins that use the fork at ${stage}, then create the experiment.`,
    "fork_not_approved",
    { forks: missing.map((fork) => ({ stage, ...(step > 1 ? { step } : {}), name: fork.name, version: fork.version, source: "experiment" })) },
  );
}
