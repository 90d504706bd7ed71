import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { config } from "@/lib/config";
import { db, sql } from "@/lib/db";
import { RISK_ORDER } from "@/lib/review-checks/draft-checks";
import { DRAFT_INCLUDE, presentDraft } from "@/lib/drafts/present-draft";
import { NotFound, ValidationFailed } from "@/lib/errors";
import { experimentVersionFor } from "@/lib/experiments/assign";
import { REPLY_STEP } from "@/lib/experiments/variants";
import { writeEvents } from "@/lib/events/outbox";
import { newId } from "@/lib/ids";
import { moveDraft } from "@/lib/lifecycle/draft";
import { REPLY } from "@/lib/lifecycle/stages";
import { log } from "@/lib/log";
import { reviewOne, signedReview } from "@/lib/pipeline/review-drafts";
import { resolveRunPrompts, type ResolvedPrompt } from "@/lib/pipeline/resolve-prompts";
import { LEAD_FACT_COLUMNS, RUN_CONTEXT_SELECT, stageContext, type LeadFactRow } from "@/lib/pipeline/stage-context";
import { promptTarget, runPrompt } from "@/lib/prompts/run-prompt";
import { enqueueBulk, enqueueBulkAfterCommit } from "@/lib/queues";
import { identitiesOf, signedContext } from "@/lib/senders/signer";
import { DRAFT_STATUS } from "@/lib/statuses";

// Answer drafts (contract §13): the `reply` prompt of the run's prompt set writes an answer to a
// lead's reply from the conversation (what we sent the lead, oldest first, and the reply) and the
// offer, signed by the lead's sender. Written automatically for replies classified interested,
// meeting_request or question (an `answer` job queued after track commits), and on demand for any
// reply (POST /replies/{id}/answer). An answer is a draft like any other (`kind` reply, reviewed,
// edited and approved with the usual endpoints, evidence and checks with the thread as a source)
// but no step of the sequence: it is stored with step -1, -2, … (lib/drafts/draft-kind.ts). Asked
// again, the reply's earlier answers still awaiting review are canceled, so one answer goes out.

/** The classes a reply is answered for without being asked (contract §13). */
export const ANSWERED_CLASSES = ["interested", "meeting_request", "question"] as const;

export class AnswerNotWritten extends Error {}

/** The built-in production `reply` version: for runs whose stored prompt set predates answers. */
async function productionReply(): Promise<ResolvedPrompt | null> {
  const prompt = await db().prompt.findFirst({
    where: { name: REPLY, productionVersionId: { not: null }, workspace: { slug: "system" } },
    select: { productionVersionId: true },
  });
  if (!prompt) return null;
  return db().promptVersion.findUnique({ where: { id: prompt.productionVersionId! }, include: { prompt: { select: { name: true } } } });
}

/**
 * What we sent a run lead (steps and earlier answers), oldest first. The same read as
 * lib/sending/thread.ts conversationOf (which lib/senders uses to write an answer again for a new
 * sender): lib/sending imports this folder, so this folder cannot import it back.
 */
async function conversation(runLeadId: string) {
  const { rows } = await sql().query<{ subject: string; body: string }>(
    `SELECT d.subject, d.body FROM drafts d JOIN sends s ON s."draftId" = d.id
      WHERE d."runLeadId" = $1 AND d.status = $2 ORDER BY s."acceptedAt" NULLS LAST, d.id`,
    [runLeadId, DRAFT_STATUS.sent],
  );
  return rows;
}

type Written = { draftId: string; created: boolean };

/**
 * Writes an answer draft to a reply. `force` (POST /replies/{id}/answer): for any reply, a new
 * draft even when one exists. Without it (the automatic path): only for ANSWERED_CLASSES, and only
 * when the reply has no answer yet. Null when nothing was written.
 */
export async function writeAnswerDraft(replyId: string, options: { force?: boolean; actor?: Actor } = {}): Promise<Written | null> {
  const reply = await db().reply.findUnique({
    where: { id: replyId },
    include: { draft: { select: { id: true, runId: true, runLeadId: true, leadId: true } }, answers: { select: { id: true }, take: 1 } },
  });
  if (!reply?.draft) return null;
  if (!options.force && (!(ANSWERED_CLASSES as readonly string[]).includes(reply.classification ?? "") || reply.answers.length)) return null;
  const { runId, runLeadId, leadId } = reply.draft;
  const run = await db().run.findUniqueOrThrow({ where: { id: runId }, select: { ...RUN_CONTEXT_SELECT, campaignId: true } });
  // While an experiment runs on the campaign's reply step, the lead's variant (the same stable hash
  // of the lead as every step, so all of a lead's answers use one variant) writes it, and the draft
  // records the experiment; else the run's prompt set.
  const assignment = run.campaignId ? await experimentVersionFor(run.campaignId, REPLY_STEP, leadId) : null;
  const variant = assignment
    ? await db().promptVersion.findUnique({ where: { id: assignment.promptVersionId }, include: { prompt: { select: { name: true } } } })
    : null;
  const version = variant ?? (await resolveRunPrompts(runId)).get(REPLY) ?? (await productionReply());
  if (!version) throw new AnswerNotWritten("No reply prompt is installed (run the seed).");
  const signer = (await identitiesOf([runLeadId])).get(runLeadId);
  const context = signedContext(stageContext(run), signer);
  const { rows } = await sql().query<LeadFactRow>(`SELECT ${LEAD_FACT_COLUMNS} FROM leads l WHERE l.id = $1`, [leadId]);
  const lead = rows[0];
  const thread = await conversation(runLeadId);
  const target = await promptTarget(reply.workspaceId, version.modelDefault);
  const ran = await runPrompt(
    "reply",
    version,
    {
      facts: lead,
      signals: lead.signals,
      context,
      thread,
      reply: { from: reply.fromEmail, subject: reply.subject, text: reply.text, classification: reply.classification },
    },
    target,
  );
  if (ran.kind !== "done") throw new AnswerNotWritten(`The reply prompt did not answer (${ran.kind}): ${"message" in ran ? ran.message : ""}`);
  // Evidence and checks (contract §13): the conversation and the reply are sources of the answer.
  const review = reviewOne(
    { draft: ran.output, lead, signals: lead.signals, thread: [...thread, { subject: reply.subject, body: reply.text }] },
    signedReview({ offer: context.offer, senderName: context.senderName, maxWords: run.pack.maxWords }, signer),
  );
  return db().$transaction(async (tx) => {
    // One writer per reply at a time: the automatic job and a reviewer's request never both add one.
    await tx.$queryRaw`SELECT id FROM replies WHERE id = ${replyId} FOR UPDATE`;
    const existing = await tx.draft.findFirst({ where: { replyId }, orderBy: { id: "desc" }, select: { id: true } });
    if (existing && !options.force) return { draftId: existing.id, created: false };
    if (options.force) {
      const waiting = await tx.draft.findMany({ where: { replyId, status: DRAFT_STATUS.awaiting_review }, select: { id: true } });
      for (const draft of waiting) await moveDraft({ id: draft.id }, DRAFT_STATUS.canceled, {}, { tx, from: [DRAFT_STATUS.awaiting_review] });
    }
    const lowest = await tx.draft.aggregate({ where: { runLeadId }, _min: { step: true } });
    const step = Math.min(0, lowest._min.step ?? 0) - 1;
    const id = newId("drf");
    await tx.draft.create({
      data: {
        id,
        workspaceId: reply.workspaceId,
        leadId,
        runId,
        runLeadId,
        step,
        kind: "reply",
        replyId,
        promptVersionId: version.id,
        experimentId: variant ? assignment!.experimentId : null,
        subject: ran.output.subject,
        body: ran.output.body,
        status: DRAFT_STATUS.awaiting_review,
        evidence: review.evidence as object,
        checks: review.checks as object,
        risk: review.risk,
        riskRank: RISK_ORDER.indexOf(review.risk),
      },
    });
    await writeEvents(tx, reply.workspaceId, [
      {
        type: "draft.ready",
        data: {
          lead_id: leadId,
          draft_id: id,
          review_url: `${config().APP_URL}/review/drafts/${id}`,
          run_id: runId,
          step: null,
          sender_id: signer?.senderId ?? null,
          kind: "reply",
          reply_id: replyId,
        },
      },
    ]);
    if (options.actor)
      await recordAudit(tx, {
        workspaceId: reply.workspaceId,
        actor: options.actor,
        action: "reply.answer_requested",
        target: { type: "reply", id: replyId },
        data: { draft_id: id },
      });
    return { draftId: id, created: true };
  });
}

/** POST /replies/{id}/answer (reviewer): a new answer draft for any reply of the workspace (201, the draft). */
export async function requestAnswer(workspaceId: string, replyId: string, actor: Actor) {
  const reply = await db().reply.findFirst({ where: { id: replyId, workspaceId }, select: { id: true, draftId: true } });
  if (!reply) throw new NotFound("reply");
  if (!reply.draftId) throw new ValidationFailed([{ path: "id", message: "this reply matches no email we sent, so there is no thread to answer in" }]);
  const written = await writeAnswerDraft(replyId, { force: true, actor });
  if (!written) throw new NotFound("reply");
  return presentDraft(await db().draft.findUniqueOrThrow({ where: { id: written.draftId }, include: DRAFT_INCLUDE }));
}

/** The `answer` job: one reply, answered if its class asks for it (a job run twice writes one draft). */
export async function answerJob(replyId: string) {
  try {
    const written = await writeAnswerDraft(replyId);
    return { draftId: written?.draftId ?? null, created: written?.created ?? false };
  } catch (error) {
    log.warn({ replyId, err: (error as Error).message }, "answer draft not written");
    throw error;
  }
}

/** Queues the answer jobs of freshly classified replies whose class is answered (after the track commit). */
export async function queueAnswers(classified: { replyId: string; classification: string }[]): Promise<void> {
  const wanted = classified.filter((item) => (ANSWERED_CLASSES as readonly string[]).includes(item.classification));
  await enqueueBulkAfterCommit(
    "answer",
    wanted.map((item) => ({ payload: { v: 1 as const, replyId: item.replyId } })),
  );
}

/**
 * The sweep (housekeeping `resume-answers`): replies classified interested, meeting_request or
 * question at least `olderThanMs` ago (and within the last week: an answer that keeps failing is
 * not asked for forever), matched to an email we sent, not marked handled, with no answer draft,
 * whose `answer` job no live job carries (lost with Redis, or queued while Redis was away). The job
 * itself writes nothing for a reply that has an answer by then.
 */
export async function queueLostAnswers(liveReplies: Set<string>, olderThanMs = 60_000, limit = 500): Promise<number> {
  const now = Date.now();
  const rows = await db().reply.findMany({
    where: {
      classification: { in: [...ANSWERED_CLASSES] },
      classifiedAt: { lt: new Date(now - olderThanMs), gt: new Date(now - 7 * 24 * 60 * 60 * 1000) },
      draftId: { not: null },
      handledAt: null,
      answers: { none: {} },
    },
    select: { id: true },
    orderBy: { classifiedAt: "asc" },
    take: limit,
  });
  const ids = rows.map((row) => row.id).filter((id) => !liveReplies.has(id));
  await enqueueBulk(
    "answer",
    ids.map((replyId) => ({ payload: { v: 1 as const, replyId }, options: { tag: `sweep-${Math.floor(now / 60_000)}` } })),
  );
  return ids.length;
}
