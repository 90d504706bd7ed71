import { createHash, randomUUID } from "node:crypto";
import type { ImapFlow } from "imapflow";
import { config } from "@/lib/config";
import { decryptSecret } from "@/lib/crypto/secrets";
import { db } from "@/lib/db";
import { log } from "@/lib/log";
import { imapClient } from "@/lib/mailbox/imap-connection";
import { requeueUnclassified } from "@/lib/mailbox/ingest";
import { readFolder } from "@/lib/mailbox/read-folder";
import { redis } from "@/lib/redis";

// The intake loop, in every worker process: for each workspace with a mailbox, one process holds a
// lease in Redis (renewed while it reads) and keeps one IMAP session open. The session reads every
// folder from its cursor, then waits on the first folder: imapflow IDLEs there (or NOOPs where the
// server has no IDLE) and reports new mail at once; a timer reads all folders again every
// MAILBOX_POLL_SECONDS regardless. The worker reports what it sees in `mailbox_status` (never on
// the settings row, which only an admin writes): connecting, reading, idle, or failed with why
// (shown in Settings). A failed session is tried again after a pause. A session restarts only
// when what it connects with changes (host, port, TLS, username, password, folders): saving the
// same settings again leaves it running.

const SCAN_MS = 5_000;
const LEASE_MS = 15_000; // a crashed worker's mailbox is taken over within this
const RETRY_AFTER_FAILURE_MS = 30_000;
const LEASE_KEY = (workspaceId: string) => `leadpipe:mailbox-lease:${workspaceId}`;
const RENEW = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;

type Session = { fingerprint: string; stop: () => Promise<void> };
type Settings = { host: string; port: number; secure: boolean; username: string; passwordEncrypted: string | null; folders: string[] };

/** What a session connects with; the password compared in clear (a save seals it afresh each time). */
export function settingsFingerprint(settings: Settings): string {
  let password: string | null = null;
  try {
    password = settings.passwordEncrypted ? decryptSecret(settings.passwordEncrypted) : null;
  } catch {
    password = `sealed:${settings.passwordEncrypted}`; // unreadable here: the session fails and says why
  }
  const parts = [settings.host, settings.port, settings.secure, settings.username, password, settings.folders];
  return createHash("sha256").update(JSON.stringify(parts)).digest("hex");
}

/** Records what the worker sees of a mailbox; only the worker writes this table. */
async function reportStatus(
  workspaceId: string,
  state: "connecting" | "reading" | "idle" | "failed",
  extra: { lastError?: string | null; lastCheckedAt?: Date } = {},
) {
  const data = {
    state,
    lastError: state === "failed" ? (extra.lastError ?? null) : null,
    changedAt: new Date(),
    ...(extra.lastCheckedAt ? { lastCheckedAt: extra.lastCheckedAt } : {}),
  };
  await db().mailboxStatus.upsert({ where: { workspaceId }, create: { workspaceId, ...data }, update: data });
}

export function startIntakeLoop(): { stop: () => Promise<void> } {
  const owner = randomUUID();
  const sessions = new Map<string, Session>();
  // A failed session waits RETRY_AFTER_FAILURE_MS, unless its settings change meanwhile (an admin
  // fixing a wrong password should not wait).
  const failedUntil = new Map<string, { until: number; fingerprint: string }>();
  let running = true;
  let wake: () => void = () => undefined;

  async function scan() {
    const mailboxes = await db().mailboxSettings.findMany({ omit: { passwordEncrypted: false } }); // the fingerprint covers the password
    const wanted = new Map(mailboxes.map((mailbox) => [mailbox.workspaceId, settingsFingerprint(mailbox)]));
    for (const [workspaceId, session] of sessions) {
      if (wanted.get(workspaceId) !== session.fingerprint) {
        sessions.delete(workspaceId);
        await session.stop(); // settings changed or removed: the next scan starts afresh
      }
    }
    for (const [workspaceId, fingerprint] of wanted) {
      const failure = failedUntil.get(workspaceId);
      if (sessions.has(workspaceId) || (failure && failure.fingerprint === fingerprint && failure.until > Date.now())) continue;
      const leased = await redis().set(LEASE_KEY(workspaceId), owner, "PX", LEASE_MS, "NX");
      if (leased !== "OK") continue; // another worker reads this mailbox
      sessions.set(
        workspaceId,
        startSession(workspaceId, fingerprint, owner, (failed) => {
          sessions.delete(workspaceId);
          if (failed) failedUntil.set(workspaceId, { until: Date.now() + RETRY_AFTER_FAILURE_MS, fingerprint });
        }),
      );
    }
  }

  const loop = (async () => {
    while (running) {
      await scan().catch((error: Error) => log.warn({ err: error.message }, "mailbox scan failed; will retry"));
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, SCAN_MS);
      });
    }
  })();

  return {
    stop: async () => {
      running = false;
      wake();
      await loop;
      await Promise.allSettled([...sessions.values()].map((session) => session.stop()));
    },
  };
}

function startSession(workspaceId: string, fingerprint: string, owner: string, ended: (failed: boolean) => void): Session {
  let stopped = false;
  let client: ImapFlow | null = null;
  let nudge: () => void = () => undefined;
  let newMail = false; // reported while a read was under way: read again without waiting
  const renew = setInterval(() => {
    redis()
      .eval(RENEW, 1, LEASE_KEY(workspaceId), owner, String(LEASE_MS))
      .then((kept) => {
        if (kept === 0) void stop(); // the lease lapsed and another worker took it
      })
      .catch(() => undefined);
  }, LEASE_MS / 3);

  async function run() {
    const mailbox = await db().mailboxSettings.findUnique({ where: { workspaceId }, omit: { passwordEncrypted: false } });
    if (!mailbox || stopped) return;
    await reportStatus(workspaceId, "connecting");
    await requeueUnclassified(workspaceId);
    client = await imapClient(mailbox);
    client.on("error", (error: Error) => log.warn({ workspaceId, err: error.message }, "mailbox connection error"));
    client.on("exists", () => {
      newMail = true;
      nudge();
    });
    const closed = new Promise<void>((resolve) => client!.on("close", () => resolve()));
    await client.connect();
    // The first folder is read last, so it stays open and IDLEs between reads.
    const folders = [...mailbox.folders].reverse();
    let idle = false;
    while (!stopped && client.usable) {
      let taken = 0;
      newMail = false;
      if (idle) await reportStatus(workspaceId, "reading");
      for (const folder of folders) taken += await readFolder(client, workspaceId, folder);
      await reportStatus(workspaceId, "idle", { lastCheckedAt: new Date() });
      idle = true;
      if (taken > 0) log.info({ workspaceId, taken }, "mailbox read");
      if (newMail) continue;
      // IDLE at once on the folder left open (auto-IDLE would wait 15 s of quiet first); the next
      // read's first command ends it. Where the server has no IDLE, imapflow polls with NOOP.
      void client.idle({ whenFree: true }).catch((error: Error) => log.warn({ workspaceId, err: error.message }, "IDLE failed"));
      await Promise.race([
        closed,
        new Promise<void>((resolve) => {
          nudge = resolve;
          setTimeout(resolve, config().MAILBOX_POLL_SECONDS * 1000);
        }),
      ]);
    }
    if (!stopped) throw new Error("the IMAP server closed the connection");
  }

  const done = run()
    .then(
      () => false,
      async (error: Error) => {
        if (stopped) return false;
        log.warn({ workspaceId, err: error.message }, "mailbox session failed; will retry");
        await reportStatus(workspaceId, "failed", { lastError: error.message.slice(0, 500) }).catch(() => undefined);
        return true;
      },
    )
    .then(async (failed) => {
      clearInterval(renew);
      await redis()
        .eval(RELEASE, 1, LEASE_KEY(workspaceId), owner)
        .catch(() => undefined);
      await client?.logout().catch(() => client?.close());
      ended(failed);
    });

  async function stop() {
    stopped = true;
    nudge();
    client?.close();
    await done;
  }
  return { fingerprint, stop };
}
