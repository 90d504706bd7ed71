import { db } from "@/lib/db";

const DEADLOCK = "40P01";

/**
 * Empties every table (not the migration history) so each test file starts clean. A process killed
 * by the previous file (a crash test's worker) may leave a transaction that PostgreSQL has not yet
 * ended; TRUNCATE then deadlocks with it, so it is tried again for a while before failing.
 */
export async function resetDatabase(): Promise<void> {
  const tables = await db().$queryRaw<{ tablename: string }[]>`
    SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'`;
  if (tables.length === 0) return;
  const truncate = `TRUNCATE ${tables.map((t) => `"${t.tablename}"`).join(", ")} RESTART IDENTITY CASCADE`;
  for (let attempt = 1; ; attempt++) {
    try {
      await db().$executeRawUnsafe(truncate);
      return;
    } catch (error) {
      const code = (error as { meta?: { code?: string } }).meta?.code ?? String((error as Error).message).match(/Code: `(\w+)`/)?.[1];
      if (code !== DEADLOCK || attempt >= 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}
