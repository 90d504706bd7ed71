// The chaos run's sequence workload (issue 26): after the big run, a 3-step campaign (waits of
// CHAOS_SEQUENCE_WAIT, default 15 s) over CHAOS_SEQUENCE_LEADS leads (default 500, all fit the ICP)
// in a workspace of its own (`chaos-seq`, its relay an SMTP sink of its own), a reviewer approving
// every draft over /v1 as it appears, while the workers are SIGKILLed when step-2 follow-ups are due
// and again when step-3 follow-ups are due, PostgreSQL restarts while step-2 mails go out and Redis
// while step-3 follow-ups are drafted. Then the invariants: one draft per (run lead, step), one send
// per draft, the sink has each step's mail once per lead and in its thread, one event per change.
import pg from "pg";
import type { ReceivedMail } from "../../tests/helpers/smtp-sink";
import { toCsv } from "../../tests/helpers/csv-fixtures";
import { expectStatus, type Api } from "./api";
import type { Check, Figures } from "./checks";
import type { FaultInjector } from "./faults";
import { resolveInDoubt, type Resolution } from "./in-doubt";
import { prepareWorkspace } from "./workload";

export const SEQUENCE_LEADS = Number(process.env.CHAOS_SEQUENCE_LEADS ?? 500);
const WAIT = process.env.CHAOS_SEQUENCE_WAIT ?? "PT15S";
const STEPS = 3;
const REVIEW_LANES = 4;
/** The most seconds the sequence run may take to complete after its last fault (issue 34). */
const RECOVERY_LIMIT = Number(process.env.CHAOS_RECOVERY_LIMIT_SECONDS ?? 60);

/** The sequence workspace and an admin token for it. */
export const prepareSequenceWorkspace = () => prepareWorkspace("chaos-seq", "Chaos sequences");

/** Leads that all fit saas-outbound's ICP, so each gets a first email. */
export function sequenceLeadsCsv(count = SEQUENCE_LEADS): string {
  return toCsv(
    Array.from({ length: count }, (_, i) => ({
      email: `seq${i}@chaos-seq.example`,
      first_name: `Ada${i}`,
      last_name: "Fit",
      company: `Engines ${i % 97}`,
      title: "VP of Engineering",
      industry: "Software",
      employees: "400",
      country: "GB",
      notes: i % 2 === 0 ? "Hiring engineers" : "",
    })),
  );
}

type Inputs = {
  api: Api;
  token: string;
  workspaceId: string;
  pool: pg.Pool;
  faults: FaultInjector;
  smtpPort: number;
  mails: ReceivedMail[];
  csvUrl: string;
  log: (line: string) => void;
  until: (what: string, fn: () => Promise<unknown>, timeoutMs?: number, everyMs?: number) => Promise<void>;
};

export async function runSequenceWorkload({ api, token, workspaceId, pool, faults, smtpPort, mails, csvUrl, log, until }: Inputs) {
  expectStatus(
    await api.call("PUT", "/v1/relay", token, { host: "127.0.0.1", port: smtpPort, secure: false, from_email: "sam@chaos-seq.example", from_name: "Sam" }),
    "set the sequence workspace's relay",
    200,
  );
  const campaign = expectStatus(
    await api.call("POST", "/v1/campaigns", token, {
      name: "Chaos sequence",
      pack: "saas-outbound",
      steps: [{}, { wait: WAIT, prompt: "follow_up" }, { wait: WAIT }],
    }),
    "create the 3-step campaign",
    201,
  );
  const run = expectStatus(
    await api.call("POST", "/v1/runs", token, { pack: "saas-outbound", campaign_id: campaign.body.id, leads_csv_url: csvUrl }),
    "create the sequence run",
    202,
  );
  const runId = run.body.id as string;
  log(`sequence run ${runId}: ${SEQUENCE_LEADS} leads, ${STEPS} steps ${WAIT} apart; every draft approved as it appears`);

  // The reviewer: approves whatever awaits review, and resolves sends in doubt from what the sink holds.
  const resolutions = new Map<string, Resolution>();
  let reviewing = true;
  let approvals = 0;
  let reviewError: Error | undefined;
  const reviewer = (async () => {
    while (reviewing) {
      try {
        const page = await api.call("GET", `/v1/drafts?run_id=${runId}&status=awaiting_review&limit=100`, token);
        // Four approvals at a time (as the big run's reviewer lanes): one at a time, the driver's own
        // round trips on the loaded machine were most of the step-3 tail (about 0.4 s a draft).
        const waiting = (page.body.data as { id: string }[] | undefined) ?? [];
        for (let i = 0; i < waiting.length; i += REVIEW_LANES) {
          await Promise.all(
            waiting.slice(i, i + REVIEW_LANES).map(async (draft) => {
              const answer = expectStatus(await api.call("POST", `/v1/drafts/${draft.id}/approve`, token, {}), `approve ${draft.id}`, 200, 409);
              if (answer.status === 200) approvals++;
            }),
          );
        }
        await resolveInDoubt(api, token, runId, mails, resolutions);
      } catch (error) {
        reviewError = error as Error;
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  })();

  const scalar = async (query: string, params: unknown[]) => Number((await pool.query<{ n: string }>(query, params)).rows[0].n);
  const drafted = (step: number) => scalar(`SELECT count(*) AS n FROM drafts WHERE "runId" = $1 AND step = $2`, [runId, step]);
  const sent = (step: number) =>
    scalar(`SELECT count(*) AS n FROM sends s JOIN drafts d ON d.id = s."draftId" WHERE d."runId" = $1 AND d.step = $2 AND s.status = 'sent'`, [runId, step]);
  const due = () => scalar(`SELECT count(*) AS n FROM run_leads WHERE "runId" = $1 AND "nextAt" <= now()`, [runId]);
  const watch = (what: string, fn: () => Promise<boolean>) =>
    until(what, async () => {
      if (reviewError) throw reviewError;
      return fn();
    });

  // Step 2 due: the workers die while its follow-ups are claimed and drafted.
  await watch("step-2 follow-ups due", async () => (await due()) > 0 || (await drafted(2)) > 0);
  await watch("step-2 follow-ups being drafted", async () => (await drafted(2)) > 0);
  await faults.killWorkers("all", "sequence: while step-2 follow-ups are due and drafted");
  await watch("half of the step-2 mails", async () => (await sent(2)) >= SEQUENCE_LEADS / 2);
  await faults.restartPostgres("sequence: while step-2 mails go out");
  // Step 3 due: Redis restarts under the scheduler's jobs, then the workers die again.
  await watch("step-3 follow-ups being drafted", async () => (await drafted(3)) > 0);
  await faults.restartRedis("sequence: while step-3 follow-ups are drafted");
  await watch("step-3 follow-ups due", async () => (await due()) > 0 || (await drafted(3)) < SEQUENCE_LEADS);
  await faults.killWorkers("all", "sequence: while step-3 follow-ups are due");
  // Recovery (issue 34): from the last fault (when it struck, not when the workers were back) to
  // the run's completion; more than CHAOS_RECOVERY_LIMIT_SECONDS fails the run.
  const lastFault = faults.records[faults.records.length - 1];
  const trace = traceRecovery(pool, runId, () => faults.elapsed() - lastFault.atSeconds, log);
  let completed = true;
  await watch("sequence run completed", async () => {
    const { rows } = await pool.query<{ status: string }>(`SELECT status FROM runs WHERE id = $1`, [runId]);
    return rows[0]?.status === "completed";
  }).catch((error: Error) => {
    completed = false;
    log(`!! ${error.message}`);
  });
  const recovery = faults.elapsed() - lastFault.atSeconds;
  await trace.stop();
  reviewing = false;
  await reviewer;
  log(
    `sequence run ${completed ? "completed" : "NOT completed"} ${recovery.toFixed(1)} s after its last fault (${lastFault.kind} at ${lastFault.atSeconds.toFixed(1)} s, back in ${lastFault.recoveredSeconds.toFixed(1)} s): ${approvals} approvals over /v1, ${resolutions.size} sends in doubt resolved`,
  );
  const result = await checkSequenceInvariants(pool, runId, workspaceId, mails, resolutions);
  result.checks.unshift({
    name: `sequence: finished within ${RECOVERY_LIMIT} s of its last fault`,
    ok: completed && recovery <= RECOVERY_LIMIT,
    detail: `${completed ? "completed" : "not completed"} ${recovery.toFixed(1)} s after the last fault struck (${lastFault.recoveredSeconds.toFixed(1)} s of it until the workers were back); limit CHAOS_RECOVERY_LIMIT_SECONDS=${RECOVERY_LIMIT}`,
  });
  result.figures["sequence: seconds from last fault to completion"] = completed ? Number(recovery.toFixed(1)) : `> ${recovery.toFixed(1)} (not completed)`;
  return result;
}

/**
 * What the sequence run is waiting for after its last fault, every 5 s: the step-3 drafts by status,
 * the run's sends by status, its leads due now or under the scheduler's lease, and the send and
 * sequence queues (waiting/active/delayed). Shows which wait a slow recovery went to.
 */
function traceRecovery(pool: pg.Pool, runId: string, since: () => number, log: (line: string) => void) {
  let running = true;
  const loop = (async () => {
    const { queue } = await import("@/lib/queues");
    while (running) {
      try {
        const row = async (query: string) => (await pool.query<{ v: string | null }>(query, [runId])).rows[0]?.v ?? "-";
        const drafts = await row(
          `SELECT string_agg(status || ' ' || n, ', ') AS v FROM (SELECT status, count(*) n FROM drafts WHERE "runId" = $1 AND step = 3 GROUP BY 1) t`,
        );
        const sends = await row(
          `SELECT string_agg(status || ' ' || n, ', ') AS v FROM (SELECT s.status, count(*) n FROM sends s JOIN drafts d ON d.id = s."draftId" WHERE d."runId" = $1 AND s.status <> 'sent' GROUP BY 1) t`,
        );
        const leads = await row(
          `SELECT concat('due ', count(*) FILTER (WHERE "nextAt" <= now()), ', leased ', count(*) FILTER (WHERE "nextAt" > now()), ', not done ', count(*) FILTER (WHERE state <> 'done')) AS v FROM run_leads WHERE "runId" = $1`,
        );
        const counts = async (name: "send" | "sequence") => Object.values(await queue(name).getJobCounts("waiting", "active", "delayed")).join("/");
        log(
          `  +${since().toFixed(0)} s: step-3 drafts ${drafts}; unsent sends ${sends}; leads ${leads}; jobs w/a/d send ${await counts("send")}, sequence ${await counts("sequence")}`,
        );
      } catch (error) {
        log(`  +${since().toFixed(0)} s: (trace failed: ${(error as Error).message})`);
      }
      await new Promise((resolve) => setTimeout(resolve, 5_000));
    }
    const { closeQueues } = await import("@/lib/queues");
    await closeQueues();
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

async function checkSequenceInvariants(pool: pg.Pool, runId: string, workspaceId: string, mails: ReceivedMail[], resolutions: Map<string, Resolution>) {
  const checks: Check[] = [];
  const check = (name: string, ok: boolean, detail: string) => checks.push({ name: `sequence: ${name}`, ok, detail });
  const leads = SEQUENCE_LEADS;

  const states = await pool.query<{ key: string; n: string }>(
    `SELECT concat_ws(' ', state, "sequenceStatus", "sequenceEndedReason", "sequenceStep") AS key, count(*) AS n FROM run_leads WHERE "runId" = $1 GROUP BY 1`,
    [runId],
  );
  const byState = new Map(states.rows.map((row) => [row.key, Number(row.n)]));
  check(
    "every lead's sequence completed its 3 steps",
    byState.size === 1 && byState.get(`done finished completed ${STEPS}`) === leads,
    [...byState].map(([k, n]) => `${k}: ${n}`).join(", "),
  );

  const perLead = await pool.query<{ steps: string; n: string }>(
    `SELECT steps, count(*) AS n FROM (SELECT "runLeadId", string_agg(step::text || ':' || status, ',' ORDER BY step) AS steps FROM drafts WHERE "runId" = $1 GROUP BY 1) t GROUP BY 1`,
    [runId],
  );
  const expectedSteps = Array.from({ length: STEPS }, (_, i) => `${i + 1}:sent`).join(",");
  check(
    "one draft per (run lead, step), each sent",
    perLead.rows.length === 1 && perLead.rows[0].steps === expectedSteps && Number(perLead.rows[0].n) === leads,
    perLead.rows.map((row) => `${row.steps} × ${row.n}`).join("; "),
  );

  const sends = await pool.query<{ draftId: string; messageId: string; step: number; email: string; confirmed: boolean }>(
    `SELECT d.id AS "draftId", s."messageId", d.step, l.email, s.confirmed FROM sends s JOIN drafts d ON d.id = s."draftId" JOIN leads l ON l.id = d."leadId"
      WHERE d."runId" = $1 AND s.status = 'sent'`,
    [runId],
  );
  const allSends = await pool.query<{ n: string }>(`SELECT count(*) AS n FROM sends s JOIN drafts d ON d.id = s."draftId" WHERE d."runId" = $1`, [runId]);
  check(
    "one send per draft, recorded sent",
    sends.rows.length === leads * STEPS && Number(allSends.rows[0].n) === leads * STEPS,
    `${sends.rows.length} sent of ${allSends.rows[0].n} sends, ${leads * STEPS} drafts`,
  );

  // The sink: each step's mail once per lead, under its recorded Message-ID, in the lead's thread.
  const byMessageId = new Map<string, number>();
  for (const mail of mails) byMessageId.set(String(mail.headers.get("message-id")), (byMessageId.get(String(mail.headers.get("message-id"))) ?? 0) + 1);
  const byDraft = new Set(mails.map((mail) => mail.headers.get("x-leadpipe-draft")));
  const missing = sends.rows.filter((row) => byMessageId.get(row.messageId) !== 1);
  check(
    "the sink got each step's mail once per lead",
    mails.length === leads * STEPS && byDraft.size === leads * STEPS && missing.length === 0,
    `${mails.length} mails, ${byMessageId.size} distinct Message-IDs, ${byDraft.size} distinct drafts; ${missing.length} sends not at the sink exactly once`,
  );
  const messageIdOf = new Map(sends.rows.map((row) => [`${row.email}#${row.step}`, row.messageId]));
  const mailOf = new Map(mails.map((mail) => [String(mail.headers.get("x-leadpipe-draft")), mail]));
  const unthreaded = sends.rows.filter(
    (row) => row.step > 1 && mailOf.get(row.draftId)?.headers.get("in-reply-to") !== messageIdOf.get(`${row.email}#${row.step - 1}`),
  );
  check("each follow-up in its lead's thread", unthreaded.length === 0, `${unthreaded.length} follow-ups without In-Reply-To the step before`);
  const resolvedSent = [...resolutions.values()].filter((r) => r.outcome === "sent").length;
  const unconfirmed = sends.rows.filter((row) => !row.confirmed).length;
  check("sent without the relay's answer only by a reviewer", unconfirmed === resolvedSent, `${unconfirmed} unconfirmed, ${resolvedSent} resolved sent`);

  const events = await pool.query<{ type: string; n: string; subjects: string }>(
    `SELECT type, count(*) AS n, count(DISTINCT coalesce(data->>'draft_id', data->>'lead_id')) AS subjects FROM events
      WHERE "workspaceId" = $1 AND type IN ('draft.ready', 'send.completed', 'lead.sequence_ended') GROUP BY type`,
    [workspaceId],
  );
  const byType = Object.fromEntries(events.rows.map((row) => [row.type, `${row.n}/${row.subjects}`]));
  const expected = { "draft.ready": leads * STEPS, "send.completed": leads * STEPS, "lead.sequence_ended": leads };
  check(
    "one event per draft, send and end",
    Object.entries(expected).every(([type, n]) => byType[type] === `${n}/${n}`),
    Object.entries(byType)
      .map(([type, n]) => `${type} ${n} (events/distinct)`)
      .join(", "),
  );
  const figures: Figures = {
    "sequence leads": leads,
    "sequence drafts": leads * STEPS,
    "sequence sends recorded": sends.rows.length,
    "sequence mails at the sink": mails.length,
    "sequence sends in doubt": resolutions.size,
  };
  return { checks, figures };
}
