import type { Tx } from "@/lib/db";
import { db } from "@/lib/db";
import { Conflict, Forbidden } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { setSnapshot, type PromptSet } from "@/lib/governance/prompt-set";

// The one gate (docs/prompts.md, "Governance"): a run may start only when every fork in its resolved
// prompt set is approved for that exact set. An approval is a row keyed by the set's hash, written
// by a reviewer from a campaign or for a pack's pins (optionally with run pins on top), and revoked
// when a pin that feeds it changes.

export function forkList(set: PromptSet) {
  return set.forks.map((fork) => ({
    stage: fork.stage,
    ...(fork.step !== null ? { step: fork.step } : {}),
    name: fork.name,
    version: fork.version,
    source: fork.source,
  }));
}

/** The live approval of this exact set, if any. */
export function liveApproval(workspaceId: string, hash: string) {
  return db().promptSetApproval.findFirst({ where: { workspaceId, setHash: hash, revokedAt: null }, orderBy: { id: "desc" } });
}

/** 409 `fork_not_approved` naming each unapproved fork and the stage it feeds. */
export async function assertSetApproved(workspaceId: string, set: PromptSet): Promise<void> {
  if (set.forks.length === 0) return;
  if (await liveApproval(workspaceId, set.hash)) return;
  const names = set.forks
    .map((fork) => `${fork.stage}${fork.step !== null ? ` (step ${fork.step})` : ""}: ${fork.name} ${fork.version} (${fork.source} pin)`)
    .join("; ");
  throw new Conflict(
    `This run's prompt set holds forks no reviewer approved for this set: ${names}. Approve the campaign, or the pack's pins, that produce it.`,
    "fork_not_approved",
    { forks: forkList(set), set_hash: set.hash },
  );
}

export async function recordSetApproval(
  tx: Tx,
  input: {
    workspaceId: string;
    set: PromptSet;
    scopeType: "campaign" | "pack";
    scopeId: string;
    packId: string;
    approvedById: string;
    overrideReason?: string | null;
  },
) {
  await tx.promptSetApproval.updateMany({
    where: { workspaceId: input.workspaceId, scopeType: input.scopeType, scopeId: input.scopeId, setHash: input.set.hash, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  return tx.promptSetApproval.create({
    data: {
      id: newId("apv"),
      workspaceId: input.workspaceId,
      setHash: input.set.hash,
      versions: setSnapshot(input.set),
      scopeType: input.scopeType,
      scopeId: input.scopeId,
      packId: input.packId,
      approvedById: input.approvedById,
      overrideReason: input.overrideReason ?? null,
    },
  });
}

/** Takes back approvals fed by a pin that changed; answers how many lapsed. */
export async function revokeApprovals(tx: Tx, workspaceId: string, where: { scopeType: "campaign"; scopeId: string } | { packId: string }): Promise<number> {
  const { count } = await tx.promptSetApproval.updateMany({ where: { workspaceId, revokedAt: null, ...where }, data: { revokedAt: new Date() } });
  return count;
}

/** Takes back approvals whose set took `stage` from the workspace label or production (a promotion changed it). */
export async function revokeLabelFedApprovals(tx: Tx, workspaceId: string, stage: string): Promise<number> {
  const live = await tx.promptSetApproval.findMany({ where: { workspaceId, revokedAt: null }, select: { id: true, versions: true } });
  const fed = live.filter((row) => {
    // A stage's entry, or (follow_up) any campaign step's entry keyed `follow_up#<step>`.
    const entries = Object.entries(row.versions as Record<string, { source?: string }>).filter(([key]) => key === stage || key.startsWith(`${stage}#`));
    return entries.some(([, entry]) => entry?.source === "label" || entry?.source === "production");
  });
  if (fed.length === 0) return 0;
  await tx.promptSetApproval.updateMany({ where: { id: { in: fed.map((row) => row.id) } }, data: { revokedAt: new Date() } });
  return fed.length;
}

/** The user behind a recorded actor id (a user id, or a token acting for its creator). */
async function userBehind(actorId: string | null): Promise<string | null> {
  if (!actorId) return null;
  if (!actorId.startsWith("tok_")) return actorId;
  const token = await db().apiToken.findUnique({ where: { id: actorId }, select: { userId: true } });
  return token?.userId ?? null;
}

/**
 * Four eyes: whoever created what is being approved may not approve it. Answers why this user may
 * not, or null; the pages ask this to disable the button, the approval calls assertFourEyes.
 */
export async function fourEyesRefusal(approverUserId: string, creatorActorIds: (string | null)[], what: string): Promise<string | null> {
  for (const actorId of creatorActorIds) {
    if ((await userBehind(actorId)) === approverUserId) return `You created ${what}; another reviewer must approve or reject it (four eyes).`;
  }
  return null;
}

/** Four eyes (403): see fourEyesRefusal. */
export async function assertFourEyes(approverUserId: string, creatorActorIds: (string | null)[], what: string): Promise<void> {
  const refusal = await fourEyesRefusal(approverUserId, creatorActorIds, what);
  if (refusal) throw new Forbidden(refusal);
}
