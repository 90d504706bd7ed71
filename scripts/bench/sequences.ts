// `npm run bench:sequences` (issue 26): (a) 100,000 leads whose step 2 falls due at once are turned
// into follow-up drafts on the local engine: the scheduler's loop (lib/sequences/tick.ts) and a
// BullMQ worker for the `sequence` queue at its concurrency (4), both in this process, as the
// worker process runs them; timed from the first tick to the last step-2 draft. (b) The scheduler's
// claim over 1,000,000 pending leads of which 1,000 are due: EXPLAIN (ANALYZE, BUFFERS) of the very
// statement claimDue runs (rolled back), then one real tick. Rows are seeded with set-based SQL (a
// sent step 1 per lead: draft and send). Own database (leadpipe_bench) and Redis database 2
// (BENCH_DATABASE_URL, BENCH_REDIS_URL override them).
import type pg from "pg";
import { benchEnvironment, prepareBenchDatabase } from "./env";

const LEADS = Number(process.env.BENCH_LEADS ?? 100_000);
const PENDING = Number(process.env.BENCH_PENDING ?? 1_000_000);
const DUE = Number(process.env.BENCH_DUE ?? 1_000);
const env = benchEnvironment(3220);
Object.assign(process.env, env, { LOG_LEVEL: "warn" });
await prepareBenchDatabase(env);

const { db, sql, closeDb } = await import("@/lib/db");
const { seed } = await import("@/prisma/seed/run-seed");
const { ensureWorkspace } = await import("@/lib/workspaces/create-workspace");
const { createUser } = await import("@/lib/users/create-user");
const { createCampaign } = await import("@/lib/campaigns/campaigns");
const { entryKey, resolvePromptSet } = await import("@/lib/governance/prompt-set");
const { findVisiblePack } = await import("@/lib/packs/find-pack");
const { claimDue } = await import("@/lib/lifecycle/sequence");
const { leaseSeconds, TICK_LIMIT, startSequenceLoop, tickSequences } = await import("@/lib/sequences/tick");
const { QUEUES, QUEUE_PREFIX, closeQueues } = await import("@/lib/queues");
const { consumer } = await import("@/lib/jobs/consume");
const { processSequence } = await import("../../workers/processors/sequence");
const { createRedis } = await import("@/lib/redis");
const { newId } = await import("@/lib/ids");
const { Worker } = await import("bullmq");
const actor = { type: "system" as const, id: "bench", name: "bench" };

await seed();
const workspace = await ensureWorkspace({ slug: "bench", name: "Bench" });
const { user } = await createUser({ workspaceSlug: "bench", email: "admin@bench.example", password: "bench-admin-pass", role: "admin" });
const campaign = await createCampaign(
  workspace.id,
  { name: "Two touches", pack: "saas-outbound", steps: [{}, { wait: "PT1M", prompt: "follow_up" }] },
  { userId: user.id, actor },
);
const pack = (await findVisiblePack(workspace.id, "saas-outbound"))!;
const promptSet = await resolvePromptSet(workspace.id, { packId: pack.id, campaignId: campaign.id });
const STEPS = [
  { step: 1, wait: null, waitSeconds: null },
  { step: 2, wait: "PT1M", waitSeconds: 60 },
];

/** A run of the campaign, as createRun writes it after its step-1 sends (no import queued: its leads are seeded below). */
async function createSendingRun(name: string): Promise<string> {
  const run = await db().run.create({
    data: {
      id: newId("run"),
      name,
      workspaceId: workspace.id,
      packId: pack.id,
      campaignId: campaign.id,
      status: "sending",
      createdById: user.id,
      promptSet: Object.fromEntries(promptSet.entries.map((entry) => [entryKey(entry), entry.versionId])),
      promptSetHash: promptSet.hash,
      steps: STEPS,
    },
  });
  return run.id;
}

const draftEmailVersion = promptSet.entries.find((entry) => entry.stage === "draft_email")!.versionId;
const q = (text: string, values: unknown[] = []) => sql().query(text, values);

/** `count` leads (the first `count` of the workspace's numbered leads, created when missing). */
async function seedLeads(count: number) {
  await q(
    `INSERT INTO leads (id, "workspaceId", email, "emailLower", "firstName", "lastName", company, title, industry, employees, country, notes,
                        status, signals, "createdAt", "updatedAt")
     SELECT 'lead_' || lpad(i::text, 26, '0'), $1, 'lead' || i || '@bench.example', 'lead' || i || '@bench.example', 'Lead' || i, 'Bench',
            'Company ' || (i % 5000), CASE i % 3 WHEN 0 THEN 'VP of Engineering' WHEN 1 THEN 'Head of Sales' ELSE 'CTO' END, 'Software',
            20 + i % 1500, 'GB', CASE WHEN i % 5 = 0 THEN 'Hiring engineers; evaluating vendors' ELSE '' END, 'sent',
            jsonb_build_object('seniority', 'vp', 'department', 'engineering', 'company_size', 'mid_market',
                               'intent', CASE WHEN i % 5 = 0 THEN '["hiring"]'::jsonb ELSE '[]'::jsonb END, 'technologies', '[]'::jsonb, 'confidence', 0.8),
            now(), now()
       FROM generate_series(1, $2) AS i`,
    [workspace.id, count],
  );
}

/**
 * Run leads of `runId` for leads 1..count, each with its step 1 sent at `sentAt` (draft and send),
 * waiting for step 2 at `nextAt` (an SQL expression of i).
 */
async function seedRunLeads(runId: string, count: number, nextAt: string, withThread: boolean) {
  await q(
    `INSERT INTO run_leads (id, "workspaceId", "runId", "leadId", stage, state, qualified, "sequenceStep", "sequenceStatus", "nextAt", "updatedAt")
     SELECT 'rle_' || lpad(i::text, 26, '0') || $2, $1, $2, 'lead_' || lpad(i::text, 26, '0'), 'send', 'running', true, 1, 'active', ${nextAt}, now()
       FROM generate_series(1, $3) AS i`,
    [workspace.id, runId, count],
  );
  if (!withThread) return;
  await q(
    `INSERT INTO drafts (id, "workspaceId", "leadId", "runId", "runLeadId", step, "promptVersionId", subject, body, status, "reviewedAt", "createdAt", "updatedAt")
     SELECT 'drf_' || lpad(i::text, 26, '0') || $2, $1, 'lead_' || lpad(i::text, 26, '0'), $2, 'rle_' || lpad(i::text, 26, '0') || $2, 1, $4,
            'Engineering hiring at Company ' || (i % 5000),
            'Hi Lead' || i || E',\n\nI noticed Company ' || (i % 5000) || E' is growing its engineering team. We help teams like yours ship faster.\n\nWorth a short call next week?\n\nSam',
            'sent', now() - interval '3 minutes', now() - interval '5 minutes', now()
       FROM generate_series(1, $3) AS i`,
    [workspace.id, runId, count, draftEmailVersion],
  );
  await q(
    `INSERT INTO sends (id, "workspaceId", "draftId", "messageId", status, attempts, "acceptedAt", confirmed, "createdAt")
     SELECT 'snd_' || lpad(i::text, 26, '0') || $2, $1, 'drf_' || lpad(i::text, 26, '0') || $2, '<snd' || i || '.' || $2 || '@bench.example>',
            'sent', 1, now() - interval '2 minutes', true, now() - interval '2 minutes'
       FROM generate_series(1, $3) AS i`,
    [workspace.id, runId, count],
  );
}

const count = async (text: string, values: unknown[]) => Number((await q(text, values)).rows[0].n);
const line = (label: string, value: string, target: string, ok: boolean) =>
  console.log(`  ${label.padEnd(34)} ${value.padStart(16)}   target ${target.padEnd(10)} ${ok ? "met" : "NOT met"}`);

// (a) 100,000 leads due at once.
let seeded = performance.now();
await seedLeads(LEADS);
const runA = await createSendingRun("bench: step 2 due for every lead");
await seedRunLeads(runA, LEADS, `now() - interval '1 minute'`, true);
await q(`ANALYZE`);
console.log(`seeded ${LEADS} leads with a sent step 1 in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

const worker = new Worker("sequence", consumer("sequence", processSequence), {
  connection: createRedis("queue"),
  prefix: QUEUE_PREFIX,
  concurrency: QUEUES.sequence.concurrency,
  lockDuration: 15_000,
});
const started = performance.now();
const loop = startSequenceLoop();
let drafted = 0;
while (drafted < LEADS) {
  await new Promise((resolve) => setTimeout(resolve, 100));
  drafted = await count(`SELECT count(*) AS n FROM drafts WHERE "runId" = $1 AND step = 2`, [runA]);
  if (performance.now() - started > 600_000) break;
}
const seconds = (performance.now() - started) / 1000;
await loop.stop();
await worker.close();
const events = await count(`SELECT count(*) AS n FROM events WHERE type = 'draft.ready' AND data->>'run_id' = $1`, [runA]);
const awaiting = await count(
  `SELECT count(*) AS n FROM run_leads WHERE "runId" = $1 AND state = 'awaiting_review' AND "sequenceStep" = 2 AND "nextAt" IS NULL`,
  [runA],
);
const perDraft = await count(`SELECT count(*) AS n FROM (SELECT 1 FROM drafts WHERE "runId" = $1 GROUP BY "runLeadId", step HAVING count(*) > 1) t`, [runA]);

// (b) 1,000,000 pending leads, 1,000 of them due: ten runs of the same 100,000 leads (a lead in ten campaigns).
seeded = performance.now();
const runs = PENDING / LEADS;
for (let r = 0; r < runs; r++) {
  const runId = await createSendingRun(`bench: pending ${r + 1}`);
  const dueEvery = PENDING / DUE; // every this many-th lead is due, the others within the next 30 days
  await seedRunLeads(
    runId,
    LEADS,
    `CASE WHEN (i + ${r * LEADS}) % ${dueEvery} = 0 THEN now() - make_interval(secs => i % 600) ELSE now() + make_interval(secs => 60 + (i * 7919) % 2592000) END`,
    false,
  );
}
await q(`VACUUM ANALYZE run_leads`);
const pending = await count(`SELECT count(*) AS n FROM run_leads WHERE "nextAt" IS NOT NULL`, []);
const due = await count(`SELECT count(*) AS n FROM run_leads WHERE "nextAt" <= now()`, []);
console.log(`seeded ${pending} pending leads (${due} due) in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

/** claimDue's own statement, EXPLAINed (ANALYZE runs it: rolled back). */
async function explainClaim(): Promise<string[]> {
  const client = await sql().connect();
  try {
    await client.query("BEGIN");
    const explaining = {
      query: (text: string, values: unknown[]) => client.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, values),
    } as unknown as pg.PoolClient;
    const plan = (await claimDue(explaining, TICK_LIMIT, leaseSeconds())) as unknown as { "QUERY PLAN": string }[];
    return plan.map((row) => row["QUERY PLAN"]);
  } finally {
    await client.query("ROLLBACK");
    client.release();
  }
}
const plans: string[][] = [];
for (let i = 0; i < 5; i++) plans.push(await explainClaim());
const execution = (plan: string[]) => Number(/Execution Time: ([\d.]+) ms/.exec(plan.join("\n"))?.[1] ?? NaN);
const planning = (plan: string[]) => Number(/Planning Time: ([\d.]+) ms/.exec(plan.join("\n"))?.[1] ?? NaN);
const sorted = [...plans].sort((a, b) => execution(a) - execution(b));
const median = sorted[Math.floor(sorted.length / 2)];
const usesIndex = median.some((row) => /Index (Only )?Scan (using|on) "?run_leads_nextAt_idx"?/.test(row));
const tickStarted = performance.now();
const claimed = await tickSequences(TICK_LIMIT);
const tickMs = performance.now() - tickStarted;

console.log(`\nbench:sequences ${new Date().toISOString()}`);
console.log(`(a) ${LEADS} leads whose step 2 is due at once, local engine, sequence concurrency ${QUEUES.sequence.concurrency}`);
line("follow-ups drafted", `${Math.round(drafted / seconds)} leads/s`, "≥ 5,000", drafted === LEADS && drafted / seconds >= 5_000);
console.log(
  `  (${drafted} step-2 drafts in ${seconds.toFixed(1)} s; ${events} draft.ready events; ${awaiting} leads awaiting review at step 2; ${perDraft} (run lead, step) with two drafts)`,
);
console.log(`(b) a tick over ${pending} pending leads of which ${due} are due (claim limit ${TICK_LIMIT})`);
console.log(`  EXPLAIN (ANALYZE, BUFFERS) of the claim (median of ${plans.length} by execution time):`);
for (const row of median) console.log(`    ${row}`);
line("claim, database time", `${(planning(median) + execution(median)).toFixed(2)} ms`, "< 50 ms", planning(median) + execution(median) < 50 && usesIndex);
console.log(
  `  (execution ${plans
    .map(execution)
    .map((ms) => ms.toFixed(2))
    .join(" / ")} ms; planning ${planning(median).toFixed(2)} ms; index scan on run_leads_nextAt_idx: ${usesIndex ? "yes" : "NO"})`,
);
console.log(`  one real tick: ${claimed} claimed and queued in ${tickMs.toFixed(1)} ms (wall time, with its Redis writes)`);

await closeQueues();
await closeDb();
process.exit(0);
