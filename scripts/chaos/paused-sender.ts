// The chaos run's paused sender (issue 33, contract §13 "Sender health"): a workspace of its own
// (`chaos-pause`) with a sending policy of max_bounce_rate 0.2 and min_sends 3, two senders (Pat and
// Quinn, each its relay an SMTP sink of its own) and a one-step campaign over CHAOS_PAUSED_LEADS
// leads (default 30) spread over both. Three of Pat's drafts are approved and sent; a DSN for each is
// handed to POST /v1/replies (a 5.1.1 from mailer-daemon, as tests/integration/sender-health.test.ts
// does): the worker's track job classifies it a bounce and pauses Pat in the transaction that records
// it. Then every other draft is approved: Quinn's go, Pat's wait. Pat stays paused while the sequence
// workload's faults run (workers killed twice, PostgreSQL and Redis restarted); then it is resumed
// (POST /v1/senders/{id}/resume) and the checks: nothing of Pat's reached any sink while it was
// paused, each held draft then reached Pat's sink exactly once, From Pat, recorded under Pat, none
// at Quinn's sink, one sender.paused and one sender.resumed.
import type pg from "pg";
import type { ReceivedMail } from "../../tests/helpers/smtp-sink";
import { toCsv } from "../../tests/helpers/csv-fixtures";
import { expectStatus, type Api } from "./api";
import type { Check, Figures } from "./checks";

export const PAUSED_LEADS = Number(process.env.CHAOS_PAUSED_LEADS ?? 30);
const BOUNCES = 3;
const PAT = "pat@chaos-pause.example";
const QUINN = "quinn@chaos-pause.example";

/** Leads that fit the ICP, each at a company and domain of its own (a bounce ends nobody else's sequence). */
export function pausedLeadsCsv(count = PAUSED_LEADS): string {
  return toCsv(
    Array.from({ length: count }, (_, i) => ({
      email: `lead${i}@firm${i}.chaos-pause.example`,
      first_name: `Bo${i}`,
      last_name: "Fit",
      company: `Firm ${i}`,
      title: "VP of Engineering",
      industry: "Software",
      employees: "400",
      country: "GB",
      notes: "Hiring engineers",
    })),
  );
}

type Inputs = {
  api: Api;
  token: string;
  workspaceId: string;
  pool: pg.Pool;
  /** The SMTP sinks of Pat (the sender paused) and of Quinn (the one its drafts must not move to). */
  patSink: { port: number; mails: ReceivedMail[] };
  quinnSink: { port: number; mails: ReceivedMail[] };
  csvUrl: string;
  log: (line: string) => void;
  until: (what: string, fn: () => Promise<unknown>, timeoutMs?: number, everyMs?: number) => Promise<void>;
};

const draftOf = (mail: ReceivedMail) => String(mail.headers.get("x-leadpipe-draft"));

/** Sets it all up and pauses Pat; answers a handle whose `resumeAndCheck` ends the workload. */
export async function pauseSenderMidRun({ api, token, workspaceId, pool, patSink, quinnSink, csvUrl, log, until }: Inputs) {
  const post = async (path: string, body: unknown, what: string, ...statuses: number[]) =>
    expectStatus(await api.call("POST", path, token, body), what, ...(statuses.length ? statuses : [201])).body;
  expectStatus(await api.call("PUT", "/v1/sending-policy", token, { max_bounce_rate: 0.2, min_sends: BOUNCES }), "set the sending policy", 200);
  const sender = (fromEmail: string, fromName: string, port: number) =>
    post(
      "/v1/senders",
      { from_email: fromEmail, from_name: fromName, relay: { host: "127.0.0.1", port, secure: false, username: null, password: null } },
      `create sender ${fromEmail}`,
    );
  const pat = (await sender(PAT, "Pat", patSink.port)).id as string;
  const quinn = (await sender(QUINN, "Quinn", quinnSink.port)).id as string;
  const campaign = await post("/v1/campaigns", { name: "Chaos paused sender", pack: "saas-outbound", sender_ids: [pat, quinn] }, "create the campaign");
  const run = await post("/v1/runs", { pack: "saas-outbound", campaign_id: campaign.id, leads_csv_url: csvUrl }, "create the paused-sender run", 202);
  const runId = run.id as string;
  log(`paused sender: run ${runId}, ${PAUSED_LEADS} leads over senders Pat (${pat}) and Quinn (${quinn})`);

  type Row = { id: string; senderId: string | null; messageId: string | null; sendStatus: string | null; sendSender: string | null; attempts: number | null };
  const drafts = async () =>
    (
      await pool.query<Row>(
        `SELECT d.id, rl."senderId", s."messageId", s.status AS "sendStatus", s."senderId" AS "sendSender", s.attempts
           FROM drafts d JOIN run_leads rl ON rl.id = d."runLeadId" LEFT JOIN sends s ON s."draftId" = d.id WHERE d."runId" = $1 ORDER BY d.id`,
        [runId],
      )
    ).rows;
  await until("the paused-sender run's drafts", async () => (await drafts()).length === PAUSED_LEADS, 600_000, 500);
  const all = await drafts();
  const patDrafts = all.filter((row) => row.senderId === pat).map((row) => row.id);
  const quinnDrafts = all.filter((row) => row.senderId === quinn).map((row) => row.id);
  if (patDrafts.length <= BOUNCES || quinnDrafts.length === 0)
    throw new Error(`paused sender: the spread left Pat ${patDrafts.length} and Quinn ${quinnDrafts.length} drafts; raise CHAOS_PAUSED_LEADS`);
  const approve = (draftId: string) => post(`/v1/drafts/${draftId}/approve`, {}, `approve ${draftId}`, 200);

  // Pat's first three go out, then bounce hard: the third send reaches min_sends, the bounces the rate.
  const bouncing = patDrafts.slice(0, BOUNCES);
  for (const draftId of bouncing) await approve(draftId);
  await until("Pat's first sends at its sink", async () => bouncing.every((id) => patSink.mails.some((mail) => draftOf(mail) === id)), 180_000, 250);
  for (const draftId of bouncing) {
    const mail = patSink.mails.find((m) => draftOf(m) === draftId)!;
    const email = mail.to[0];
    await post(
      "/v1/replies",
      {
        in_reply_to: mail.headers.get("message-id"),
        from: "mailer-daemon@mx.chaos-pause.example",
        subject: "Undelivered Mail Returned to Sender",
        text: `Delivery to the following recipient failed permanently:\n\n    ${email}\n\nRemote server returned '550 5.1.1 The email account that you tried to reach does not exist.'`,
        received_at: new Date().toISOString(),
      },
      `hand in the bounce of ${draftId}`,
    );
  }
  const health = async () => (expectStatus(await api.call("GET", `/v1/senders/${pat}`, token), "read Pat", 200).body.health ?? {}) as Record<string, unknown>;
  await until("Pat paused by its bounce rate", async () => (await health()).status === "paused", 180_000, 500);
  const pausedHealth = await health();
  log(
    `paused sender: Pat paused (${pausedHealth.paused_reason}, ${pausedHealth.hard_bounces_7d}/${pausedHealth.sends_7d} bounced); approving every other draft`,
  );

  // Every other draft approved while Pat is paused: Quinn's go out, Pat's wait.
  const held = patDrafts.slice(BOUNCES);
  for (const draftId of [...held, ...quinnDrafts]) await approve(draftId);
  await until("Quinn's drafts at its sink", async () => quinnDrafts.every((id) => quinnSink.mails.some((mail) => draftOf(mail) === id)), 180_000, 250);
  const patMailsAtPause = patSink.mails.length;
  log(`paused sender: ${held.length} of Pat's drafts approved and held, ${quinnDrafts.length} of Quinn's sent; Pat stays paused through the sequence faults`);

  /** Checks the hold, resumes Pat and checks each held draft went once, from Pat. */
  async function resumeAndCheck(): Promise<{ checks: Check[]; figures: Figures }> {
    const checks: Check[] = [];
    const check = (name: string, ok: boolean, detail: string) => checks.push({ name: `paused sender: ${name}`, ok, detail });
    const heldSet = new Set(held);

    // While paused (now, after the faults): nothing of Pat's left, nothing moved, nothing lost.
    const stillPaused = (await health()).status === "paused";
    const leaked = [...patSink.mails.slice(patMailsAtPause), ...quinnSink.mails].filter((mail) => heldSet.has(draftOf(mail)));
    check(
      "none of its approved drafts delivered while paused",
      stillPaused && patSink.mails.length === patMailsAtPause && leaked.length === 0,
      `sender ${stillPaused ? "still paused" : "NOT paused"}; ${patSink.mails.length - patMailsAtPause} new mails at Pat's sink, ${leaked.length} held drafts at a sink`,
    );
    const before = (await drafts()).filter((row) => heldSet.has(row.id));
    const waiting = before.filter((row) => row.senderId === pat && (row.sendStatus === null || (row.sendStatus === "pending" && row.sendSender === pat)));
    const draftStates = await pool.query<{ status: string; n: string }>(`SELECT status, count(*) AS n FROM drafts WHERE id = ANY($1) GROUP BY 1`, [held]);
    check(
      "its held drafts waited approved, under Pat, unsent",
      waiting.length === held.length && draftStates.rows.length === 1 && draftStates.rows[0].status === "approved",
      `${waiting.length} of ${held.length} pending under Pat (${tallyOf(before.map((row) => `${row.sendStatus ?? "no send"}${row.sendSender === pat ? "" : " elsewhere"}`))}); drafts ${draftStates.rows.map((row) => `${row.status} ${row.n}`).join(", ")}`,
    );

    const resumedAt = Date.now();
    const resumed = expectStatus(await api.call("POST", `/v1/senders/${pat}/resume`, token, { reason: "chaos: the list was cleaned" }), "resume Pat", 200);
    log(`paused sender: Pat resumed (${(resumed.body.health as { status?: string } | undefined)?.status}); waiting for its ${held.length} held drafts`);
    let deliveredSeconds = NaN;
    await until(
      "Pat's held drafts sent after the resume",
      async () => {
        const rows = (await drafts()).filter((row) => heldSet.has(row.id));
        return rows.every((row) => row.sendStatus === "sent") && held.every((id) => patSink.mails.some((mail) => draftOf(mail) === id));
      },
      180_000,
      250,
    )
      .then(() => (deliveredSeconds = (Date.now() - resumedAt) / 1000))
      .catch((error: Error) => log(`!! ${error.message}`));
    // Let a duplicate, if any, arrive before counting.
    await new Promise((resolve) => setTimeout(resolve, 3_000));

    const after = (await drafts()).filter((row) => heldSet.has(row.id));
    const atPat = new Map<string, number>();
    for (const mail of patSink.mails) if (heldSet.has(draftOf(mail))) atPat.set(draftOf(mail), (atPat.get(draftOf(mail)) ?? 0) + 1);
    const notOnce = held.filter((id) => atPat.get(id) !== 1);
    const wrongFrom = patSink.mails.filter((mail) => heldSet.has(draftOf(mail)) && !mail.headers.get("from")?.includes(PAT));
    const messageIds = new Map(after.map((row) => [row.id, row.messageId]));
    const wrongMessageId = patSink.mails.filter((mail) => heldSet.has(draftOf(mail)) && mail.headers.get("message-id") !== messageIds.get(draftOf(mail)));
    check(
      "after the resume each held draft reached its sink exactly once, From it",
      notOnce.length === 0 && wrongFrom.length === 0 && wrongMessageId.length === 0,
      `${held.length - notOnce.length} of ${held.length} exactly once at Pat's sink${Number.isFinite(deliveredSeconds) ? ` (all within ${deliveredSeconds.toFixed(1)} s of the resume)` : ""}; ${wrongFrom.length} From another address, ${wrongMessageId.length} under another Message-ID`,
    );
    const atQuinn = quinnSink.mails.filter((mail) => heldSet.has(draftOf(mail))).length;
    const moved = atQuinn + after.filter((row) => row.sendSender !== pat || row.senderId !== pat).length;
    const quinnOnce = quinnSink.mails.length === quinnDrafts.length && new Set(quinnSink.mails.map(draftOf)).size === quinnDrafts.length;
    check(
      "none moved to another sender",
      moved === 0 && quinnOnce,
      `${moved} held drafts at Quinn's sink or recorded under another sender; Quinn's sink ${quinnSink.mails.length} mails for its ${quinnDrafts.length} drafts`,
    );
    const runStatus = async () => (await pool.query<{ status: string }>(`SELECT status FROM runs WHERE id = $1`, [runId])).rows[0]?.status;
    await until("the paused-sender run completed", async () => (await runStatus()) === "completed", 120_000, 500).catch(() => undefined);
    const leadStates = await pool.query<{ key: string; n: string }>(
      `SELECT concat_ws(':', state, "reasonCode") AS key, count(*) AS n FROM run_leads WHERE "runId" = $1 GROUP BY 1 ORDER BY 1`,
      [runId],
    );
    check(
      "its run completed once resumed",
      (await runStatus()) === "completed",
      `run ${await runStatus()}; leads ${leadStates.rows.map((row) => `${row.key} ${row.n}`).join(", ")}`,
    );
    const events = await pool.query<{ type: string; n: string }>(
      `SELECT type, count(*) AS n FROM events WHERE "workspaceId" = $1 AND type IN ('sender.paused', 'sender.resumed') GROUP BY 1 ORDER BY 1`,
      [workspaceId],
    );
    const byType = Object.fromEntries(events.rows.map((row) => [row.type, Number(row.n)]));
    check("one sender.paused, one sender.resumed", byType["sender.paused"] === 1 && byType["sender.resumed"] === 1, JSON.stringify(byType));

    return {
      checks,
      figures: {
        "paused sender: leads (Pat / Quinn)": `${PAUSED_LEADS} (${patDrafts.length} / ${quinnDrafts.length})`,
        "paused sender: bounced / held": `${BOUNCES} / ${held.length}`,
        "paused sender: sent after resume": `${held.length - notOnce.length}${Number.isFinite(deliveredSeconds) ? ` in ${deliveredSeconds.toFixed(1)} s` : ""}`,
      },
    };
  }
  return { resumeAndCheck };
}

function tallyOf(keys: string[]): string {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return [...counts].map(([key, n]) => `${key} ${n}`).join(", ");
}
