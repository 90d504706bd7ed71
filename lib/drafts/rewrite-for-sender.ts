import { kindOfStep, publicStep } from "@/lib/lifecycle/draft-kind";
import { db, sql } from "@/lib/db";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { config } from "@/lib/config";
import { writeEvents } from "@/lib/events/outbox";
import { moveDraft } from "@/lib/lifecycle/draft";
import { moveLead } from "@/lib/lifecycle/lead";
import { settleRun } from "@/lib/lifecycle/run";
import { moveRunLead } from "@/lib/lifecycle/run-lead";
import { log } from "@/lib/log";
import { LEAD_FACT_COLUMNS, RUN_CONTEXT_SELECT, stageContext, type LeadFactRow } from "@/lib/pipeline/stage-context";
import { promptTarget, runPrompt } from "@/lib/prompts/run-prompt";
import { conversationOf, threadsOf } from "@/lib/sending/thread";
import { identitiesOf, signedContext } from "@/lib/senders/signer";
import { DRAFT_STATUS, LEAD_STATUS, RUN_LEAD_STATE } from "@/lib/statuses";
import { PENDING_SPAM_SCORE, queueSpamScores } from "@/lib/spam/score-draft";

// A draft goes out only From the sender it was written for (contract §13). When leads move to
// another sender (theirs was disabled or deleted, lib/wiring/sender-changes.ts), each of their drafts not
// yet sent — awaiting review, or approved with no send under way (its pending send was taken back
// first) — is written again with the same prompt version for the new sender (an answer to a reply by
// its `reply` version, from the conversation and the reply, as lib/replies/answer-reply.ts wrote it),
// and waits for review:
// an approval lapses (the lead waits for review again). Each rewrite is audited
// (`draft.rewritten_for_sender`) and announced again with `draft.ready`, naming the new sender. A
// model that cannot answer now leaves the text as it was, still back in review, so it is never
// sent unread under the new name.

type Row = LeadFactRow & {
  id: string;
  runId: string;
  runLeadId: string;
  leadId: string;
  step: number;
  replyId: string | null;
  status: string;
  promptVersionId: string | null;
};

export type Rewritten = { rewritten: number; lapsed: number; kept: number };

export async function rewriteForNewSender(workspaceId: string, runLeadIds: string[], fromSenderId: string, actor: Actor): Promise<Rewritten> {
  const outcome: Rewritten = { rewritten: 0, lapsed: 0, kept: 0 };
  if (!runLeadIds.length) return outcome;
  const { rows } = await sql().query<Row>(
    `SELECT d.id, d."runId", d."runLeadId", d."leadId", d.step, d."replyId", d.status, d."promptVersionId", ${LEAD_FACT_COLUMNS}
       FROM drafts d JOIN leads l ON l.id = d."leadId" LEFT JOIN sends s ON s."draftId" = d.id
      WHERE d."workspaceId" = $1 AND d."runLeadId" = ANY($2) AND d.status = ANY($3) AND s.id IS NULL
      ORDER BY d."runId", d.id`,
    [workspaceId, runLeadIds, [DRAFT_STATUS.awaiting_review, DRAFT_STATUS.approved]],
  );
  if (!rows.length) return outcome;
  const signers = await identitiesOf([...new Set(rows.map((row) => row.runLeadId))]);
  const versions = new Map(
    (
      await db().promptVersion.findMany({
        where: { id: { in: [...new Set(rows.flatMap((row) => (row.promptVersionId ? [row.promptVersionId] : [])))] } },
        include: { prompt: { select: { name: true } } },
      })
    ).map((version) => [version.id, version]),
  );
  const threads = await threadsOf(rows.filter((row) => row.step > 1).map((row) => row.runLeadId));
  const appUrl = config().APP_URL;
  for (const runId of new Set(rows.map((row) => row.runId))) {
    const run = await db().run.findUniqueOrThrow({ where: { id: runId }, select: RUN_CONTEXT_SELECT });
    const base = stageContext(run);
    for (const row of rows.filter((r) => r.runId === runId)) {
      const signer = signers.get(row.runLeadId) ?? null;
      const context = signedContext(base, signer);
      const version = row.promptVersionId ? versions.get(row.promptVersionId) : undefined;
      let text: { subject: string; body: string } | null = null;
      if (version && row.step < 1 && row.replyId) {
        // An answer to a reply: the conversation so far and the reply, signed by the new sender.
        const reply = await db().reply.findUnique({ where: { id: row.replyId }, select: { fromEmail: true, subject: true, text: true, classification: true } });
        const ran = reply
          ? await runPrompt(
              "reply",
              version,
              {
                facts: row,
                signals: row.signals,
                context,
                thread: await conversationOf(row.runLeadId),
                reply: { from: reply.fromEmail, subject: reply.subject, text: reply.text, classification: reply.classification },
              },
              await promptTarget(workspaceId, version.modelDefault),
            )
          : null;
        if (ran?.kind === "done" && "subject" in ran.output) text = { subject: ran.output.subject, body: ran.output.body };
        else log.warn({ draftId: row.id, outcome: ran?.kind ?? "no_reply" }, "answer not rewritten for its new sender; back in review as it was");
      } else if (version && row.step >= 1) {
        const target = await promptTarget(workspaceId, version.modelDefault);
        const thread = (threads.get(row.runLeadId) ?? []).filter((entry) => entry.step < row.step).map((e) => ({ subject: e.subject, body: e.body }));
        const ran =
          row.step === 1
            ? await runPrompt("draft_email", version, { facts: row, signals: row.signals, context }, target)
            : await runPrompt("follow_up", version, { facts: row, signals: row.signals, context, step: row.step, thread }, target);
        if (ran.kind === "done" && "subject" in ran.output) text = { subject: ran.output.subject, body: ran.output.body };
        else log.warn({ draftId: row.id, outcome: ran.kind }, "draft not rewritten for its new sender; back in review as it was");
      }
      const lapsed = row.status === DRAFT_STATUS.approved;
      const changed = await db().$transaction(async (tx) => {
        // From changes with the sender (and the text when rewritten): SpamAssassin scores it again.
        const data = { ...(text ?? {}), edited: false, ...PENDING_SPAM_SCORE };
        const moved = lapsed
          ? await moveDraft(
              { id: row.id, workspaceId },
              DRAFT_STATUS.awaiting_review,
              { ...data, reviewerId: null, reviewedAt: null, sendAfter: null, approvalAnnouncedAt: null },
              { from: [DRAFT_STATUS.approved], tx },
            )
          : (await tx.draft.updateMany({ where: { id: row.id, workspaceId, status: DRAFT_STATUS.awaiting_review }, data })).count === 1;
        if (!moved) return false;
        if (lapsed && row.step >= 1) {
          // (An answer is no step: its lead and run lead stay where the reply left them.)
          await moveRunLead(row.runLeadId, RUN_LEAD_STATE.awaiting_review, {}, { tx, from: [RUN_LEAD_STATE.running] });
          await moveLead(row.leadId, LEAD_STATUS.drafted, { tx });
        }
        await writeEvents(tx, workspaceId, [
          {
            type: "draft.ready",
            data: {
              lead_id: row.leadId,
              draft_id: row.id,
              review_url: `${appUrl}/review/drafts/${row.id}`,
              run_id: row.runId,
              step: publicStep(row.step),
              sender_id: signer?.senderId ?? null,
              kind: kindOfStep(row.step),
              reply_id: row.replyId,
            },
          },
        ]);
        await recordAudit(tx, {
          workspaceId,
          actor,
          action: "draft.rewritten_for_sender",
          target: { type: "draft", id: row.id },
          data: { from_sender_id: fromSenderId, to_sender_id: signer?.senderId ?? null, rewritten: text !== null, approval_lapsed: lapsed },
        });
        return true;
      });
      if (!changed) continue;
      await queueSpamScores([row.id]);
      if (text) outcome.rewritten++;
      else outcome.kept++;
      if (lapsed) outcome.lapsed++;
    }
    await settleRun(runId);
  }
  return outcome;
}
