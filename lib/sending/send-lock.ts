import { sql } from "@/lib/db";

// At most one attempt at a time per draft: a PostgreSQL advisory lock held by an open transaction
// on a connection of its own. A worker that dies loses its connection and so the lock, at once.
// The lock only spares a second job the work; what makes two sends impossible is the claim
// (send-draft.ts: the move to `committing` is conditional on the attempt that claimed the send).

export type HeldLock = { stillHeld(): Promise<void> };

export async function withSendLock<T>(draftId: string, work: (lock: HeldLock) => Promise<T>): Promise<T | "busy"> {
  const client = await sql().connect();
  let broken: Error | undefined;
  const onError = (error: Error) => (broken = error);
  client.on("error", onError);
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
    client.off("error", onError);
    client.release(broken ?? undefined);
  }
}
