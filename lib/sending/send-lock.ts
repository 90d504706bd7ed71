import pg from "pg";
import { config } from "@/lib/config";

// At most one attempt at a time per draft: a PostgreSQL advisory lock held by an open transaction
// on a connection of its own, opened for the attempt (not taken from the shared pool, which the
// attempt's own queries need: eight concurrent sends would otherwise hold the whole pool). A worker
// that dies loses its connection and so the lock, at once. The lock only spares a second job the
// work; what makes two sends impossible is the claim (send-draft.ts: the move to `committing` is
// conditional on the attempt that claimed the send).

export type HeldLock = { stillHeld(): Promise<void> };

export async function withSendLock<T>(draftId: string, work: (lock: HeldLock) => Promise<T>): Promise<T | "busy"> {
  const client = new pg.Client({ connectionString: config().DATABASE_URL, connectionTimeoutMillis: 5_000 });
  let broken: Error | undefined;
  client.on("error", (error: Error) => (broken = error));
  await client.connect();
  try {
    await client.query("BEGIN");
    const { rows } = await client.query<{ locked: boolean }>(`SELECT pg_try_advisory_xact_lock(hashtext('leadpipe.send'), hashtext($1)) AS locked`, [draftId]);
    if (!rows[0].locked) return "busy";
    return await work({
      async stillHeld() {
        if (broken) throw broken;
        await client.query("SELECT 1");
      },
    });
  } finally {
    await client.query("COMMIT").catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}
