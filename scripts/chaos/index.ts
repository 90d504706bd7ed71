// `npm run test:chaos`: a 20,000-lead run with webhooks to a loopback receiver and sends to a
// loopback SMTP sink, while worker and web processes are SIGKILLed, Redis and PostgreSQL are
// restarted, all on a private PostgreSQL cluster and redis-server; then a 3-step sequence whose
// follow-ups fall due while the workers die (scripts/chaos/sequence-workload.ts), with a sender
// paused by its bounce rate held through those faults and resumed after them
// (scripts/chaos/paused-sender.ts). Then the invariants (scripts/chaos/checks.ts, the sequence
// workload's and the paused sender's). The lead domains are served by a loopback DNS server (the
// recipient checks). docs/reliability.md describes it and keeps the figures.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { startFileServer } from "../../tests/helpers/csv-fixtures";
import { freePort, ROOT } from "../../tests/helpers/processes";
import { startDnsServer, type Zone } from "../../tests/helpers/dns-server";
import { startSmtpSink } from "../../tests/helpers/smtp-sink";
import { startReceiver } from "../../tests/helpers/webhook-receiver";
import { apiClient } from "./api";
import { webProcess, workerProcess, type AppProcess } from "./app-processes";
import { checkInvariants } from "./checks";
import { faultInjector } from "./faults";
import { resolveInDoubt, type Resolution } from "./in-doubt";
import { printReport } from "./report";
import { missingPrerequisites, startServices, type PrivateServices } from "./services";
import { pauseSenderMidRun, PAUSED_LEADS, pausedLeadsCsv } from "./paused-sender";
import { prepareSequenceWorkspace, runSequenceWorkload, SEQUENCE_LEADS, sequenceLeadsCsv } from "./sequence-workload";
import { configureAndStartRun, leadsCsv, prepareDatabase, prepareWorkspace, reviewDrafts } from "./workload";

const LEADS = Number(process.env.CHAOS_LEADS ?? 20_000);
const WORKERS = Number(process.env.CHAOS_WORKERS ?? 2);
const startedAt = Date.now();
const elapsed = () => `${((Date.now() - startedAt) / 1000).toFixed(1).padStart(6)} s`;
const log = (line: string) => console.log(`[chaos ${elapsed()}] ${line}`);

const missing = missingPrerequisites();
if (missing.length) {
  console.error(`test:chaos needs a private PostgreSQL 15 cluster and redis-server; missing:\n${missing.map((m) => `  - ${m}`).join("\n")}`);
  process.exit(2);
}

const logDir = path.join(ROOT, ".run", "chaos", new Date().toISOString().replace(/[:.]/g, "-"));
mkdirSync(logDir, { recursive: true });
log("building the web app if its sources changed, and the worker (scripts/bench/build-if-needed.mjs)…");
execFileSync(process.execPath, [path.join(ROOT, "scripts", "bench", "build-if-needed.mjs")], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });

let services: PrivateServices | undefined;
const processes: AppProcess[] = [];
const closers: (() => Promise<void>)[] = [];
let cleanedUp = false;
async function cleanUp() {
  if (cleanedUp) return;
  cleanedUp = true;
  await Promise.allSettled(processes.map((p) => p.kill9()));
  await Promise.allSettled(closers.map((close) => close()));
  if (services) {
    for (const file of ["postgres.log", "redis.log"]) {
      try {
        copyFileSync(path.join(services.dir, file), path.join(logDir, file));
      } catch {
        // not written
      }
    }
    services.stop();
  }
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    log(`${signal}: cleaning up`);
    void cleanUp().finally(() => process.exit(130));
  });
}
process.on("exit", () => services?.stop()); // last resort: never leave a private cluster running

/** Polls until `fn` is truthy; errors (PostgreSQL away for a moment) count as not yet. */
async function until(what: string, fn: () => Promise<unknown>, timeoutMs = 300_000, everyMs = 100) {
  const deadline = Date.now() + timeoutMs;
  let lastError = "";
  while (Date.now() < deadline) {
    try {
      if (await fn()) return;
    } catch (error) {
      lastError = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}${lastError ? ` (last error: ${lastError})` : ""}`);
}

/**
 * The lead domains, served by a DNS server of the run's own (the recipient checks before drafting
 * reject a domain with no MX, and `.example` has none): an MX for each, every other name NXDOMAIN.
 */
function leadZone(): Zone {
  const domains = [
    "chaos.example",
    "chaos-seq.example",
    "chaos-pause.example",
    ...Array.from({ length: PAUSED_LEADS }, (_, i) => `firm${i}.chaos-pause.example`),
  ];
  return Object.fromEntries(domains.map((domain) => [domain, [{ type: "MX" as const, priority: 10, exchange: `mx.${domain}` }]]));
}

async function main(): Promise<boolean> {
  services = await startServices();
  const dns = await startDnsServer(leadZone(), []);
  closers.push(dns.close);
  log(`private PostgreSQL ${services.databaseUrl}, Redis ${services.redisUrl} (in ${services.dir})`);
  const webPort = await freePort();
  const appUrl = `http://127.0.0.1:${webPort}`;
  const env: Record<string, string> = {
    DATABASE_URL: services.databaseUrl,
    REDIS_URL: services.redisUrl,
    APP_URL: appUrl,
    NEXTAUTH_URL: appUrl,
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    OUTBOUND_ALLOWLIST: "127.0.0.0/8,::1/128",
    NEXT_TELEMETRY_DISABLED: "1",
    LOG_LEVEL: "warn",
    DNS_SERVERS: dns.address,
  };
  Object.assign(process.env, env);
  const { workspaceId, tokens } = await prepareDatabase(services.databaseUrl, 4);
  log("database migrated and seeded; workspace `chaos` (enterprise plan) with 4 admin tokens");
  const sequenceWorkspace = SEQUENCE_LEADS > 0 ? await prepareSequenceWorkspace() : null;
  const pausedWorkspace = PAUSED_LEADS > 0 ? await prepareWorkspace("chaos-pause", "Chaos paused sender") : null;

  const receiver = await startReceiver();
  const smtp = await startSmtpSink();
  const sequenceSmtp = await startSmtpSink();
  const patSmtp = await startSmtpSink();
  const quinnSmtp = await startSmtpSink();
  const files = await startFileServer(
    new Map([
      ["/chaos.csv", leadsCsv(LEADS)],
      ["/sequence.csv", sequenceLeadsCsv()],
      ["/paused.csv", pausedLeadsCsv()],
    ]),
  );
  closers.push(receiver.close, smtp.close, sequenceSmtp.close, patSmtp.close, quinnSmtp.close, files.close);
  const pool = new pg.Pool({ connectionString: services.databaseUrl, max: 3, connectionTimeoutMillis: 2_000 });
  pool.on("error", () => undefined); // idle clients die with the PostgreSQL restart; the pool replaces them
  closers.push(() => pool.end());
  const onCrash = (name: string, how: string) => log(`!! ${name} exited on its own (${how}); see ${logDir}`);
  const web = webProcess(env, webPort, logDir, onCrash);
  const workers = await Promise.all(Array.from({ length: WORKERS }, async (_, i) => workerProcess(i + 1, env, await freePort(), logDir, onCrash)));
  processes.push(web, ...workers);
  await Promise.all([web.start(), ...workers.map((w) => w.start())]);
  log(`web on ${appUrl}, ${WORKERS} workers up`);

  const api = apiClient(appUrl);
  const faults = faultInjector({ web, workers, services, startedAt, log });
  const scalar = async (query: string, params: unknown[]) => Number((await pool.query<{ n: string }>(query, params)).rows[0].n);
  const runId = await configureAndStartRun(api, tokens[0], { hookUrl: receiver.url, smtpPort: smtp.port, csvUrl: `${files.url}/chaos.csv`, stopAfter: null });
  const runStatus = async () => (await pool.query<{ status: string }>(`SELECT status FROM runs WHERE id = $1`, [runId])).rows[0]?.status;
  log(`run ${runId}: ${LEADS} leads, no stop_after (drafts wait for review, approved ones are sent)`);

  // Machine stages: 20,000 extract_signals + 20,000 qualify + 2,000 draft_email traces.
  const traces = () => scalar(`SELECT count(*) AS n FROM stage_traces WHERE "runId" = $1`, [runId]);
  const stageTraces = LEADS * 2 + LEADS / 10;
  await until("stage traces (10 %)", async () => (await traces()) >= stageTraces * 0.1, 300_000, 20);
  await faults.killWorkers(0, "during the machine stages");
  await until("stage traces (50 %)", async () => (await traces()) >= stageTraces * 0.5, 300_000, 20);
  await faults.killWorkers("all", "during the machine stages");
  await until("run awaiting review", async () => ["awaiting_review", "completed", "failed", "canceled"].includes((await runStatus()) ?? ""), 600_000, 250);
  if ((await runStatus()) !== "awaiting_review") throw new Error(`run ended ${await runStatus()} before review`);
  const draftIds = (await pool.query<{ id: string }>(`SELECT id FROM drafts WHERE "runId" = $1 ORDER BY id`, [runId])).rows.map((row) => row.id);
  log(`machine stages done: ${draftIds.length} drafts await review; reviewing over /v1 while faults continue`);

  // Review, sends and deliveries all in flight: faults by the share of drafts decided.
  const review = reviewDrafts(api, tokens, draftIds, { concurrency: 8, perSecond: 80 });
  let reviewFailed: Error | undefined;
  review.done.catch((error: Error) => (reviewFailed = error));
  const reviewed = (share: number) =>
    until(
      `${share * 100} % of drafts decided`,
      async () => {
        if (reviewFailed) throw reviewFailed;
        return review.decided.size >= review.total * share;
      },
      600_000,
    );
  await reviewed(0.1);
  await faults.killWeb("while drafts are reviewed");
  await reviewed(0.25);
  await faults.restartRedis("while drafts are reviewed, sent and delivered");
  await reviewed(0.4);
  await faults.killWeb("while drafts are reviewed");
  await reviewed(0.55);
  await faults.restartPostgres("while drafts are reviewed, sent and delivered");
  await reviewed(0.7);
  await faults.killWorkers(1, "while drafts are sent");
  await reviewed(0.78);
  await faults.crashAt("send.after-relay-accepted", 0, "between the relay's acceptance of a mail and the commit");
  await reviewed(0.82);
  await faults.crashAt("send.after-committing", 1, "once a send is committing, before the end of its message");
  await reviewed(0.85);
  await faults.killWeb("while drafts are reviewed");
  await review.done;
  log(`review done: ${review.decided.size} drafts decided over /v1 (${api.stats.calls} calls, ${api.stats.retries} retries)`);

  const sent = () => scalar(`SELECT count(*) AS n FROM sends s JOIN drafts d ON d.id = s."draftId" WHERE d."runId" = $1 AND s.status = 'sent'`, [runId]);
  const approvals = [...review.decided.values()].filter((d) => d === "approve").length;
  if ((await sent().catch(() => 0)) < approvals * 0.95) {
    await until("95 % of sends", async () => (await sent()) >= approvals * 0.95, 300_000, 50).catch(() => undefined);
    await faults.killWorkers(0, "while the last drafts are sent");
  }
  // Sends in doubt keep the run `sending` until resolved: the driver resolves each over /v1 as a
  // reviewer who checked the relay would (the sink holds its Message-ID: sent; else: resend).
  const resolutions = new Map<string, Resolution>();
  await until(
    "run completed (in-doubt sends resolved)",
    async () => {
      if ((await runStatus()) === "completed") return true;
      await resolveInDoubt(api, tokens[0], runId, smtp.mails, resolutions);
      return false;
    },
    420_000,
    2_000,
  );
  log("run completed; waiting for every outbox event to reach the receiver");

  const seen = new Set<string>();
  let counted = 0;
  await until(
    "every event delivered",
    async () => {
      for (; counted < receiver.received.length; counted++) seen.add(String(receiver.received[counted].headers["x-service-event-id"]));
      const ids = (await pool.query<{ id: string }>(`SELECT id FROM events WHERE "workspaceId" = $1`, [workspaceId])).rows;
      const pending = await scalar(`SELECT count(*) AS n FROM deliveries WHERE "workspaceId" = $1 AND status <> 'succeeded'`, [workspaceId]);
      return pending === 0 && ids.every((row) => seen.has(row.id));
    },
    300_000,
    1_000,
  ).catch((error: Error) => log(`!! ${error.message}`));

  const { checks, figures } = await checkInvariants({
    pool,
    runId,
    workspaceId,
    leads: LEADS,
    decided: review.decided,
    received: receiver.received,
    mails: smtp.mails,
    resolutions,
  });
  // A sender paused by its bounce rate (scripts/chaos/paused-sender.ts), kept paused through the
  // sequence workload's faults, resumed after them.
  const paused = pausedWorkspace
    ? await pauseSenderMidRun({
        api,
        token: pausedWorkspace.token,
        workspaceId: pausedWorkspace.workspaceId,
        pool,
        patSink: patSmtp,
        quinnSink: quinnSmtp,
        csvUrl: `${files.url}/paused.csv`,
        log,
        until,
      })
    : null;
  // Then the sequence workload (scripts/chaos/sequence-workload.ts): follow-ups due while the workers die.
  if (sequenceWorkspace) {
    const sequence = await runSequenceWorkload({
      api,
      token: sequenceWorkspace.token,
      workspaceId: sequenceWorkspace.workspaceId,
      pool,
      faults,
      smtpPort: sequenceSmtp.port,
      mails: sequenceSmtp.mails,
      csvUrl: `${files.url}/sequence.csv`,
      log,
      until,
    });
    checks.push(...sequence.checks);
    Object.assign(figures, sequence.figures);
  }
  if (paused) {
    const resumed = await paused.resumeAndCheck();
    checks.push(...resumed.checks);
    Object.assign(figures, resumed.figures);
  }
  const crashes = processes.reduce((sum, p) => sum + p.unexpectedExits, 0);
  checks.push({ name: "no process exited on its own", ok: crashes === 0, detail: `${crashes} unexpected exits` });
  return printReport({ faults, figures, checks, api: api.stats, seconds: (Date.now() - startedAt) / 1000, logDir });
}

let ok = false;
try {
  ok = await main();
} catch (error) {
  console.error(`\ntest:chaos failed: ${(error as Error).stack ?? error}\nprocess logs: ${logDir}`);
} finally {
  await cleanUp();
}
process.exit(ok ? 0 : 1);
