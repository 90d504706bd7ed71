import { sql, type Tx } from "@/lib/db";
import { DRAFT_STATUS } from "@/lib/statuses";

// How long a reviewer took to decide (contract §13): each reviewer's first read of a draft awaiting
// review starts their clock (the draft page's data or GET /drafts/{id}); their approval or rejection
// stops it and records `decision_ms` on the draft (lib/runs/run-review.ts takes a run's median).

/** Notes a user's first read of a draft while it awaits review; later reads and reads after the decision change nothing. */
export async function noteFirstRead(draftId: string, userId: string) {
  await sql().query(
    `INSERT INTO draft_reads ("draftId", "userId")
       SELECT id, $2 FROM drafts WHERE id = $1 AND status = $3
     ON CONFLICT DO NOTHING`,
    [draftId, userId, DRAFT_STATUS.awaiting_review],
  );
}

/** The decision's duration for this reviewer, read inside the deciding transaction: null when they never read the draft first. */
export async function decisionMs(tx: Tx, draftId: string, userId: string, decidedAt: Date): Promise<number | null> {
  const read = await tx.draftRead.findUnique({ where: { draftId_userId: { draftId, userId } }, select: { firstReadAt: true } });
  return read ? Math.max(0, decidedAt.getTime() - read.firstReadAt.getTime()) : null;
}
