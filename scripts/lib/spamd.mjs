import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ROOT, run, sleep } from "./proc.mjs";
import { canConnect } from "./services.mjs";

// SpamAssassin's spamd for the `spam_score` check (docs/review-checks.md), brought up by `npm start`
// and `npm test` beside PostgreSQL and Redis: installed from Debian's `spamassassin` package when
// absent (as root), started on loopback with local tests only (-L: no DNS or network lookups; the
// rules Debian ships in /usr/share/spamassassin need no sa-update) and without Bayes learning, so a
// message's score depends on the message alone. Optional: when it cannot be installed or started,
// this says so in one line and the app runs without it (drafts' spam scores are `unavailable`).

export const SPAMD_DEFAULT = { host: "127.0.0.1", port: 7830 };

/** SPAMD_HOST / SPAMD_PORT (lib/config has the same defaults); SPAMD_PORT=0 turns spamd off. */
export function spamdAddress(env = process.env) {
  return { host: env.SPAMD_HOST || SPAMD_DEFAULT.host, port: Number(env.SPAMD_PORT || SPAMD_DEFAULT.port) };
}

const SPAMD = "/usr/sbin/spamd";
const isRoot = () => typeof process.getuid === "function" && process.getuid() === 0;

function userExists(name) {
  try {
    execFileSync("id", ["-u", name], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** The one line printed when spamd is not there: what is missing and what still works. */
const unavailable = (why) => console.log(`• SpamAssassin (spamd) unavailable: ${why}; drafts' spam scores will say "unavailable".`);

async function install() {
  if (!isRoot() || !existsSync("/usr/bin/apt-get")) {
    unavailable("not installed (Debian: `sudo apt-get install -y spamassassin`)");
    return false;
  }
  console.log("• SpamAssassin's spamd is not installed: installing it from Debian's packages…");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  try {
    await run("apt-get", ["update", "-qq"], { env, quiet: true });
    // Debian 12 ships the daemon in its own `spamd` package (SpamAssassin 4); older releases have it
    // in `spamassassin`. Without recommends: no sa-compile (minutes of rule compiling at install,
    // speed only) and no spamc (we speak the protocol ourselves).
    const packages = (await run("apt-cache", ["show", "spamd"], { env, quiet: true }).then(
      () => true,
      () => false,
    ))
      ? ["spamassassin", "spamd"]
      : ["spamassassin"];
    await run("apt-get", ["install", "-y", "-qq", "--no-install-recommends", ...packages], { env, quiet: true });
  } catch (error) {
    unavailable(`apt-get could not install spamassassin (${error.message.split("\n").pop().slice(0, 160)})`);
    return false;
  }
  if (!existsSync(SPAMD)) unavailable(`the packages installed, but there is no ${SPAMD}`);
  return existsSync(SPAMD);
}

/**
 * Makes sure spamd answers on SPAMD_HOST:SPAMD_PORT (a loopback address: a remote one is only
 * checked). Never throws: returns whether spamd is reachable.
 */
export async function ensureSpamd(env = process.env, { timeoutMs = 60_000 } = {}) {
  const { host, port } = spamdAddress(env);
  if (!port) return false;
  if (await canConnect(host, port)) return true;
  if (!["127.0.0.1", "localhost", "::1"].includes(host)) {
    unavailable(`nothing answers at ${host}:${port} (SPAMD_HOST/SPAMD_PORT)`);
    return false;
  }
  if (!existsSync(SPAMD) && !(await install())) return false;
  const runDir = path.join(ROOT, ".run");
  mkdirSync(runDir, { recursive: true });
  const pidfile = path.join(runDir, `spamd-${port}.pid`);
  const args = [
    "--daemonize",
    "--local", // local tests only: no DNS blocklists, no network
    "--nouser-config",
    `--listen=${host}:${port}`,
    `--allowed-ips=${host === "::1" ? "::1" : "127.0.0.1"}`,
    "--max-children=4",
    "--min-children=2",
    "--cf=use_bayes 0", // no learning between messages: a score depends on the message alone
    "--cf=bayes_auto_learn 0",
    `--pidfile=${pidfile}`,
    "--syslog=null",
  ];
  // As root spamd must be told whom to run as; Debian's package makes `debian-spamd` for it.
  if (isRoot()) args.push(`--username=${userExists("debian-spamd") ? "debian-spamd" : "nobody"}`);
  console.log(`• SpamAssassin is not running: starting spamd on ${host}:${port}…`);
  try {
    await run(SPAMD, args, { quiet: true });
  } catch (error) {
    unavailable(`spamd did not start (${error.message.split("\n").pop().slice(0, 160)})`);
    return false;
  }
  const deadline = Date.now() + timeoutMs; // spamd reads its rules before it listens: a few seconds
  while (Date.now() < deadline) {
    if (await canConnect(host, port)) return true;
    await sleep(250);
  }
  unavailable(`spamd did not listen on ${host}:${port} within ${timeoutMs / 1000} s`);
  return false;
}

/** The pid of the spamd this script started on that port, if it is still there (for stopping it by id). */
export function spamdPid(env = process.env) {
  const file = path.join(ROOT, ".run", `spamd-${spamdAddress(env).port}.pid`);
  return existsSync(file) ? Number(readFileSync(file, "utf8").trim()) || null : null;
}
