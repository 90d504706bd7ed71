import { z } from "zod";
import { db } from "@/lib/db";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { Conflict, NotFound } from "@/lib/errors";
import { moveSend } from "@/lib/lifecycle/send";
import { enqueueAfterCommit } from "@/lib/queues";
import { settleRun } from "@/lib/lifecycle/run";
import { getSend } from "@/lib/sending/list-sends";
import { recordSentIn, SENDING_DRAFT_SELECT } from "@/lib/sending/record-send";
import { SEND_STATUS, RUN_STATUS } from "@/lib/statuses";

// A reviewer's decision on a send in doubt (contract §12, POST /sends/{id}/resolve), audited
// (send.resolved):
//   sent    the reviewer knows it arrived (the recipient answered, the relay's log shows it): recorded
//           sent with send.completed, confirmed = false, noted "confirmed by a reviewer";
//   resend  the reviewer judges it lost: back to `pending` and queued again under the SAME Message-ID,
//           so a recipient whose server did get the first copy sees one message (clients dedupe by it).
// 409 for a send that is not in doubt (also one the Sent folder or another reviewer resolved a
// moment ago), and for a resend of a draft whose run no longer sends (canceled).

export const ResolveSendBody = z
  .strictObject({
    outcome: z.enum(["sent", "resend"]).meta({ description: "`sent`: record it sent (confirmed by you); `resend`: send it again under the same Message-ID" }),
  })
  .meta({ id: "ResolveSend" });
export type ResolveSendBody = z.infer<typeof ResolveSendBody>;

export async function resolveSend(workspaceId: string, sendId: string, body: ResolveSendBody, actor: Actor) {
  const send = await db().send.findFirst({
    where: { id: sendId, workspaceId },
    include: {
      draft: { select: { ...SENDING_DRAFT_SELECT, run: { select: { stopAfter: true, status: true } } } },
    },
  });
  if (!send) throw new NotFound("send");
  if (send.status !== SEND_STATUS.in_doubt) throw new Conflict(`This send is ${send.status}, not in doubt: there is nothing to resolve.`);
  const draft = send.draft;
  if (body.outcome === "resend" && draft.run.status === RUN_STATUS.canceled)
    throw new Conflict("This draft's run was canceled: it is not sent again. Resolve it as sent if it arrived.");

  await db().$transaction(async (tx) => {
    if (body.outcome === "sent") {
      const recorded = await recordSentIn(
        tx,
        draft,
        send,
        { acceptedAt: send.committingAt ?? send.inDoubtAt ?? new Date(), confirmed: false, note: "Confirmed by a reviewer after its outcome was in doubt." },
        [SEND_STATUS.in_doubt],
      );
      if (!recorded) throw new Conflict("This send was resolved a moment ago.");
    } else {
      const moved = await moveSend(
        { id: send.id },
        SEND_STATUS.pending,
        { committingAt: null, error: "A reviewer asked for it to be sent again, under the same Message-ID." },
        { from: [SEND_STATUS.in_doubt], tx },
      );
      if (!moved) throw new Conflict("This send was resolved a moment ago.");
    }
    await recordAudit(tx, {
      workspaceId,
      actor,
      action: "send.resolved",
      target: { type: "send", id: send.id },
      data: { outcome: body.outcome, draft_id: draft.id, message_id: send.messageId, in_doubt_since: send.inDoubtAt?.toISOString() ?? null },
    });
  });
  if (body.outcome === "sent") await settleRun(draft.runId);
  // If Redis is away, the resume sweep queues the pending send within a minute or two.
  else await enqueueAfterCommit("send", { v: 1, draftId: draft.id }, { tag: `resend-${Date.now().toString(36)}` });
  return getSend(workspaceId, send.id);
}
