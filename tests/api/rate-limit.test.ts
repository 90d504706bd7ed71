import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { revokeToken } from "@/lib/tokens/revoke-token";
import { call, testWorkspace } from "../helpers/api-fixtures";

// 240 back-to-back requests pass, the 241st is 429 with Retry-After; the bucket refills at 2/s.

async function burst(token: string, count: number) {
  const answers = [];
  for (let i = 0; i < count; i += 20) {
    answers.push(...(await Promise.all(Array.from({ length: Math.min(20, count - i) }, () => call("GET", "/v1/packs?limit=1", { token })))));
  }
  return answers;
}

describe("rate limit", () => {
  it("lets a burst of 240 through, refuses the 241st, then refills at 2 per second", async () => {
    const ws = await testWorkspace("ratelimit");
    const started = Date.now();
    const answers = await burst(ws.tokens.admin, 240);
    expect(answers.filter((a) => a.status === 200).length).toBe(240);

    // The bucket refilled by 2/s while the burst ran: those extra requests pass, then 429.
    let extra = 0;
    let refused = await call("GET", "/v1/packs?limit=1", { token: ws.tokens.admin });
    while (refused.status === 200 && extra < 50) {
      extra++;
      refused = await call("GET", "/v1/packs?limit=1", { token: ws.tokens.admin });
    }
    const elapsedSeconds = (Date.now() - started) / 1000;
    expect(extra).toBeLessThanOrEqual(Math.ceil(elapsedSeconds * 2) + 1);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("rate_limited");
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(refused.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(refused.headers.get("x-ratelimit-limit")).toBe("120");

    // Another token of the same workspace has its own bucket.
    const other = await ws.newToken("read");
    expect((await call("GET", "/v1/packs?limit=1", { token: other })).status).toBe(200);

    await new Promise((resolve) => setTimeout(resolve, 1600));
    const after = await Promise.all([1, 2, 3, 4, 5].map(() => call("GET", "/v1/packs?limit=1", { token: ws.tokens.admin })));
    const passed = after.filter((a) => a.status === 200).length;
    expect(passed).toBeGreaterThanOrEqual(3);
    expect(passed).toBeLessThanOrEqual(4);
  });

  // The web process keeps a few rate-limit tokens per access token in memory (lib/api/access-pool.ts):
  // the headers must still count down one per request, and a revocation elsewhere must end the pool.
  it("counts down one per request while tokens are pooled, and a revocation in another process ends the pool at once", async () => {
    const ws = await testWorkspace("ratelimit-pool");
    // The server subscribes to invalidations on its first /v1 request; until then it pools nothing.
    await call("GET", "/v1/packs?limit=1", { token: ws.tokens.admin });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const token = await ws.newToken("read");
    const remaining: number[] = [];
    for (let i = 0; i < 25; i++) {
      const answer = await call("GET", "/v1/packs?limit=1", { token });
      expect(answer.status).toBe(200);
      remaining.push(Number(answer.headers.get("x-ratelimit-remaining")));
    }
    // Refill at 2/s may add a token between requests, never more than the time allows; never a jump down.
    for (let i = 1; i < remaining.length; i++) expect(remaining[i] - remaining[i - 1]).toBeGreaterThanOrEqual(-1);
    expect(remaining[0]).toBe(239);
    expect(remaining.at(-1)).toBeLessThanOrEqual(239 - 24 + 10);
    // Taken ten at a time: after 25 requests, five are still pooled in the server.

    const row = await db().apiToken.findFirstOrThrow({ where: { workspaceId: ws.workspace.id, name: "extra" } });
    await revokeToken(ws.workspace.id, { id: row.id }, { type: "system", id: "tests", name: "tests" }); // this test process, not the server
    const after = await call("GET", "/v1/packs?limit=1", { token });
    expect(after.status).toBe(401);
    expect(after.body.detail).toMatch(/revoked/);
  });

  it("scales capacity and refill with the plan", async () => {
    const ws = await testWorkspace("ratelimit-team", "team");
    const first = await call("GET", "/v1/packs?limit=1", { token: ws.tokens.admin });
    expect(first.headers.get("x-ratelimit-limit")).toBe("600");
    expect(first.headers.get("x-ratelimit-remaining")).toBe("1199");
  });
});
