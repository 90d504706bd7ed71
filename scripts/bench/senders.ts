// `npm run bench:senders` (issue 27): (1) scheduling 100,000 approved drafts of one campaign over 50
// senders (cap 100 a day each, a 09:00–17:00 weekday window in each lead's zone, four zones) with
// the real scheduler (lib/senders/schedule.ts: assignment, slots under each sender's row lock, the
// sends and per-day counts written) — target < 5 s; (2) the campaign's forecast
// (lib/senders/forecast.ts) over those 100,000 leads — target < 500 ms, median of five. Own
// database (BENCH_DATABASE_URL, default leadpipe_bench) and Redis database (BENCH_REDIS_URL).
import { benchEnvironment, prepareBenchDatabase } from "./env";

const LEADS = Number(process.env.BENCH_LEADS ?? 100_000);
const SENDERS = Number(process.env.BENCH_SENDERS ?? 50);
const CAP = Number(process.env.BENCH_CAP ?? 100);
const env = benchEnvironment(3220);
Object.assign(process.env, env);
await prepareBenchDatabase(env);

const { db, sql, closeDb } = await import("@/lib/db");
const { newId } = await import("@/lib/ids");
const { seed } = await import("@/prisma/seed/run-seed");
const { ensureWorkspace } = await import("@/lib/workspaces/create-workspace");
const { leadRow } = await import("@/lib/imports/columns");
const { insertLeadBatch } = await import("@/lib/imports/insert-batch");
const { scheduleDrafts } = await import("@/lib/senders/schedule");
const { campaignForecast } = await import("@/lib/senders/forecast");
const { closeQueues } = await import("@/lib/queues");
const { DRAFT_STATUS, RUN_LEAD_STATE, RUN_STATUS, SEND_STATUS } = await import("@/lib/statuses");

const ZONES = ["America/New_York", "Europe/Berlin", "Asia/Tokyo", "Australia/Sydney"];
const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

try {
  await seed();
  const workspace = await ensureWorkspace({ slug: "bench-senders", name: "Bench senders" });
  const pack = await db().pack.findFirstOrThrow({ where: { slug: "saas-outbound" } });
  for (let i = 0; i < SENDERS; i++) {
    await db().sender.create({
      data: { id: newId("sdr"), workspaceId: workspace.id, fromEmail: `s${i}@bench.example`, relayHost: "127.0.0.1", relayPort: 2525, dailyCap: CAP },
    });
  }
  const campaign = await db().campaign.create({
    data: {
      id: newId("cmp"),
      workspaceId: workspace.id,
      name: "Bench",
      packId: pack.id,
      schedule: { time_zone: "lead", days: ["mon", "tue", "wed", "thu", "fri"], start: "09:00", end: "17:00" },
    },
  });
  const run = await db().run.create({
    data: { id: newId("run"), name: "Bench", workspaceId: workspace.id, packId: pack.id, campaignId: campaign.id, status: RUN_STATUS.sending },
  });
  for (let from = 0; from < LEADS; from += 10_000) {
    const rows = Array.from({ length: Math.min(10_000, LEADS - from) }, (_, i) =>
      leadRow(`lead${from + i}@bench.example`, { first_name: "Lead", time_zone: ZONES[(from + i) % ZONES.length] }),
    );
    await insertLeadBatch(workspace.id, run.id, rows);
  }
  await sql().query(`UPDATE run_leads SET state = $2 WHERE "runId" = $1`, [run.id, RUN_LEAD_STATE.running]);
  const drafts = await sql().query<{ id: string }>(
    `INSERT INTO drafts (id, "workspaceId", "leadId", "runId", "runLeadId", subject, body, status, "reviewedAt", "approvalAnnouncedAt", "updatedAt")
     SELECT 'drf_' || substr(md5(rl.id), 1, 26), rl."workspaceId", rl."leadId", rl."runId", rl.id, 'Hello', 'Hi', $2, now(), now(), now()
       FROM run_leads rl WHERE rl."runId" = $1
     RETURNING id`,
    [run.id, DRAFT_STATUS.approved],
  );
  await sql().query("VACUUM ANALYZE");
  const ids = drafts.rows.map((row) => row.id);
  console.log(`${ids.length.toLocaleString()} approved drafts, ${SENDERS} senders capped at ${CAP} a day`);

  const started = process.hrtime.bigint();
  const slots = await scheduleDrafts(ids);
  const scheduleMs = ms(started);
  const scheduled = [...slots.values()].filter(Boolean).length;
  const over = await sql().query<{ n: string }>(`SELECT count(*) AS n FROM sender_days WHERE scheduled > $1`, [CAP]);
  const perSender = await sql().query<{ min: string; max: string }>(
    `SELECT min(n) AS min, max(n) AS max FROM (SELECT count(*) AS n FROM run_leads WHERE "runId" = $1 GROUP BY "senderId") t`,
    [run.id],
  );
  const last = await sql().query<{ last: Date }>(`SELECT max("scheduledFor") AS last FROM sends`);
  console.log(
    `schedule: ${scheduleMs.toFixed(0)} ms for ${scheduled.toLocaleString()} sends (target < 5,000 ms); leads per sender ${perSender.rows[0].min}–${perSender.rows[0].max}; ` +
      `days over the cap: ${over.rows[0].n}; last slot ${last.rows[0].last.toISOString()}`,
  );

  // The floor on this machine at this moment: one bare INSERT … SELECT of as many send rows (rolled back).
  const floorStart = process.hrtime.bigint();
  const floor = await sql().connect();
  let floorMs = 0;
  try {
    await floor.query("BEGIN");
    await floor.query("DELETE FROM sends");
    const at = process.hrtime.bigint();
    await floor.query(
      `INSERT INTO sends (id, "workspaceId", "draftId", "messageId", status, "scheduledFor")
       SELECT 'snd_' || substr(md5(d.id), 1, 26), d."workspaceId", d.id, '<' || md5(d.id) || '@bench.example>', $1, now() FROM drafts d`,
      [SEND_STATUS.pending],
    );
    floorMs = ms(at);
  } finally {
    await floor.query("ROLLBACK");
    floor.release();
  }
  console.log(`floor: one INSERT … SELECT of ${ids.length.toLocaleString()} send rows: ${floorMs.toFixed(0)} ms (${ms(floorStart).toFixed(0)} ms with setup)`);

  const times: number[] = [];
  let forecast: Awaited<ReturnType<typeof campaignForecast>> | null = null;
  for (let i = 0; i < 6; i++) {
    const at = process.hrtime.bigint();
    forecast = await campaignForecast(workspace.id, campaign.id);
    if (i > 0) times.push(ms(at)); // the first warms the connection pool and the plan cache
  }
  times.sort((a, b) => a - b);
  console.log(`forecast: median ${times[2].toFixed(0)} ms, max ${times[4].toFixed(0)} ms (target < 500 ms)`);
  console.log(JSON.stringify(forecast!.per_step));
  const ok = scheduleMs < 5000 && times[2] < 500 && over.rows[0].n === "0" && scheduled === ids.length;
  console.log(ok ? "met" : "NOT met");
  process.exitCode = ok ? 0 : 1;
} finally {
  await closeQueues();
  await closeDb();
}
