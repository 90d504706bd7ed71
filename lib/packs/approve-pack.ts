import { z } from "zod";
import { assertNoRegression } from "@/lib/evals/compare";
import { db } from "@/lib/db";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { Conflict, Forbidden } from "@/lib/errors";
import { forkList, fourEyesRefusal, liveApproval, recordSetApproval } from "@/lib/governance/approvals";
import { resolvePromptSet, setSnapshot, type PromptSet } from "@/lib/governance/prompt-set";
import { findVisiblePack } from "@/lib/packs/find-pack";
import { resolvePins } from "@/lib/packs/pins";

// Approving a pack's pins: the reviewer approves the set a run of this pack resolves (optionally
// with run pins on top, for runs that pin a fork themselves). Four eyes: a reviewer may not approve
// a set holding a fork they created.

export const ApprovePackBody = z
  .strictObject({
    pins: z.record(z.string(), z.string().max(200)).optional().meta({ description: "Run pins to approve on top of the pack's, as POST /runs takes them" }),
    override_reason: z
      .string()
      .trim()
      .min(1)
      .max(2000)
      .optional()
      .meta({ description: "Required when a fork's pass rate is below its parent's (409 eval_regression otherwise); audited" }),
  })
  .meta({ id: "ApprovePack" });

const SetEntrySchema = z.object({ name: z.string(), version: z.string(), source: z.enum(["run", "campaign", "pack", "label", "production"]) });
export const PromptSetStateSchema = z
  .object({
    set_hash: z.string(),
    prompts: z.record(z.string(), SetEntrySchema),
    forks: z.array(SetEntrySchema.extend({ stage: z.string() })),
    approved: z.boolean(),
    approved_by: z.string().nullable(),
    approved_at: z.string().nullable(),
  })
  .meta({ id: "PromptSetState" });
export type PromptSetState = z.infer<typeof PromptSetStateSchema>;

async function setState(workspaceId: string, packId: string, runPins?: Map<string, string>) {
  const set = await resolvePromptSet(workspaceId, { packId, runPins });
  const approval = set.forks.length ? await liveApproval(workspaceId, set.hash) : null;
  const prompts = Object.fromEntries(Object.entries(setSnapshot(set)).map(([stage, { name, version, source }]) => [stage, { name, version, source }]));
  return {
    set,
    state: {
      set_hash: set.hash,
      prompts,
      forks: forkList(set),
      approved: set.forks.length === 0 || approval !== null,
      approved_by: approval?.approvedById ?? null,
      approved_at: approval?.createdAt.toISOString() ?? null,
    },
  };
}

/** The prompt set a run of this pack resolves now, and whether it is approved. */
export async function packSetState(workspaceId: string, slug: string) {
  const pack = await findVisiblePack(workspaceId, slug);
  return (await setState(workspaceId, pack.id)).state;
}

type Refusal = { status: 403 | 409; reason: string };

/** Why this reviewer cannot approve the set, or null: the rule approvePack enforces and the pack page shows. */
export async function packApprovalRefusal(set: PromptSet, approved: boolean, reviewerUserId: string): Promise<Refusal | null> {
  if (set.forks.length === 0) return { status: 409, reason: "This prompt set holds no fork: runs of it need no approval." };
  if (approved) return { status: 409, reason: "This prompt set is already approved." };
  for (const fork of set.forks) {
    const refusal = await fourEyesRefusal(reviewerUserId, [fork.createdById], `${fork.name} ${fork.version}, a fork in this prompt set`);
    if (refusal) return { status: 403, reason: refusal };
  }
  return null;
}

export type PackSetForUser = PromptSetState & { can_approve: boolean; approve_blocked_reason: string | null };

/** The web pack page's set: the state, and whether this user may approve it (and why not). */
export async function packSetStateFor(workspaceId: string, slug: string, reviewerUserId: string): Promise<PackSetForUser> {
  const pack = await findVisiblePack(workspaceId, slug);
  const { set, state } = await setState(workspaceId, pack.id);
  const refusal = await packApprovalRefusal(set, state.approved, reviewerUserId);
  return { ...state, can_approve: refusal === null, approve_blocked_reason: refusal?.reason ?? null };
}

export async function approvePack(workspaceId: string, slug: string, body: z.infer<typeof ApprovePackBody>, reviewer: { userId: string; actor: Actor }) {
  const pack = await findVisiblePack(workspaceId, slug);
  const runPins = body.pins ? await resolvePins(workspaceId, body.pins, "pins") : undefined;
  const { set, state } = await setState(workspaceId, pack.id, runPins);
  const refusal = await packApprovalRefusal(set, state.approved, reviewer.userId);
  if (refusal) throw refusal.status === 403 ? new Forbidden(refusal.reason) : new Conflict(refusal.reason);
  const regressions = await assertNoRegression(workspaceId, set, body.override_reason);
  const overrideReason = regressions.length ? body.override_reason! : null;
  await db().$transaction(async (tx) => {
    await recordSetApproval(tx, { workspaceId, set, scopeType: "pack", scopeId: pack.id, packId: pack.id, approvedById: reviewer.userId, overrideReason });
    const diffs = await tx.promptVersion.findMany({ where: { id: { in: set.forks.map((fork) => fork.versionId) } }, select: { diffFromPrevious: true } });
    await recordAudit(tx, {
      workspaceId,
      actor: reviewer.actor,
      action: "pack.approved",
      target: { type: "pack", id: pack.id },
      data: {
        slug,
        set_hash: set.hash,
        forks: forkList(set),
        run_pins: body.pins ?? {},
        ...(overrideReason ? { override_reason: overrideReason, regressions } : {}),
      },
      diff: diffs.map((row) => row.diffFromPrevious).join("\n") || null,
    });
  });
  return (await setState(workspaceId, pack.id, runPins)).state;
}
