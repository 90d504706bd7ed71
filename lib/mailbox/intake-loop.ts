import { randomUUID } from "node:crypto";
import type { ImapFlow } from "imapflow";
import { config } from "@/lib/config";
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
// MAILBOX_POLL_SECONDS regardless. A session that fails records why on the settings row
// (`last_error`, shown in Settings) and is tried again after a pause.

const SCAN_MS = 5_000;
const LEASE_MS = 15_000; // a crashed worker's mailbox is taken over within this
const RETRY_AFTER_FAILURE_MS = 30_000;
const LEASE_KEY = (workspaceId: string) => `leadpipe:mailbox-lease:${workspaceId}`;
const RENEW = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;

type Session = { settingsVersion: number; stop: () => Promise<void> };

export function startIntakeLoop(): { stop: () => Promise<void> } {
  const owner = randomUUID();
  const sessions = new Map<string, Session>();
  const failedUntil = new Map<string, number>();
  let running = true;
  let wake: () => void = () => undefined;

  async function scan() {
    const mailboxes = await db().mailboxSettings.findMany({ select: { workspaceId: true, updatedAt: true, passwordEncrypted: true } });
    const wanted = new Map(mailboxes.map((mailbox) => [mailbox.workspaceId, mailbox.updatedAt.getTime()]));
    for (const [workspaceId, session] of sessions) {
      if (wanted.get(workspaceId) !== session.settingsVersion) {
        sessions.delete(workspaceId);
        await session.stop(); // settings changed or removed: the next scan starts afresh
      }
    }
    for (const [workspaceId, version] of wanted) {
      if (sessions.has(workspaceId) || (failedUntil.get(workspaceId) ?? 0) > Date.now()) continue;
      const leased = await redis().set(LEASE_KEY(workspaceId), owner, "PX", LEASE_MS, "NX");
      if (leased !== "OK") continue; // another worker reads this mailbox
      sessions.set(workspaceId, startSession(workspaceId, version, owner, (failed) => {
        sessions.delete(workspaceId);
        if (failed) failedUntil.set(workspaceId, Date.now() + RETRY_AFTER_FAILURE_MS);
      }));
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

function startSession(workspaceId: string, settingsVersion: number, owner: string, ended: (failed: boolean) => void): Session {
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
    const mailbox = await db().mailboxSettings.findUnique({ where: { workspaceId } });
    if (!mailbox || stopped) return;
    await requeueUnclassified(workspaceId);
    client = imapClient(mailbox);
    client.on("error", (error: Error) => log.warn({ workspaceId, err: error.message }, "mailbox connection error"));
    client.on("exists", () => {
      newMail = true;
      nudge();
    });
    const closed = new Promise<void>((resolve) => client!.on("close", () => resolve()));
    await client.connect();
    // The first folder is read last, so it stays open and IDLEs between reads.
    const folders = [...mailbox.folders].reverse();
    while (!stopped && client.usable) {
      let taken = 0;
      newMail = false;
      for (const folder of folders) taken += await readFolder(client, workspaceId, folder);
      await db().mailboxSettings.updateMany({ where: { workspaceId }, data: { lastError: null, lastCheckedAt: new Date() } });
      if (taken > 0) log.info({ workspaceId, taken }, "mailbox read");
      if (newMail) continue;
      await Promise.race([closed, new Promise<void>((resolve) => {
        nudge = resolve;
        setTimeout(resolve, config().MAILBOX_POLL_SECONDS * 1000);
      })]);
    }
    if (!stopped) throw new Error("the IMAP server closed the connection");
  }

  const done = run().then(
    () => false,
    async (error: Error) => {
      if (stopped) return false;
      log.warn({ workspaceId, err: error.message }, "mailbox session failed; will retry");
      await db().mailboxSettings.updateMany({ where: { workspaceId }, data: { lastError: error.message.slice(0, 500) } }).catch(() => undefined);
      return true;
    },
  ).then(async (failed) => {
    clearInterval(renew);
    await redis().eval(RELEASE, 1, LEASE_KEY(workspaceId), owner).catch(() => undefined);
    await client?.logout().catch(() => client?.close());
    ended(failed);
  });

  async function stop() {
    stopped = true;
    nudge();
    client?.close();
    await done;
  }
  return { settingsVersion, stop };
}
