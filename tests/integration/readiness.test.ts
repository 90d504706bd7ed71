import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TcpProxy } from "../helpers/tcp-proxy";
import { eventually, freePort, getJson, spawnWorker, type Spawned } from "../helpers/processes";

// The worker's /readyz follows PostgreSQL and Redis as they go away and come back, without a
// restart. Each is "stopped" by cutting a loopback proxy between the worker and the real server.

const dbUrl = new URL(process.env.DATABASE_URL!);
const redisUrl = new URL(process.env.REDIS_URL!);
const pgProxy = new TcpProxy(dbUrl.hostname, Number(dbUrl.port || 5432));
const redisProxy = new TcpProxy(redisUrl.hostname, Number(redisUrl.port || 6379));
let worker: Spawned;
let readyz: string;

beforeAll(async () => {
  const proxiedDb = new URL(dbUrl);
  proxiedDb.hostname = "127.0.0.1";
  proxiedDb.port = String(await pgProxy.start());
  const proxiedRedis = new URL(redisUrl);
  proxiedRedis.hostname = "127.0.0.1";
  proxiedRedis.port = String(await redisProxy.start());
  const port = await freePort();
  readyz = `http://127.0.0.1:${port}/readyz`;
  worker = spawnWorker({ DATABASE_URL: proxiedDb.toString(), REDIS_URL: proxiedRedis.toString(), WORKER_PORT: String(port) });
  await eventually(async () => (await getJson(readyz)).status === 200, { timeoutMs: 30_000 });
});

afterAll(async () => {
  worker?.child.kill("SIGKILL");
  await Promise.all([pgProxy.cut(), redisProxy.cut()]);
});

describe("worker /readyz", () => {
  it("answers 503 naming Redis while Redis is away, and 200 again when it is back", async () => {
    await redisProxy.cut();
    const down = await eventually(async () => {
      const answer = await getJson(readyz);
      return answer.status === 503 ? answer : null;
    });
    expect(down.body.code).toBe("service_unavailable");
    expect(String(down.body.detail)).toMatch(/^Redis unreachable/);
    expect(String(down.body.detail)).not.toMatch(/PostgreSQL/);

    await redisProxy.restore();
    await eventually(async () => (await getJson(readyz)).status === 200, { timeoutMs: 30_000 });
  });

  it("answers 503 naming PostgreSQL while PostgreSQL is away, and 200 again when it is back", async () => {
    await pgProxy.cut();
    const down = await eventually(async () => {
      const answer = await getJson(readyz);
      return answer.status === 503 ? answer : null;
    });
    expect(String(down.body.detail)).toMatch(/^PostgreSQL unreachable/);
    expect((down.body.checks as { redis: { ok: boolean } }).redis.ok).toBe(true);

    await pgProxy.restore();
    await eventually(async () => (await getJson(readyz)).status === 200, { timeoutMs: 30_000 });
  });

  it("keeps /healthz at 200 while a dependency is down (the process itself is fine)", async () => {
    await redisProxy.cut();
    const health = await getJson(readyz.replace("readyz", "healthz"));
    expect(health.status).toBe(200);
    await redisProxy.restore();
  });
});
