import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "@/lib/generated/prisma/client.ts";
import { config } from "@/lib/config";

export type { Prisma } from "@/lib/generated/prisma/client.ts";

// One connection pool per process, shared by Prisma (through adapter-pg) and by the few hot read
// paths that use plain SQL (`sql()`), where Prisma's per-query cost would dominate the request.
type Handles = { pool: pg.Pool; prisma: PrismaClient };
const globalForDb = globalThis as unknown as { leadpipeDb?: Handles };

function handles(): Handles {
  if (!globalForDb.leadpipeDb) {
    const pool = new pg.Pool({ connectionString: config().DATABASE_URL, connectionTimeoutMillis: 5_000, max: 10 });
    pool.on("error", () => {
      // An idle client lost its connection; the pool replaces it. Queries report their own errors.
    });
    // A burst of transactions (twenty approvals at once) waits for a pooled connection rather than
    // failing after Prisma's default 2 s: "Unable to start a transaction in the given time".
    const transactionOptions = { maxWait: 10_000, timeout: 15_000 };
    globalForDb.leadpipeDb = { pool, prisma: new PrismaClient({ adapter: new PrismaPg(pool), transactionOptions }) };
  }
  return globalForDb.leadpipeDb;
}

export function db(): PrismaClient {
  return handles().prisma;
}

/** The raw pool, for hot read paths only. Column names are Prisma's field names (camelCase). */
export function sql(): pg.Pool {
  return handles().pool;
}

export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

/** Closes Prisma and the pool (end of a script or a worker's shutdown). */
export async function closeDb(): Promise<void> {
  const open = globalForDb.leadpipeDb;
  globalForDb.leadpipeDb = undefined;
  if (!open) return;
  await open.prisma.$disconnect();
  await open.pool.end();
}

/** Runs `work` in one transaction on a pooled client (for set-based SQL); rolls back on any error. */
export async function sqlTransaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await sql().connect();
  // A checked-out client whose connection drops emits "error"; unheard, that would end the process.
  // The query in flight fails too, which is how the caller learns of it.
  let broken: Error | undefined;
  const onError = (error: Error) => {
    broken = error;
  };
  client.on("error", onError);
  try {
    await client.query("BEGIN");
    const result = await work(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    broken ??= error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    client.off("error", onError);
    client.release(broken); // a client that failed is discarded, not returned to the pool
  }
}
