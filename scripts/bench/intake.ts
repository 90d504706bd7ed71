// `npm run bench:intake`: 5,000 replies in a real IMAP mailbox (a private dovecot) read, matched
// and classified by one worker on the local engine. Prints messages stored per second and replies
// classified per second, both timed from the first message stored to the last one done (so the
// worker's start and the 5 s settings scan are not counted), and the whole wall time besides.
// Own database (leadpipe_bench) and Redis database 2.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { benchEnvironment, prepareBenchDatabase, spawnBenchWorker, waitForUrl } from "./env";
import { startDovecot } from "../../tests/helpers/dovecot";

const REPLIES = Number(process.env.BENCH_REPLIES ?? 5_000);
const WORKER_PORT = Number(process.env.BENCH_WORKER_PORT ?? 3231);
const env = benchEnvironment(3230);
Object.assign(process.env, env);
await prepareBenchDatabase(env);

const { db, closeDb } = await import("@/lib/db");
const { seed } = await import("@/prisma/seed/run-seed");
const { closeQueues } = await import("@/lib/queues");
const { sentWorkspace, pointMailboxAt, replyMessage } = await import("../../tests/helpers/mailbox-fixtures");

// Reply texts from the labelled corpus, so the classifier does its usual work.
const corpusDir = path.join("lib", "engine", "local", "corpus");
const texts = readdirSync(corpusDir).flatMap((file) =>
  readFileSync(path.join(corpusDir, file), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { text: string }).text),
);

await seed();
const { workspaceId, leads } = await sentWorkspace("bench-intake", REPLIES);
const dovecot = await startDovecot(["bench"]);
const appendStarted = performance.now();
// Written into the maildir as a delivery agent would (APPENDing 5,000 over IMAP takes minutes here).
dovecot.deliverMany(
  "bench",
  leads.map((lead, i) => replyMessage(lead, texts[i % texts.length], i % 10 === 9 ? "none" : "in-reply-to")),
);
console.log(`bench: ${REPLIES} replies delivered to the mailbox in ${((performance.now() - appendStarted) / 1000).toFixed(1)} s`);

const worker = await spawnBenchWorker(WORKER_PORT);
try {
  await waitForUrl(`http://127.0.0.1:${WORKER_PORT}/readyz`, 300_000); // a busy machine starts it slowly
  const started = performance.now();
  await pointMailboxAt(workspaceId, dovecot, "bench");
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    const classified = await db().reply.count({ where: { workspaceId, classifiedAt: { not: null } } });
    if (classified >= REPLIES) break;
    if (Date.now() > deadline) throw new Error(`only ${classified} of ${REPLIES} replies classified after 15 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const wallSeconds = (performance.now() - started) / 1000;
  const [span] = await db().$queryRaw<{ first: Date; stored: Date; classified: Date }[]>`
    SELECT (SELECT min("createdAt") FROM inbound_messages WHERE "workspaceId" = ${workspaceId}) AS first,
           (SELECT max("createdAt") FROM inbound_messages WHERE "workspaceId" = ${workspaceId}) AS stored,
           (SELECT max("classifiedAt") FROM replies WHERE "workspaceId" = ${workspaceId}) AS classified`;
  const storeSeconds = (span.stored.getTime() - span.first.getTime()) / 1000;
  const classifySeconds = (span.classified.getTime() - span.first.getTime()) / 1000;
  const matched = await db().inboundMessage.count({ where: { workspaceId, kind: "reply" } });
  const events = await db().event.count({ where: { workspaceId, type: "reply.received" } });
  console.log(`bench: ${matched} of ${REPLIES} replies matched (${events} reply.received events)`);
  console.log(`bench: stored ${(REPLIES / storeSeconds).toFixed(0)} messages/s (${storeSeconds.toFixed(1)} s)`);
  console.log(
    `bench: matched and classified ${(REPLIES / classifySeconds).toFixed(0)} replies/s (${classifySeconds.toFixed(1)} s, first stored to last classified)`,
  );
  console.log(`bench: wall time from the mailbox being configured: ${wallSeconds.toFixed(1)} s`);
} finally {
  worker.kill();
  await dovecot.stop();
  await closeQueues();
  await closeDb();
}
