import { db, sql, sqlTransaction } from "@/lib/db";
import { config } from "@/lib/config";
import { writeEvents } from "@/lib/events/outbox";
import { newId } from "@/lib/ids";
import { settleRun } from "@/lib/lifecycle/run";
import { movedToDraftedStep, renewLeases, settleClaimed } from "@/lib/lifecycle/sequence";
import { runningExperiment, variantFor } from "@/lib/experiments/assign";
import { log } from "@/lib/log";
import { identitiesOf, signedContext } from "@/lib/senders/signer";
import { LEAD_FACT_COLUMNS, RUN_CONTEXT_SELECT, stageContext, type LeadFactRow } from "@/lib/pipeline/stage-context";
import { promptTarget, runPrompt } from "@/lib/prompts/run-prompt";
import { reviewOne, signedReview } from "@/lib/pipeline/review-drafts";
import { RISK_ORDER } from "@/lib/review-checks/draft-checks";
import { crashPoint } from "@/lib/sending/crash-point";
import { enqueueBulkAfterCommit } from "@/lib/queues";
import { dueAfter, lastStep, runSteps } from "@/lib/sequences/run-steps";
import { threadsOf } from "@/lib/sending/thread";
import { leaseSeconds } from "@/lib/sequences/tick";
import { DRAFT_STATUS, RUN_LEAD_STATE, RUN_STATUS, SEQUENCE_STATUS } from "@/lib/statuses";
import { queueSpamScores } from "@/lib/spam/score-draft";

// The `sequence` job: leads the scheduler found due (lib/sequences/tick.ts), each claimed with a
// lease. For each lead, what is due depends on its current step's draft:
//   sent           the next step's wait has passed: its follow-up is written (follow_up, as the run's
//                  prompt set names it for that step) and waits for review (draft.ready with `step`)
//   approved       a pause ended (an out-of-office's return date): its send is queued again
//   anything else  nothing to do until a reviewer acts (a pause that ends while its follow-up
//                  waits for review just ends: the approval sends it)
// A batch is written in one transaction, conditional on each claim still standing (a reply may have
// ended the sequence meanwhile), and a draft is unique per (run lead, step), so a job run twice (a
// worker killed after its commit) writes nothing twice. A lead whose model could not answer keeps
// its lease and is claimed again when it lapses.

/** How long a job writes follow-ups before it renews the lease of the leads it has not reached (a third of the lease). */
const renewAfterMs = () => (leaseSeconds() * 1000) / 3;

type Row = LeadFactRow & {
  runLeadId: string;
  state: string;
  leadId: string;
  step: number;
  draftId: string | null;
  draftStatus: string | null;
  sentAt: Date | null;
};

export async function advanceSequences(runId: string, runLeadIds: string[], now = new Date()) {
  // The lease counts from when a job starts, not from the claim: a job that waited in the queue
  // keeps its leads (a lost job's leads come due again one lease after their claim).
  await sqlTransaction((client) => renewLeases(client, runLeadIds, leaseSeconds()));
  const run = await loadRun(runId);
  const steps = runSteps(run?.steps);
  if (!run || steps.length === 0) return { drafted: 0, resumed: 0 };
  const { rows } = await sql().query<Row>(
    `SELECT rl.id AS "runLeadId", rl."leadId", rl.state, COALESCE(rl."sequenceStep", 1) AS step, d.id AS "draftId", d.status AS "draftStatus",
            s."acceptedAt" AS "sentAt", ${LEAD_FACT_COLUMNS}
       FROM run_leads rl JOIN leads l ON l.id = rl."leadId"
       LEFT JOIN drafts d ON d."runLeadId" = rl.id AND d.step = COALESCE(rl."sequenceStep", 1)
       LEFT JOIN sends s ON s."draftId" = d.id
      WHERE rl.id = ANY($1) AND rl."runId" = $2 AND rl."nextAt" IS NOT NULL AND rl.state = ANY($3)
        AND rl."sequenceStatus" IS DISTINCT FROM $4`,
    // awaiting_review: a lead paused while its follow-up waited for review, whose pause ended (settled active, nothing due)
    [runLeadIds, runId, [RUN_LEAD_STATE.running, RUN_LEAD_STATE.awaiting_review], SEQUENCE_STATUS.finished],
  );
  const toDraft: Row[] = [];
  const settle: { id: string; step: number; nextAt: Date | null }[] = [];
  const resend: string[] = [];
  for (const row of rows) {
    const next = row.step + 1;
    const waiting = row.state === RUN_LEAD_STATE.running && row.draftStatus === DRAFT_STATUS.sent && row.sentAt && next <= lastStep(steps);
    const due = waiting ? dueAfter(steps, next, row.sentAt!) : null;
    if (due && due <= now) toDraft.push(row);
    else settle.push({ id: row.runLeadId, step: row.step, nextAt: due }); // not due yet (a pause ended early), or waiting for review
    // A pause ended on an approved follow-up: its send was held (lib/sequences/send-hold.ts).
    if (row.state === RUN_LEAD_STATE.running && row.draftStatus === DRAFT_STATUS.approved && row.draftId) resend.push(row.draftId);
  }
  const written = await writeFollowUps(run, toDraft);
  crashPoint("sequence.after-follow-ups"); // the crash tests: drafts committed, the job not finished
  if (settle.length > 0) await sqlTransaction((client) => settleClaimed(client, settle));
  await enqueueBulkAfterCommit(
    "send",
    resend.map((draftId) => ({ payload: { v: 1 as const, draftId }, options: { tag: `resume-${now.getTime()}` } })),
  );
  if (written && !(await awaitingReview(runId))) await settleRun(runId);
  return { drafted: written, resumed: resend.length };
}

/**
 * Whether the run already waits for review. Follow-ups only add leads awaiting review, so such a run
 * stays as it is; settleRun reads every working lead of the run (tens of ms for a run of 100,000
 * sending leads), too much to repeat for each batch of a big step falling due.
 */
async function awaitingReview(runId: string): Promise<boolean> {
  const { rows } = await sql().query<{ status: string }>(`SELECT status FROM runs WHERE id = $1`, [runId]);
  return rows[0]?.status === RUN_STATUS.awaiting_review;
}

type Run = NonNullable<Awaited<ReturnType<typeof loadRun>>>;
const loadRun = (runId: string) =>
  db().run.findUnique({ where: { id: runId }, select: { id: true, steps: true, promptSet: true, campaignId: true, ...RUN_CONTEXT_SELECT } });

/**
 * The version each step writes with: the run's prompt set (`follow_up#<step>`), or, while an
 * experiment runs on that campaign step (lib/experiments), each lead's variant (chosen per lead).
 */
async function stepVersions(run: Run, steps: number[]) {
  const set = (run.promptSet ?? {}) as Record<string, string>;
  const experiments = new Map(
    await Promise.all(steps.map(async (step) => [step, run.campaignId ? await runningExperiment(run.campaignId, step) : null] as const)),
  );
  const ids = [...steps.map((step) => set[`follow_up#${step}`]), ...[...experiments.values()].flatMap((e) => e?.variants.map((v) => v.promptVersionId) ?? [])];
  const versions = new Map(
    (await db().promptVersion.findMany({ where: { id: { in: ids.filter(Boolean) } }, include: { prompt: { select: { name: true } } } })).map((v) => [v.id, v]),
  );
  return (step: number, leadId: string) => {
    const experiment = experiments.get(step);
    const version = versions.get(experiment ? variantFor(experiment, leadId) : set[`follow_up#${step}`]);
    return version ? { version, experimentId: experiment?.id ?? null } : null;
  };
}

async function writeFollowUps(run: Run, rows: Row[]): Promise<number> {
  if (rows.length === 0) return 0;
  const context = stageContext(run);
  const versionFor = await stepVersions(run, [...new Set(rows.map((row) => row.step + 1))]);
  const threads = await threadsOf(
    rows.map((row) => row.runLeadId),
    null,
  );
  const signers = await identitiesOf(rows.map((row) => row.runLeadId));
  const targets = new Map<string, Awaited<ReturnType<typeof promptTarget>>>();
  const drafts: {
    row: Row;
    step: number;
    versionId: string;
    experimentId: string | null;
    subject: string;
    body: string;
    review: ReturnType<typeof reviewOne>;
  }[] = [];
  const reviewContext = { offer: context.offer, senderName: context.senderName, maxWords: run.pack.maxWords };
  let renewedAt = Date.now();
  for (const [index, row] of rows.entries()) {
    if (Date.now() - renewedAt > renewAfterMs()) {
      // A slow model: keep the claim on the leads still to write, so no other tick claims them meanwhile.
      const rest = rows.slice(index).map((r) => r.runLeadId);
      await sqlTransaction((client) => renewLeases(client, rest, leaseSeconds()));
      renewedAt = Date.now();
    }
    const step = row.step + 1;
    const chosen = versionFor(step, row.leadId);
    if (!chosen) {
      log.error({ runId: run.id, step }, "no follow_up version in the run's prompt set");
      continue;
    }
    const { version, experimentId } = chosen;
    if (!targets.has(version.modelDefault)) targets.set(version.modelDefault, await promptTarget(run.workspaceId, version.modelDefault));
    const target = targets.get(version.modelDefault)!;
    const thread = (threads.get(row.runLeadId) ?? []).map((entry) => ({ subject: entry.subject, body: entry.body }));
    const signer = signers.get(row.runLeadId);
    const ran = await runPrompt("follow_up", version, { facts: row, signals: row.signals, context: signedContext(context, signer), step, thread }, target);
    if (ran.kind !== "done") {
      log.warn({ runId: run.id, runLeadId: row.runLeadId, step, outcome: ran.kind }, "follow-up not written; claimed again when its lease lapses");
      continue;
    }
    // Evidence and checks (contract §13), with the thread as a source; repeated_opening is for first emails only.
    const review = reviewOne({ draft: ran.output, lead: row, signals: row.signals, thread }, signedReview(reviewContext, signer));
    drafts.push({ row, step, versionId: version.id, experimentId, subject: ran.output.subject, body: ran.output.body, review });
  }
  if (drafts.length === 0) return 0;
  const written = await sqlTransaction(async (client) => {
    const moved = await movedToDraftedStep(
      client,
      drafts.map((d) => ({ id: d.row.runLeadId, step: d.step })),
      "send",
    );
    const kept = drafts.filter((d) => moved.has(d.row.runLeadId));
    const inserted = await client.query<{ id: string; leadId: string; step: number; senderId: string | null }>(
      `INSERT INTO drafts (id, "workspaceId", "leadId", "runId", "runLeadId", step, kind, "promptVersionId", "experimentId", subject, body, status, evidence, checks, risk, "riskRank", "createdAt", "updatedAt")
       SELECT t.id, $1, t.lead_id, $2, t.run_lead_id, t.step, 'follow_up', t.prompt_version_id, t.experiment_id, t.subject, t.body, $4, t.evidence, t.checks, t.risk, t.risk_rank, now(), now()
         FROM json_to_recordset($3::json)
           AS t(id text, lead_id text, run_lead_id text, step int, prompt_version_id text, experiment_id text, subject text, body text,
                evidence jsonb, checks jsonb, risk text, risk_rank smallint)
       ON CONFLICT ("runLeadId", step) DO NOTHING
       RETURNING id, "leadId", step, (SELECT rl."senderId" FROM run_leads rl WHERE rl.id = drafts."runLeadId") AS "senderId"`,
      [
        run.workspaceId,
        run.id,
        JSON.stringify(
          kept.map((d) => ({
            id: newId("drf"),
            lead_id: d.row.leadId,
            run_lead_id: d.row.runLeadId,
            step: d.step,
            prompt_version_id: d.versionId,
            experiment_id: d.experimentId,
            subject: d.subject,
            body: d.body,
            evidence: d.review.evidence,
            checks: d.review.checks,
            risk: d.review.risk,
            risk_rank: RISK_ORDER.indexOf(d.review.risk),
          })),
        ),
        DRAFT_STATUS.awaiting_review,
      ],
    );
    crashPoint("sequence.before-commit"); // the crash tests: drafts written, not committed
    const appUrl = config().APP_URL;
    await writeEvents(
      client,
      run.workspaceId,
      inserted.rows.map((draft) => ({
        type: "draft.ready" as const,
        data: {
          lead_id: draft.leadId,
          draft_id: draft.id,
          review_url: `${appUrl}/review/drafts/${draft.id}`,
          run_id: run.id,
          step: draft.step,
          sender_id: draft.senderId,
          kind: "follow_up",
          reply_id: null,
        },
      })),
    );
    return inserted.rows.map((draft) => draft.id);
  });
  await queueSpamScores(written); // SpamAssassin, in its own job (lib/spam/score-draft.ts)
  return written.length;
}
