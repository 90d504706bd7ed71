import { Redis, type RedisOptions } from "ioredis";
import { config } from "@/lib/config";

// BullMQ needs maxRetriesPerRequest: null on its connections. Request-path clients give up on a
// command after one failed reconnect or 2 s, so a request answers 503 instead of hanging.
export function createRedis(purpose: "queue" | "request", url = config().REDIS_URL): Redis {
  const options: RedisOptions =
    purpose === "queue" ? { maxRetriesPerRequest: null, enableReadyCheck: true } : { maxRetriesPerRequest: 1, connectTimeout: 2_000, commandTimeout: 2_000 };
  const client = new Redis(url, { ...options, lazyConnect: false, connectionName: `leadpipe-${purpose}` });
  client.on("error", () => {
    // Connection errors surface through commands and /readyz; ioredis reconnects by itself.
  });
  return client;
}

const globalForRedis = globalThis as unknown as { leadpipeRedis?: Redis };

/** The shared request-path client (rate limits, health). */
export function redis(): Redis {
  globalForRedis.leadpipeRedis ??= createRedis("request");
  return globalForRedis.leadpipeRedis;
}

/** Closes the shared client; the next redis() opens a new one (test files share one process). */
export async function closeRedis(): Promise<void> {
  const client = globalForRedis.leadpipeRedis;
  globalForRedis.leadpipeRedis = undefined;
  await client?.quit();
}
