// `npm run bench:webhooks-fairness`: ten endpoints that never answer and one healthy endpoint, all
// subscribed to every event, under a steady 500 events/s (BENCH_RATE) for 20 s (BENCH_SECONDS).
// Prints the healthy endpoint's outbox-to-received latency p50/p99 (target p99 < 500 ms). Events not
// received within BENCH_DRAIN_SECONDS after the last one count as never received. Own database
// (BENCH_DATABASE_URL) and Redis database (BENCH_REDIS_URL); one worker process.
import { benchEnvironment, prepareBenchDatabase, spawnBenchWorker, waitForUrl } from "./env";
import { startReceiver } from "../../tests/helpers/webhook-receiver";

const RATE = Number(process.env.BENCH_RATE ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const DRAIN_SECONDS = Number(process.env.BENCH_DRAIN_SECONDS ?? 30);
const HANGING = Number(process.env.BENCH_HANGING ?? 10); // 0: the same load without them, for comparison
const WORKER_PORT = 3223;
const env = benchEnvironment(3222);
Object.assign(process.env, env);
await prepareBenchDatabase(env);

const { sql, closeDb } = await import("@/lib/db");
const { newId } = await import("@/lib/ids");
const { ensureWorkspace } = await import("@/lib/workspaces/create-workspace");
const { createEndpoint } = await import("@/lib/webhooks/endpoints");
const { closeQueues } = await import("@/lib/queues");

const healthy = await startReceiver();
const hanging = await startReceiver();
hanging.setMode("hang");
const workspace = await ensureWorkspace({ slug: "bench-fairness", name: "Bench fairness" });
const actor = { type: "system" as const, id: "bench", name: "bench" };
for (let i = 0; i < HANGING; i++)
  await createEndpoint(workspace.id, { url: `${hanging.url}/${i}`, events: [], enabled: true, description: `hangs ${i}` }, actor);
await createEndpoint(workspace.id, { url: healthy.url, events: [], enabled: true, description: "healthy" }, actor);
const worker = await spawnBenchWorker(WORKER_PORT);

const eventData = JSON.stringify({ lead_id: "lead_bench", run_id: "run_bench", score: 90, reasons: ["bench"] });
const insert = (ids: string[]) =>
  sql().query(`INSERT INTO events (id, "workspaceId", type, data) SELECT id, $2, 'lead.qualified', $3::jsonb FROM unnest($1::text[]) AS id`, [
    ids,
    workspace.id,
    eventData,
  ]);

try {
  await waitForUrl(`http://127.0.0.1:${WORKER_PORT}/readyz`);
  const sentAt = new Map<string, number>();
  const perTick = RATE / 10;
  for (let tick = 0; tick < SECONDS * 10; tick++) {
    const batch = Array.from({ length: perTick }, () => newId("evt"));
    const now = Date.now();
    for (const id of batch) sentAt.set(id, now);
    await insert(batch);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 100 - (Date.now() - now))));
  }
  const firstReceipt = new Map<string, number>();
  const deadline = Date.now() + DRAIN_SECONDS * 1000;
  let counted = 0;
  while (Date.now() < deadline) {
    for (; counted < healthy.received.length; counted++) {
      const id = healthy.received[counted].headers["x-service-event-id"] as string;
      if (sentAt.has(id) && !firstReceipt.has(id)) firstReceipt.set(id, healthy.received[counted].at);
    }
    if (firstReceipt.size >= sentAt.size) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // An event never received counts as slower than any received one.
  const latencies = [...sentAt].map(([id, at]) => (firstReceipt.has(id) ? firstReceipt.get(id)! - at : Infinity)).sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  const shown = (ms: number) => (Number.isFinite(ms) ? `${ms} ms` : `not received within ${DRAIN_SECONDS} s`);
  const hangingOpen = hanging.received.length;

  console.log(`\nbench:webhooks-fairness ${new Date().toISOString()}`);
  console.log(`  ${RATE} events/s for ${SECONDS} s to ${HANGING} endpoints that never answer + 1 healthy endpoint (${sentAt.size} events)`);
  console.log(
    `  healthy endpoint: ${firstReceipt.size} of ${sentAt.size} received; outbox → received p50 ${shown(pct(50))}, p99 ${shown(pct(99))}   target p99 < 500 ms: ${pct(99) < 500 ? "met" : "NOT met"}`,
  );
  console.log(`  hanging endpoints: ${hangingOpen} requests received by them (none answered)`);
} finally {
  worker.kill("SIGKILL"); // a clean stop would wait out the hanging attempts
  await healthy.close();
  await hanging.close();
  await closeQueues();
  await closeDb();
}
