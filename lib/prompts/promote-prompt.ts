import { z } from "zod";
import { db, type Tx } from "@/lib/db";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { Conflict, ValidationFailed } from "@/lib/errors";
import { revokeLabelFedApprovals } from "@/lib/governance/approvals";
import { newId } from "@/lib/ids";
import { promptDiff } from "@/lib/prompts/diff";
import { findVisiblePrompt } from "@/lib/prompts/find-prompt";
import { PromptRef } from "@/lib/prompts/present-version";
import { SYSTEM_WORKSPACE_SLUG } from "@/lib/slug";

// The workspace's promotion label, `production@<ws>`, per prompt: the version its runs resolve
// before the system's production version (lib/governance/prompt-set.ts). Promoting a fork goes
// through the approval gate: the fork must be part of a prompt set a reviewer approved. Each
// promotion and rollback is an audit entry with the diff between the old default and the new.

export const PromoteBody = z.strictObject({ version: z.string().min(2).max(100).meta({ example: "v1.2.0-acme" }) }).meta({ id: "PromotePrompt" });

export const PromptDefaultSchema = z
  .object({
    prompt: z.string().meta({ description: "The prompt's base name (a stage)" }),
    label: z.string().meta({ example: "production@acme" }),
    default: PromptRef.meta({ description: "What runs of this workspace resolve for the stage when no pin says otherwise" }),
    promoted: z.boolean().meta({ description: "false when the default is the system's production version" }),
    previous: PromptRef.nullable(),
  })
  .meta({ id: "PromptDefault" });

const VERSION = { include: { prompt: { select: { name: true, baseName: true, workspaceId: true, workspace: { select: { slug: true } } } } } } as const;

async function currentDefault(tx: Tx, workspaceId: string, baseName: string) {
  const promotion = await tx.promptPromotion.findFirst({
    where: { workspaceId, baseName, rolledBackAt: null },
    orderBy: { id: "desc" },
    include: { promptVersion: VERSION },
  });
  if (promotion) return { promotion, version: promotion.promptVersion };
  const system = await tx.prompt.findUniqueOrThrow({ where: { name: baseName }, select: { productionVersionId: true } });
  return { promotion: null, version: await tx.promptVersion.findUniqueOrThrow({ where: { id: system.productionVersionId! }, ...VERSION }) };
}

type Version = Awaited<ReturnType<typeof currentDefault>>["version"];
const ref = (version: Version) => ({ name: version.prompt.name, version: version.version });
const diffBetween = (from: Version, to: Version) => promptDiff(`${from.prompt.name} ${from.version}`, from, `${to.prompt.name} ${to.version}`, to);

/** What the workspace's runs resolve for this prompt's stage when nothing pins it. */
export async function workspaceDefault(workspaceId: string, baseName: string) {
  const { promotion, version } = await currentDefault(db(), workspaceId, baseName);
  return { ...ref(version), promoted: promotion !== null };
}

/** The ids of every version held by a live approved prompt set of the workspace. */
export async function approvedVersionIds(workspaceId: string): Promise<Set<string>> {
  const approvals = await db().promptSetApproval.findMany({ where: { workspaceId, revokedAt: null }, select: { versions: true } });
  return new Set(approvals.flatMap((row) => Object.values(row.versions as Record<string, { id: string }>).map((entry) => entry.id)));
}

/**
 * Why this version cannot be promoted, or null. The fork must be in a live approved set (the gate);
 * a built-in version needs no approval. promotePrompt enforces it; the prompt page disables Promote with it.
 */
export function promoteRefusal(version: { id: string; name: string; version: string; builtIn: boolean }, approved: Set<string>): string | null {
  if (version.builtIn || approved.has(version.id)) return null;
  return `${version.name} ${version.version} is a fork no reviewer has approved. Approve a campaign or pack prompt set holding it first.`;
}

async function assertPromotable(workspaceId: string, version: Version) {
  const refusal = promoteRefusal(
    { id: version.id, name: version.prompt.name, version: version.version, builtIn: version.prompt.workspace.slug === SYSTEM_WORKSPACE_SLUG },
    await approvedVersionIds(workspaceId),
  );
  if (refusal) {
    throw new Conflict(refusal, "fork_not_approved", {
      forks: [{ stage: version.prompt.baseName, name: version.prompt.name, version: version.version, source: "label" }],
    });
  }
}

export async function promotePrompt(workspace: { id: string; slug: string }, name: string, body: z.infer<typeof PromoteBody>, actor: Actor) {
  const prompt = await findVisiblePrompt(workspace.id, name);
  const version = await db().promptVersion.findUnique({ where: { promptId_version: { promptId: prompt.id, version: body.version } }, ...VERSION });
  if (!version) throw new ValidationFailed([{ path: "version", message: `${name} has no version ${body.version}` }]);
  await assertPromotable(workspace.id, version);
  return db().$transaction(async (tx) => {
    const before = await currentDefault(tx, workspace.id, prompt.baseName);
    if (before.version.id === version.id) throw new Conflict(`${name} ${body.version} is already this workspace's default.`);
    await tx.promptPromotion.create({
      data: { id: newId("prp"), workspaceId: workspace.id, baseName: prompt.baseName, promptVersionId: version.id, createdById: actor.id },
    });
    const revoked = await revokeLabelFedApprovals(tx, workspace.id, prompt.baseName);
    await recordAudit(tx, {
      workspaceId: workspace.id,
      actor,
      action: "prompt.promoted",
      target: { type: "prompt_version", id: version.id },
      data: { prompt: prompt.baseName, label: `production@${workspace.slug}`, from: ref(before.version), to: ref(version), approvals_revoked: revoked },
      diff: diffBetween(before.version, version),
    });
    return { prompt: prompt.baseName, label: `production@${workspace.slug}`, default: ref(version), promoted: true, previous: ref(before.version) };
  });
}

/** Undoes the latest promotion: the default goes back to what it was before it. */
export async function rollbackPrompt(workspace: { id: string; slug: string }, name: string, actor: Actor) {
  const prompt = await findVisiblePrompt(workspace.id, name);
  return db().$transaction(async (tx) => {
    const before = await currentDefault(tx, workspace.id, prompt.baseName);
    if (!before.promotion) throw new Conflict(`This workspace has not promoted a version of ${prompt.baseName}: nothing to roll back.`);
    await tx.promptPromotion.update({ where: { id: before.promotion.id }, data: { rolledBackAt: new Date() } });
    const after = await currentDefault(tx, workspace.id, prompt.baseName);
    const revoked = await revokeLabelFedApprovals(tx, workspace.id, prompt.baseName);
    await recordAudit(tx, {
      workspaceId: workspace.id,
      actor,
      action: "prompt.rolled_back",
      target: { type: "prompt_version", id: before.version.id },
      data: { prompt: prompt.baseName, label: `production@${workspace.slug}`, from: ref(before.version), to: ref(after.version), approvals_revoked: revoked },
      diff: diffBetween(before.version, after.version),
    });
    return {
      prompt: prompt.baseName,
      label: `production@${workspace.slug}`,
      default: ref(after.version),
      promoted: after.promotion !== null,
      previous: ref(before.version),
    };
  });
}
