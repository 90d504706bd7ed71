// `npm run bench:webhooks`: (1) 50,000 events to one loopback receiver: deliveries/s from the
// moment they are written to the outbox until the receiver has every id; (2) a steady 1,000
// events/s for 10 s: outbox-to-received latency p50/p99. Own database and Redis database.
import { benchEnvironment, prepareBenchDatabase, spawnBenchWorker, waitForUrl } from "./env";
import { startReceiver } from "../../tests/helpers/webhook-receiver";

const EVENTS = Number(process.env.BENCH_EVENTS ?? 50_000);
const STEADY_SECONDS = 10;
const STEADY_RATE = 1_000;
const WORKER_PORT = 3221;
const env = benchEnvironment(3220);
Object.assign(process.env, env);
await prepareBenchDatabase(env);

const { sql, closeDb } = await import("@/lib/db");
const { newId } = await import("@/lib/ids");
const { ensureWorkspace } = await import("@/lib/workspaces/create-workspace");
const { createEndpoint } = await import("@/lib/webhooks/endpoints");
const { closeQueues } = await import("@/lib/queues");

const receiver = await startReceiver();
const workspace = await ensureWorkspace({ slug: "bench-hooks", name: "Bench hooks" });
await createEndpoint(workspace.id, { url: receiver.url, events: [], enabled: true, description: "" }, { type: "system", id: "bench", name: "bench" });
const worker = await spawnBenchWorker(WORKER_PORT);

// Plain SQL, as the pipeline writes its events: the bench should spend its CPU receiving, not inserting.
const eventData = JSON.stringify({ lead_id: "lead_bench", run_id: "run_bench", score: 90, reasons: ["bench"] });
const insert = (ids: string[]) =>
  sql().query(`INSERT INTO events (id, "workspaceId", type, data) SELECT id, $2, 'lead.qualified', $3::jsonb FROM unnest($1::text[]) AS id`, [
    ids,
    workspace.id,
    eventData,
  ]);
// Counted incrementally: rebuilding a set of 50,000 ids every poll would take CPU from the worker.
const seen = new Set<unknown>();
let counted = 0;
const distinctReceived = () => {
  if (counted > receiver.received.length) {
    seen.clear(); // the list was emptied
    counted = 0;
  }
  for (; counted < receiver.received.length; counted++) seen.add(receiver.received[counted].headers["x-service-event-id"]);
  return seen.size;
};

async function until(condition: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return condition();
}

try {
  await waitForUrl(`http://127.0.0.1:${WORKER_PORT}/readyz`);
  const ids = Array.from({ length: EVENTS }, () => newId("evt"));
  const started = performance.now();
  for (let i = 0; i < ids.length; i += 5_000) await insert(ids.slice(i, i + 5_000));
  const complete = await until(() => distinctReceived() >= EVENTS, 600_000);
  const seconds = (performance.now() - started) / 1000;
  const throughput = distinctReceived() / seconds;

  receiver.received.length = 0;
  seen.clear();
  counted = 0;
  const sentAt = new Map<string, number>();
  for (let tick = 0; tick < STEADY_SECONDS * 10; tick++) {
    const batch = Array.from({ length: STEADY_RATE / 10 }, () => newId("evt"));
    const now = Date.now();
    for (const id of batch) sentAt.set(id, now);
    await insert(batch);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 100 - (Date.now() - now))));
  }
  await until(() => distinctReceived() >= sentAt.size, 120_000);
  const latencies = receiver.received
    .filter((r) => sentAt.has(r.headers["x-service-event-id"] as string))
    .map((r) => r.at - sentAt.get(r.headers["x-service-event-id"] as string)!)
    .sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];

  console.log(`\nbench:webhooks ${new Date().toISOString()}`);
  console.log(
    `  ${EVENTS} events to one receiver: ${Math.round(throughput)} deliveries/s in ${seconds.toFixed(1)} s${complete ? "" : " (INCOMPLETE)"}   target ≥ 3,000: ${throughput >= 3000 ? "met" : "NOT met"}`,
  );
  console.log(
    `  steady ${STEADY_RATE}/s for ${STEADY_SECONDS} s: outbox → received p50 ${pct(50)} ms, p99 ${pct(99)} ms (${latencies.length} received)   target p99 < 500 ms: ${pct(99) < 500 ? "met" : "NOT met"}`,
  );
} finally {
  worker.kill("SIGTERM");
  await receiver.close();
  await closeQueues();
  await closeDb();
}
