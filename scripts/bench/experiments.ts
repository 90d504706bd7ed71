// `npm run bench:experiments`: an experiment's results over 100,000 leads (issue 28: < 300 ms).
// Builds a workspace with a two-variant experiment on step 1 of a campaign, 100,000 leads with a
// run lead and a draft each (split by the real assignment, variantFor), about 80 % of them sent,
// and replies on about 8 % of the sent (a mix of classifications, some unclassified), written in
// bulk with generate_series. Then times getExperiment (the query, the statistics and the shaping
// the API answers with) and the counting query alone: median and max of BENCH_ROUNDS (9) after a
// warm-up. Own database (BENCH_DATABASE_URL, default leadpipe_bench) and Redis database.
import { benchEnvironment, prepareBenchDatabase } from "./env";

const LEADS = Number(process.env.BENCH_LEADS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const env = benchEnvironment(Number(process.env.BENCH_APP_PORT ?? 3214));
Object.assign(process.env, env);
await prepareBenchDatabase(env);

const { db, sql, closeDb } = await import("@/lib/db");
const { seed } = await import("@/prisma/seed/run-seed");
const { ensureWorkspace } = await import("@/lib/workspaces/create-workspace");
const { newId } = await import("@/lib/ids");
const { variantFor } = await import("@/lib/experiments/assign");
const { getExperiment } = await import("@/lib/experiments/experiments");
const { variantCounts } = await import("@/lib/experiments/results");

await seed();
const workspace = await ensureWorkspace({ slug: "bench-experiments", name: "Bench experiments" });
const pack = await db().pack.findFirstOrThrow({ where: { slug: "saas-outbound" } });
const versions = await db().promptVersion.findMany({ where: { prompt: { name: "draft_email" }, version: { in: ["v1.3.0", "v1.4.0"] } } });
const campaignId = newId("cmp");
await db().campaign.create({ data: { id: campaignId, workspaceId: workspace.id, name: "Bench", packId: pack.id } });
const experimentId = newId("exp");
await db().experiment.create({
  data: {
    id: experimentId,
    workspaceId: workspace.id,
    campaignId,
    step: 1,
    metric: "positive_reply_rate",
    minPerVariant: 100,
    variants: { create: versions.map((version, position) => ({ position, promptVersionId: version.id, weight: 1 })) },
  },
});
const experiment = { id: experimentId, variants: versions.map((version) => ({ promptVersionId: version.id, weight: 1 })) };
const runId = newId("run");
await db().run.create({ data: { id: runId, name: "Bench run", workspaceId: workspace.id, packId: pack.id, campaignId, status: "completed" } });

const started = performance.now();
const CHUNK = 10_000;
for (let from = 0; from < LEADS; from += CHUNK) {
  const ids = Array.from({ length: Math.min(CHUNK, LEADS - from) }, () => newId("lead"));
  const variant = ids.map((id) => variantFor(experiment, id));
  // i is the lead's number: its draft's status, edit and reply follow from it (deterministic mix).
  await sql().query(
    `WITH input AS (
       SELECT t.lead_id, t.version_id, t.i FROM unnest($1::text[], $2::text[], $3::int[]) AS t(lead_id, version_id, i)
     ), leads_in AS (
       INSERT INTO leads (id, "workspaceId", email, "emailLower", status, "createdAt", "updatedAt")
       SELECT lead_id, $4, 'p' || i || '@bench.example', 'p' || i || '@bench.example', 'sent', now(), now() FROM input
     ), run_leads_in AS (
       INSERT INTO run_leads (id, "workspaceId", "runId", "leadId", stage, state, "updatedAt")
       SELECT 'rle_' || substr(lead_id, 6), $4, $5, lead_id, 'send', 'done', now() FROM input
     )
     INSERT INTO drafts (id, "workspaceId", "leadId", "runId", "runLeadId", "promptVersionId", "experimentId", subject, body, status, edited, "createdAt", "updatedAt")
     SELECT 'drf_' || substr(lead_id, 6), $4, lead_id, $5, 'rle_' || substr(lead_id, 6), version_id, $6, 'Hello', 'Body', 
            CASE WHEN i % 10 < 8 THEN 'sent' WHEN i % 10 = 8 THEN 'rejected' ELSE 'awaiting_review' END, i % 7 = 0, now(), now()
       FROM input`,
    [ids, variant, ids.map((_, k) => from + k), workspace.id, runId, experimentId],
  );
}
const classifications = ["interested", "meeting_request", "not_interested", "out_of_office", "question", "bounce", null];
await sql().query(
  `INSERT INTO replies (id, "workspaceId", "leadId", "draftId", "fromEmail", subject, text, "receivedAt", classification, "createdAt")
   SELECT 'rpl_' || substr(d.id, 5), d."workspaceId", d."leadId", d.id, 'p@bench.example', 'Re: Hello', 'Thanks', now(),
          ($2::text[])[1 + (abs(hashtext(d.id)) % 7)], now()
     FROM drafts d WHERE d."experimentId" = $1 AND d.status = 'sent' AND abs(hashtext(d.id || 'r')) % 100 < 8`,
  [experimentId, classifications],
);
await sql().query("ANALYZE leads; ANALYZE run_leads; ANALYZE drafts; ANALYZE replies;");
const counts = await sql().query<{ drafts: number; replies: number }>(
  `SELECT (SELECT count(*)::int FROM drafts WHERE "experimentId" = $1) AS drafts, (SELECT count(*)::int FROM replies WHERE "workspaceId" = $2) AS replies`,
  [experimentId, workspace.id],
);
console.log(`bench: ${counts.rows[0].drafts} drafts, ${counts.rows[0].replies} replies written in ${((performance.now() - started) / 1000).toFixed(1)} s`);

async function time(label: string, fn: () => Promise<unknown>) {
  await fn(); // warm-up: plans cached, pages in memory
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(`${label}: median ${times[Math.floor(times.length / 2)].toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms (${ROUNDS} rounds)`);
  return times[Math.floor(times.length / 2)];
}

const countsOnly = await time("counting query (variantCounts)", () =>
  variantCounts(
    experimentId,
    experiment.variants.map((v) => v.promptVersionId),
  ),
);
const whole = await time("getExperiment (query + statistics + shape)", () => getExperiment(workspace.id, experimentId));
const result = await getExperiment(workspace.id, experimentId);
for (const variant of result.results)
  console.log(
    `  ${variant.version.version}: leads ${variant.leads}, sent ${variant.sent}, replies ${variant.replies}, positive ${variant.positive_replies}, rate ${variant.rate?.toFixed(4)}, p(best) ${variant.probability_best.toFixed(3)}`,
  );
console.log(`target < 300 ms: ${whole < 300 ? "met" : "NOT met"} (counting alone ${countsOnly.toFixed(1)} ms)`);
await closeDb();
