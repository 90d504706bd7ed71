import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient, type Prisma } from "@/lib/generated/prisma/client.ts";
import { config } from "@/lib/config";

export type { Prisma } from "@/lib/generated/prisma/client.ts";

/**
 * Secret columns (hashed or sealed at rest, lib/crypto): no ordinary query returns them. The few
 * places that need one ask for it in that query (`omit: { field: false }`, or `select`).
 * Plain SQL (`sql()`) is not covered: those reads name their columns.
 */
export const SECRET_COLUMNS = {
  user: { passwordHash: true },
  apiToken: { tokenHash: true },
  provider: { apiKeyEncrypted: true },
  relaySettings: { passwordEncrypted: true },
  mailboxSettings: { passwordEncrypted: true },
  webhookEndpoint: { secretEncrypted: true, previousSecretEncrypted: true },
  sender: { relayPasswordEncrypted: true, mailboxPasswordEncrypted: true },
} as const satisfies Prisma.GlobalOmitConfig;

type OmittingClient = PrismaClient<never, typeof SECRET_COLUMNS>;

/** A client inside an interactive transaction, with the same omissions as `db()`. */
export type Tx = Omit<OmittingClient, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;

// The generated `$transaction` types its callback's client without the client's `omit` (at run time
// the transaction client omits the same columns); this says so, so that type checking sees it too.
type Client = Omit<OmittingClient, "$transaction"> & {
  $transaction<P extends Prisma.PrismaPromise<unknown>[]>(
    queries: [...P],
    options?: { isolationLevel?: Prisma.TransactionIsolationLevel },
  ): Promise<{ [K in keyof P]: Awaited<P[K]> }>;
  $transaction<R>(
    work: (tx: Tx) => Promise<R>,
    options?: { maxWait?: number; timeout?: number; isolationLevel?: Prisma.TransactionIsolationLevel },
  ): Promise<R>;
};

// One connection pool per process, shared by Prisma (through adapter-pg) and by the few hot read
// paths that use plain SQL (`sql()`), where Prisma's per-query cost would dominate the request.
type Handles = { pool: pg.Pool; prisma: Client };
const globalForDb = globalThis as unknown as { leadpipeDb?: Handles };

type QueryArgs = Parameters<pg.PoolClient["query"]>;

/** Makes a client send its queries one after another, in call order (see SerialPool). */
function serialQueries(client: pg.PoolClient): pg.PoolClient {
  const marked = client as pg.PoolClient & { leadpipeSerial?: true };
  if (marked.leadpipeSerial) return client;
  const original = client.query.bind(client) as (...args: QueryArgs) => unknown;
  let tail: Promise<unknown> = Promise.resolve();
  marked.query = ((...args: QueryArgs) => {
    const [first] = args;
    // Callback and submittable forms (COPY streams, cursors) return at once: never queued here.
    if (typeof args[args.length - 1] === "function" || (typeof first === "object" && first !== null && "submit" in first)) return original(...args);
    const result = tail.then(() => original(...args));
    tail = result.catch(() => undefined);
    return result;
  }) as pg.PoolClient["query"];
  marked.leadpipeSerial = true;
  return client;
}

/**
 * pg queues a query sent while another is running on the same client and warns that pg@9 will stop
 * doing so ("Calling client.query() when the client is already executing a query is deprecated").
 * Prisma's query interpreter sends a transaction's independent reads (relation loads) at once on the
 * transaction's one client; this pool's clients queue them themselves, so nothing changes when pg
 * stops queueing, and no warning is printed.
 */
class SerialPool extends pg.Pool {
  connect(): Promise<pg.PoolClient>;
  connect(callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  connect(callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): Promise<pg.PoolClient> | void {
    if (!callback) return super.connect().then(serialQueries);
    super.connect((err, client, done) => callback(err, client ? serialQueries(client) : client, done));
  }
}

function handles(): Handles {
  if (!globalForDb.leadpipeDb) {
    const pool = new SerialPool({ connectionString: config().DATABASE_URL, connectionTimeoutMillis: 5_000, max: 10 });
    pool.on("error", () => {
      // An idle client lost its connection; the pool replaces it. Queries report their own errors.
    });
    // A burst of transactions (twenty approvals at once) waits for a pooled connection rather than
    // failing after Prisma's default 2 s: "Unable to start a transaction in the given time".
    const transactionOptions = { maxWait: 10_000, timeout: 15_000 };
    const prisma = new PrismaClient({ adapter: new PrismaPg(pool), transactionOptions, omit: SECRET_COLUMNS });
    globalForDb.leadpipeDb = { pool, prisma: prisma as Client };
  }
  return globalForDb.leadpipeDb;
}

export function db(): Client {
  return handles().prisma;
}

/** The raw pool, for hot read paths only. Column names are Prisma's field names (camelCase). */
export function sql(): pg.Pool {
  return handles().pool;
}

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

/** A transaction of either kind: Prisma's interactive one (`db().$transaction`) or a pg client's (`sqlTransaction`). */
export type AnyTx = Tx | pg.PoolClient;

/** The rows of one statement run in either kind of transaction (lifecycle writes shared by both kinds of caller). */
export async function queryIn<T>(connection: AnyTx, text: string, values: unknown[]): Promise<T[]> {
  if ("$queryRawUnsafe" in connection) return connection.$queryRawUnsafe<T[]>(text, ...values);
  return (await connection.query(text, values)).rows as T[];
}
