import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import net from "node:net";
import pg from "pg";
import { run, sleep } from "./proc.mjs";

// Brings up local PostgreSQL and Redis for `npm start` and `npm test`: starts them when installed
// but stopped, installs them from Debian's packages when absent (as root), or explains what to do.

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "::1", "[::1]"]);

/** Whether a TCP connection to host:port opens within the time (an IPv6 host may come in brackets). */
export function canConnect(host, port, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: host.replace(/^\[|\]$/g, ""), port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

async function waitForPort(host, port, what, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await canConnect(host, port)) return;
    await sleep(250);
  }
  throw new Error(`${what} did not start listening on ${host}:${port} within ${timeoutMs / 1000} s.`);
}

function commandExists(name) {
  return (process.env.PATH ?? "").split(":").some((dir) => existsSync(`${dir}/${name}`));
}

async function aptInstall(packages, what, manualHint) {
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot || !commandExists("apt-get")) {
    throw new Error(`${what} is not installed. ${manualHint}`);
  }
  console.log(`• ${what} is not installed: installing ${packages.join(", ")} from Debian's packages…`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  await run("apt-get", ["update", "-qq"], { env, quiet: true });
  await run("apt-get", ["install", "-y", "-qq", ...packages], { env, quiet: true });
}

function postgresVersions() {
  return existsSync("/etc/postgresql") ? readdirSync("/etc/postgresql").filter((v) => existsSync(`/etc/postgresql/${v}/main`)) : [];
}

/** A fresh Debian install asks for passwords on 127.0.0.1; our default URL has none. */
function trustLoopback(version) {
  const file = `/etc/postgresql/${version}/main/pg_hba.conf`;
  const text = readFileSync(file, "utf8");
  const updated = text.replace(/^(host\s+all\s+all\s+(127\.0\.0\.1\/32|::1\/128)\s+)\S+\s*$/gm, "$1trust");
  if (updated !== text) writeFileSync(file, updated);
}

export async function ensurePostgres(databaseUrl) {
  const url = new URL(databaseUrl);
  const host = url.hostname || "127.0.0.1";
  const port = Number(url.port || 5432);
  if (await canConnect(host, port)) return;
  if (!LOCAL_HOSTS.has(host)) {
    throw new Error(`PostgreSQL at ${host}:${port} (DATABASE_URL) is not reachable. Start it, or point DATABASE_URL at a running server.`);
  }
  let versions = postgresVersions();
  if (versions.length === 0) {
    await aptInstall(["postgresql"], "PostgreSQL", "Install it (Debian: `sudo apt-get install -y postgresql`) or set DATABASE_URL to a running server.");
    versions = postgresVersions();
    for (const version of versions) trustLoopback(version);
  }
  if (versions.length === 0) throw new Error("PostgreSQL is installed but has no cluster under /etc/postgresql. Create one with pg_createcluster.");
  console.log(`• PostgreSQL is not running: starting cluster ${versions.join(", ")}/main…`);
  for (const version of versions) {
    await run("pg_ctlcluster", ["--skip-systemctl-redirect", version, "main", "start"], { quiet: true }).catch(async (error) => {
      if (!/already running/i.test(error.message)) throw error;
      // Started by the package's install script before we set loopback to trust: reload it.
      await run("pg_ctlcluster", ["--skip-systemctl-redirect", version, "main", "reload"], { quiet: true }).catch(() => undefined);
    });
  }
  await waitForPort(host, port, "PostgreSQL");
}

export async function ensureRedis(redisUrl) {
  const url = new URL(redisUrl);
  const host = url.hostname || "127.0.0.1";
  const port = Number(url.port || 6379);
  if (await canConnect(host, port)) return;
  if (!LOCAL_HOSTS.has(host)) {
    throw new Error(`Redis at ${host}:${port} (REDIS_URL) is not reachable. Start it, or point REDIS_URL at a running server.`);
  }
  if (!commandExists("redis-server")) {
    await aptInstall(["redis-server"], "Redis", "Install it (Debian: `sudo apt-get install -y redis-server`) or set REDIS_URL to a running server.");
  }
  if (await canConnect(host, port)) return; // the package may have started it
  console.log(`• Redis is not running: starting redis-server on port ${port}…`);
  await run("redis-server", ["--daemonize", "yes", "--bind", "127.0.0.1", "--port", String(port), "--save", "", "--appendonly", "no"], { quiet: true });
  await waitForPort(host, port, "Redis");
}

/** Creates the database named in the URL when it does not exist. With reset, drops it first. */
export async function ensureDatabase(databaseUrl, { reset = false } = {}) {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ""));
  if (!/^[A-Za-z0-9_-]+$/.test(name)) throw new Error(`DATABASE_URL names an unusual database "${name}"; create it yourself.`);
  const admin = new URL(databaseUrl);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    if (reset) await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (!rowCount) {
      await client.query(`CREATE DATABASE "${name}"`);
      if (!reset) console.log(`• Created database ${name}`);
    }
  } finally {
    await client.end();
  }
}

export async function ensureServices({ databaseUrl, redisUrl }) {
  await ensurePostgres(databaseUrl);
  await ensureRedis(redisUrl);
}

/**
 * Dovecot's IMAP server for the mailbox tests and the intake benchmark: installed from Debian's
 * packages (dovecot-imapd) when absent, as root; otherwise a clear message. Returns the binary's path.
 */
export async function ensureDovecot() {
  const binary = ["/usr/sbin/dovecot", "/usr/local/sbin/dovecot"].find((path) => existsSync(path));
  if (binary && existsSync("/usr/lib/dovecot/imap")) return binary;
  await aptInstall(
    ["dovecot-imapd"],
    "Dovecot (IMAP server for the mailbox tests)",
    "Install it (Debian: `sudo apt-get install -y dovecot-imapd`) and run the tests again.",
  );
  if (!existsSync("/usr/sbin/dovecot")) throw new Error("dovecot-imapd was installed but /usr/sbin/dovecot is missing.");
  return "/usr/sbin/dovecot";
}
