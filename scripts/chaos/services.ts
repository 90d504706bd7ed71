// A private PostgreSQL 15 cluster and a private redis-server for the chaos run, on free loopback
// ports in a temporary directory, so that restarting them disturbs nobody else on the machine (the
// shared services on 5432 and 6379 are never touched). Both are removed again by `stop()`.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { chownSync, existsSync, mkdirSync, mkdtempSync, openSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../tests/helpers/processes";

const PG_BIN = process.env.CHAOS_PG_BIN ?? "/usr/lib/postgresql/15/bin";
const REDIS_SERVER = process.env.CHAOS_REDIS_SERVER ?? "/usr/bin/redis-server";
const RUNUSER = ["/usr/sbin/runuser", "/sbin/runuser", "/usr/bin/runuser"].find((file) => existsSync(file));

/** What is missing for a private cluster, in words; empty when all is there. */
export function missingPrerequisites(): string[] {
  const missing: string[] = [];
  if (process.getuid?.() !== 0) missing.push("root (initdb must run as the `postgres` OS user, which needs root to switch to)");
  for (const tool of ["initdb", "pg_ctl", "postgres"]) {
    if (!existsSync(path.join(PG_BIN, tool))) missing.push(`${path.join(PG_BIN, tool)} (Debian: apt-get install -y postgresql-15; or set CHAOS_PG_BIN)`);
  }
  if (!existsSync(REDIS_SERVER)) missing.push(`${REDIS_SERVER} (Debian: apt-get install -y redis-server; or set CHAOS_REDIS_SERVER)`);
  if (!RUNUSER) missing.push("runuser (util-linux)");
  try {
    execFileSync("id", ["-u", "postgres"], { stdio: "ignore" });
  } catch {
    missing.push("the `postgres` OS user (created by Debian's postgresql package)");
  }
  return missing;
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

async function waitForPort(port: number, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await canConnect(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} did not listen on 127.0.0.1:${port} within ${timeoutMs / 1000} s`);
}

const asPostgres = (command: string, args: string[]) =>
  execFileSync(RUNUSER!, ["-u", "postgres", "--", path.join(PG_BIN, command), ...args], { stdio: ["ignore", "pipe", "pipe"] }).toString();

export type PrivateServices = Awaited<ReturnType<typeof startServices>>;

export async function startServices() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "leadpipe-chaos-"));
  const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
  const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
  chownSync(dir, uid, gid);
  const pgData = path.join(dir, "pg");
  const redisDir = path.join(dir, "redis");
  mkdirSync(redisDir);
  const pgPort = await freePort();
  const redisPort = await freePort();
  let redis: ChildProcess | undefined;
  let pgStarted = false;

  // fsync off: a `-m immediate` stop kills the server processes, not the machine, so the kernel
  // still holds every write; crash recovery (WAL replay) runs on each start as after a real crash.
  asPostgres("initdb", ["-D", pgData, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync", "--no-instructions"]);
  const pgOptions = `-p ${pgPort} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c max_connections=200 -c full_page_writes=off`;
  const pgCtl = (...args: string[]) => asPostgres("pg_ctl", ["-D", pgData, "-l", path.join(dir, "postgres.log"), "-w", "-t", "60", ...args]);

  async function startPostgres() {
    pgCtl("-o", pgOptions, "start");
    pgStarted = true;
    await waitForPort(pgPort, "private PostgreSQL");
  }

  async function startRedis() {
    // AOF on (appendfsync everysec, as docs/operations.md recommends), no RDB snapshots: a restart
    // after SIGKILL replays the log, losing at most the last second's queue writes, which the
    // resume sweeps find again from PostgreSQL.
    const log = openSync(path.join(dir, "redis.log"), "a");
    redis = spawn(
      REDIS_SERVER,
      [
        "--port",
        String(redisPort),
        "--bind",
        "127.0.0.1",
        "--dir",
        redisDir,
        "--appendonly",
        "yes",
        "--appendfsync",
        "everysec",
        "--save",
        "",
        "--maxmemory-policy",
        "noeviction",
        "--daemonize",
        "no",
        "--protected-mode",
        "no",
      ],
      { stdio: ["ignore", log, log], detached: true },
    );
    await waitForPort(redisPort, "private Redis");
  }

  async function killRedis() {
    const child = redis;
    redis = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
  }

  await startPostgres();
  await startRedis();

  return {
    dir,
    databaseUrl: `postgresql://postgres@127.0.0.1:${pgPort}/leadpipe_chaos`,
    redisUrl: `redis://127.0.0.1:${redisPort}/0`,
    /** SIGKILL redis-server, wait `downMs`, start it again on the same AOF. */
    async restartRedis(downMs: number) {
      await killRedis();
      await new Promise((resolve) => setTimeout(resolve, downMs));
      await startRedis();
    },
    /** `pg_ctl stop -m immediate` (every server process quits without a checkpoint), wait `downMs`, start: crash recovery. */
    async restartPostgres(downMs: number) {
      pgCtl("-m", "immediate", "stop");
      pgStarted = false;
      await new Promise((resolve) => setTimeout(resolve, downMs));
      await startPostgres();
    },
    /** Synchronous, so it also works from an exit handler. Safe to call twice. */
    stop(keepDir = false) {
      if (redis && redis.exitCode === null && redis.signalCode === null) redis.kill("SIGKILL");
      redis = undefined;
      if (pgStarted) {
        try {
          pgCtl("-m", "immediate", "stop");
        } catch {
          // already down
        }
        pgStarted = false;
      }
      if (!keepDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
