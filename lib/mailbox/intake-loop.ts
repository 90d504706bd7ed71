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
//
// Besides the workspace's own mailbox (its default sender), every enabled sender with a mailbox is
// read the same way (contract §12): one lease and one session per mailbox, keyed by the sender's id.
// Its folders are stored as "<sender id>/<folder>" (cursors and messages), and replies are matched
// across every send of the workspace, whichever sender sent it. Only the workspace's own mailbox
// reports to `mailbox_status` (Settings → Mailbox); a sender's session logs its failures.

const SCAN_MS = 5_000;
const LEASE_MS = 15_000; // a crashed worker's mailbox is taken over within this
const RETRY_AFTER_FAILURE_MS = 30_000;
const LEASE_KEY = (key: string) => `leadpipe:mailbox-lease:${key}`;
const RENEW = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;

type Session = { fingerprint: string; stop: () => Promise<void> };
type Settings = { host: string; port: number; secure: boolean; username: string; passwordEncrypted: string | null; folders: string[] };
/** A mailbox to read: `key` is the workspace id for its own mailbox, the sender's id for a sender's. */
type Mailbox = { key: string; workspaceId: string; senderId: string | null; settings: Settings };

/** Every mailbox to read: the workspaces' own and their enabled senders'. */
async function allMailboxes(): Promise<Mailbox[]> {
  const own = await db().mailboxSettings.findMany({ omit: { passwordEncrypted: false } }); // the fingerprint covers the password
  const senders = await db().sender.findMany({
    where: { enabled: true, mailboxHost: { not: null }, mailboxPort: { not: null }, mailboxUsername: { not: null } },
    omit: { mailboxPasswordEncrypted: false },
  });
  return [
    ...own.map((mailbox) => ({ key: mailbox.workspaceId, workspaceId: mailbox.workspaceId, senderId: null, settings: mailbox })),
    ...senders.map((sender) => ({
      key: sender.id,
      workspaceId: sender.workspaceId,
      senderId: sender.id,
      settings: {
        host: sender.mailboxHost!,
        port: sender.mailboxPort!,
        secure: sender.mailboxSecure ?? true,
        username: sender.mailboxUsername!,
        passwordEncrypted: sender.mailboxPasswordEncrypted,
        folders: sender.mailboxFolders.length ? sender.mailboxFolders : ["INBOX"],
      },
    })),
  ];
}

async function loadMailbox(key: string): Promise<Mailbox | null> {
  return (await allMailboxes()).find((mailbox) => mailbox.key === key) ?? null;
}

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

/** Records what the worker sees of a workspace's own mailbox (not a sender's); only the worker writes this table. */
async function reportStatus(
  mailbox: Pick<Mailbox, "workspaceId" | "senderId">,
  state: "connecting" | "reading" | "idle" | "failed",
  extra: { lastError?: string | null; lastCheckedAt?: Date } = {},
) {
  if (mailbox.senderId) return;
  const workspaceId = mailbox.workspaceId;
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
    const mailboxes = await allMailboxes();
    const wanted = new Map(mailboxes.map((mailbox) => [mailbox.key, { mailbox, fingerprint: settingsFingerprint(mailbox.settings) }]));
    for (const [key, session] of sessions) {
      if (wanted.get(key)?.fingerprint !== session.fingerprint) {
        sessions.delete(key);
        await session.stop(); // settings changed or removed: the next scan starts afresh
      }
    }
    for (const [key, { mailbox, fingerprint }] of wanted) {
      const failure = failedUntil.get(key);
      if (sessions.has(key) || (failure && failure.fingerprint === fingerprint && failure.until > Date.now())) continue;
      const leased = await redis().set(LEASE_KEY(key), owner, "PX", LEASE_MS, "NX");
      if (leased !== "OK") continue; // another worker reads this mailbox
      sessions.set(
        key,
        startSession(mailbox, fingerprint, owner, (failed) => {
          sessions.delete(key);
          if (failed) failedUntil.set(key, { until: Date.now() + RETRY_AFTER_FAILURE_MS, fingerprint });
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

function startSession(which: Mailbox, fingerprint: string, owner: string, ended: (failed: boolean) => void): Session {
  const { key, workspaceId, senderId } = which;
  let stopped = false;
  let client: ImapFlow | null = null;
  let nudge: () => void = () => undefined;
  let newMail = false; // reported while a read was under way: read again without waiting
  const renew = setInterval(() => {
    redis()
      .eval(RENEW, 1, LEASE_KEY(key), owner, String(LEASE_MS))
      .then((kept) => {
        if (kept === 0) void stop(); // the lease lapsed and another worker took it
      })
      .catch(() => undefined);
  }, LEASE_MS / 3);

  async function run() {
    const current = await loadMailbox(key);
    if (!current || stopped) return;
    const mailbox = current.settings;
    await reportStatus(which, "connecting");
    await requeueUnclassified(workspaceId);
    client = await imapClient(mailbox);
    client.on("error", (error: Error) => log.warn({ workspaceId, senderId, err: error.message }, "mailbox connection error"));
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
      if (idle) await reportStatus(which, "reading");
      for (const folder of folders) taken += await readFolder(client, workspaceId, folder, senderId ? `${senderId}/${folder}` : folder);
      await reportStatus(which, "idle", { lastCheckedAt: new Date() });
      idle = true;
      if (taken > 0) log.info({ workspaceId, senderId, taken }, "mailbox read");
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
        log.warn({ workspaceId, senderId, err: error.message }, "mailbox session failed; will retry");
        await reportStatus(which, "failed", { lastError: error.message.slice(0, 500) }).catch(() => undefined);
        return true;
      },
    )
    .then(async (failed) => {
      clearInterval(renew);
      await redis()
        .eval(RELEASE, 1, LEASE_KEY(key), owner)
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
