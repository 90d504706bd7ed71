import { createHash, randomUUID } from "node:crypto";
import type { ImapFlow } from "imapflow";
import { config } from "@/lib/config";
import { timing } from "@/lib/config/timing";
import { decryptSecret } from "@/lib/crypto/secrets";
import { db } from "@/lib/db";
import { log } from "@/lib/log";
import { MAILBOX_STATE, type MailboxState } from "@/lib/statuses";
import { imapClient, imapErrorWords } from "@/lib/mailbox/imap-connection";
import { requeueUnclassified } from "@/lib/mailbox/ingest";
import { readFolder } from "@/lib/mailbox/read-folder";
import { redis } from "@/lib/redis";
import { type MailboxConnection, SENDER_HAS_MAILBOX, senderMailbox } from "@/lib/senders/sender-mailbox";

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
// across every send of the workspace, whichever sender sent it. A sender's session reports to
// `sender_mailbox_status` (keyed by the sender; Settings → Senders), the workspace's own to
// `mailbox_status` (Settings → Mailbox); a failure is recorded in plain words (imapErrorWords).

// How often mailboxes are looked for, and the lease by which a crashed worker's mailbox is taken
// over: the timing config's MAILBOX_SCAN_MS (5 s) and MAILBOX_LEASE_MS (15 s).
const scanMs = () => timing().mailboxScanMs;
const leaseMs = () => timing().mailboxLeaseMs;
const RETRY_AFTER_FAILURE_MS = 30_000;
const LEASE_KEY = (key: string) => `leadpipe:mailbox-lease:${key}`;
const RENEW = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;

type Session = { fingerprint: string; stop: () => Promise<void> };
type Settings = MailboxConnection;
/** A mailbox to read: `key` is the workspace id for its own mailbox, the sender's id for a sender's. */
type Mailbox = { key: string; workspaceId: string; senderId: string | null; settings: Settings };

/** Every mailbox to read: the workspaces' own and their enabled senders'. */
async function allMailboxes(): Promise<Mailbox[]> {
  const own = await db().mailboxSettings.findMany({ omit: { passwordEncrypted: false } }); // the fingerprint covers the password
  const senders = await db().sender.findMany({ where: { enabled: true, ...SENDER_HAS_MAILBOX }, omit: { mailboxPasswordEncrypted: false } });
  return [
    ...own.map((mailbox) => ({ key: mailbox.workspaceId, workspaceId: mailbox.workspaceId, senderId: null, settings: mailbox })),
    ...senders.map((sender) => ({ key: sender.id, workspaceId: sender.workspaceId, senderId: sender.id, settings: senderMailbox(sender)! })),
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

/**
 * Records what the worker sees of a mailbox: the workspace's own in `mailbox_status`, a sender's in
 * `sender_mailbox_status`. Only the worker writes these tables.
 */
async function reportStatus(
  mailbox: Pick<Mailbox, "workspaceId" | "senderId">,
  state: MailboxState,
  extra: { lastError?: string | null; lastCheckedAt?: Date } = {},
) {
  const data = {
    state,
    lastError: state === MAILBOX_STATE.failed ? (extra.lastError ?? null) : null,
    changedAt: new Date(),
    ...(extra.lastCheckedAt ? { lastCheckedAt: extra.lastCheckedAt } : {}),
  };
  const { workspaceId, senderId } = mailbox;
  if (!senderId) {
    await db().mailboxStatus.upsert({ where: { workspaceId }, create: { workspaceId, ...data }, update: data });
    return;
  }
  await db()
    .senderMailboxStatus.upsert({ where: { senderId }, create: { senderId, ...data }, update: data })
    .catch((error: Error & { code?: string }) => {
      if (error.code !== "P2003") throw error; // the sender was deleted meanwhile: its session stops at the next scan
    });
}

/** A sender no longer read (disabled, its mailbox removed) shows no stale state; a deleted one's row went with it. */
async function forgetUnreadSenders() {
  await db().senderMailboxStatus.deleteMany({ where: { sender: { OR: [{ enabled: false }, { mailboxHost: null }] } } });
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
    await forgetUnreadSenders();
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
      const leased = await redis().set(LEASE_KEY(key), owner, "PX", leaseMs(), "NX");
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
        setTimeout(resolve, scanMs());
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
      .eval(RENEW, 1, LEASE_KEY(key), owner, String(leaseMs()))
      .then((kept) => {
        if (kept === 0) void stop(); // the lease lapsed and another worker took it
      })
      .catch(() => undefined);
  }, leaseMs() / 3);

  async function run() {
    const current = await loadMailbox(key);
    if (!current || stopped) return;
    const mailbox = current.settings;
    await reportStatus(which, MAILBOX_STATE.connecting);
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
      if (idle) await reportStatus(which, MAILBOX_STATE.reading);
      for (const folder of folders) taken += await readFolder(client, workspaceId, folder, senderId ? `${senderId}/${folder}` : folder);
      await reportStatus(which, MAILBOX_STATE.idle, { lastCheckedAt: new Date() });
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
        await reportStatus(which, MAILBOX_STATE.failed, { lastError: imapErrorWords(error).slice(0, 500) }).catch(() => undefined);
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
