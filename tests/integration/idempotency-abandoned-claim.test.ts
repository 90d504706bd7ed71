import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, db } from "@/lib/db";
import { closeRedis, redis } from "@/lib/redis";
import { newId } from "@/lib/ids";
import { withinClaim } from "@/lib/idempotency/claim-context";
import { ownerForClaim } from "@/lib/idempotency/process-lease";
import { withIdempotency } from "@/lib/idempotency/with-idempotency";
import { createRun } from "@/lib/runs/create-run";
import { seed } from "@/prisma/seed/run-seed";
import { createToken } from "@/lib/tokens/create-token";
import { ensureWorkspace } from "@/lib/workspaces/create-workspace";
import { resetDatabase } from "../helpers/db";

// Found by `npm run test:chaos`: a web process killed mid-request leaves its Idempotency-Key claim
// open, and every retry with that key was answered 409 "still in progress" for 24 hours, so the
// client could never get its request done. An open claim older than a minute is taken over, and
// sooner when the process that holds it is known dead: its lease in Redis lapsed
// (lib/idempotency/process-lease.ts; IDEMPOTENCY_LEASE_MS is 3 s in the tests).

let claim: { workspaceId: string; tokenId: string; method: string; path: string; rawBody: string };

beforeAll(async () => {
  await resetDatabase();
  await seed();
  const workspace = await ensureWorkspace({ slug: "idem-claim", name: "Idem claim" });
  const user = await db().user.create({ data: { id: newId("usr"), email: "idem@claim.example", name: "Idem", passwordHash: "x" } });
  await db().membership.create({ data: { workspaceId: workspace.id, userId: user.id, role: "admin" } });
  const { token } = await createToken({
    workspaceId: workspace.id,
    userId: user.id,
    name: "t",
    scope: "write",
    expiresInDays: null,
    actor: { type: "system", id: "tests", name: "tests" },
  });
  const row = await db().apiToken.findFirstOrThrow({ where: { workspaceId: workspace.id } });
  expect(token).toMatch(/^lpat_/);
  claim = { workspaceId: workspace.id, tokenId: row.id, method: "POST", path: "/v1/leads", rawBody: '{"email":"a@example.com"}' };
});
afterAll(async () => {
  await closeDb();
  await closeRedis();
});

async function openClaim(key: string, ageMs: number, owner?: string) {
  // What a process that died between claiming the key and storing the answer leaves behind.
  const { createHash } = await import("node:crypto");
  await db().idempotencyKey.create({
    data: {
      id: newId("idk"),
      workspaceId: claim.workspaceId,
      tokenId: claim.tokenId,
      key,
      method: claim.method,
      path: claim.path,
      bodyHash: createHash("sha256").update(claim.rawBody).digest("hex"),
      createdAt: new Date(Date.now() - ageMs),
      expiresAt: new Date(Date.now() + 3_600_000),
      ...(owner ? { response: { owner } } : {}),
    },
  });
}

describe("an Idempotency-Key claim left open by a dead process", () => {
  it("is still 'in progress' while it is recent", async () => {
    await openClaim("recent", 5_000);
    let ran = false;
    await expect(withIdempotency({ ...claim, key: "recent" }, async () => ((ran = true), { status: 201, body: {} }))).rejects.toMatchObject({
      code: "conflict",
    });
    expect(ran).toBe(false);
  });

  it("is taken over by the retry once it is a minute old, and the answer is kept", async () => {
    await openClaim("abandoned", 61_000);
    let runs = 0;
    const first = await withIdempotency({ ...claim, key: "abandoned" }, async () => (runs++, { status: 201, body: { ok: true } }));
    const replay = await withIdempotency({ ...claim, key: "abandoned" }, async () => (runs++, { status: 201, body: { ok: false } }));
    expect(first).toMatchObject({ status: 201, body: { ok: true } });
    expect(replay).toMatchObject({ status: 201, body: { ok: true }, headers: { "idempotent-replayed": "true" } });
    expect(runs).toBe(1);
  });
});

describe("a recent claim whose process's lease has lapsed", () => {
  it("is taken over within the lease (once this process has seen Redis up long enough to judge), while a live owner's stays in progress", async () => {
    await redis().set("leadpipe:idempotency-owner:boot_alive", "1", "PX", 600_000); // a live web process renews its lease
    await openClaim("owner-dead", 1_000, "boot_dead"); // a web process killed mid-request: its lease is gone
    await openClaim("owner-alive", 1_000, "boot_alive");
    let runs = 0;
    const retry = (key: string) =>
      withIdempotency({ ...claim, key }, async () => (runs++, { status: 201, body: { key } })).then(
        (answer) => answer.status,
        (error: { code?: string }) => error.code,
      );
    // In progress until this process's own lease has been renewed for a renewal period and a half, then taken over.
    await expect.poll(() => retry("owner-dead"), { timeout: 20_000, interval: 200 }).toBe(201);
    expect(runs).toBe(1);
    expect(await retry("owner-alive")).toBe("conflict");
    expect(runs).toBe(1);
    // A claim this process writes names its own lease, which stands.
    const written = await db().idempotencyKey.findFirstOrThrow({ where: { tokenId: claim.tokenId, key: "owner-dead" } });
    expect(written.status).toBe(201);
    const own = await db().idempotencyKey.create({
      data: { ...(await ownClaimRow("own")), response: { owner: (await ownerForClaim())! } },
    });
    expect(await retry("own")).toBe("conflict");
    expect(await redis().exists(`leadpipe:idempotency-owner:${(own.response as { owner: string }).owner}`)).toBe(1);
  });
});

async function ownClaimRow(key: string) {
  const { createHash } = await import("node:crypto");
  return {
    id: newId("idk"),
    workspaceId: claim.workspaceId,
    tokenId: claim.tokenId,
    key,
    method: claim.method,
    path: claim.path,
    bodyHash: createHash("sha256").update(claim.rawBody).digest("hex"),
    expiresAt: new Date(Date.now() + 3_600_000),
  };
}

describe("a takeover after the first attempt committed", () => {
  it("answers with what the first attempt created instead of creating a second run", async () => {
    const runClaim = { ...claim, path: "/v1/runs", rawBody: '{"pack":"saas-outbound","leads_csv_url":"https://leads.example.com/a.csv"}' };
    const { createHash } = await import("node:crypto");
    const claimId = newId("idk");
    await db().idempotencyKey.create({
      data: {
        id: claimId,
        workspaceId: claim.workspaceId,
        tokenId: claim.tokenId,
        key: "committed-run",
        method: "POST",
        path: runClaim.path,
        bodyHash: createHash("sha256").update(runClaim.rawBody).digest("hex"),
        expiresAt: new Date(Date.now() + 3_600_000),
      },
    });
    // The first attempt: the run is created and committed, then the process dies before the answer is stored.
    const actor = { type: "system" as const, id: "tests", name: "tests" };
    const first = await withinClaim(claimId, () =>
      createRun(claim.workspaceId, { pack: "saas-outbound", leads_csv_url: "https://leads.example.com/a.csv" }, actor),
    );
    await db().idempotencyKey.update({ where: { id: claimId }, data: { createdAt: new Date(Date.now() - 61_000) } });

    let ranAgain = false;
    const retry = await withIdempotency({ ...runClaim, key: "committed-run" }, async () => ((ranAgain = true), { status: 202, body: {} }));
    expect(ranAgain).toBe(false);
    expect(retry).toMatchObject({ status: 202, body: { id: first.id }, location: `/v1/runs/${first.id}`, headers: { "idempotent-replayed": "true" } });
    expect(await db().run.count({ where: { workspaceId: claim.workspaceId } })).toBe(1);
  });

  it("rolls back a slow first attempt whose claim a retry has already taken over", async () => {
    const claimId = newId("idk");
    const actor = { type: "system" as const, id: "tests", name: "tests" };
    // No claim row with this id any more (the retry deleted it when it took over).
    await expect(
      withinClaim(claimId, () => createRun(claim.workspaceId, { pack: "saas-outbound", leads_csv_url: "https://leads.example.com/b.csv" }, actor)),
    ).rejects.toMatchObject({ status: 409 });
    expect(await db().run.count({ where: { workspaceId: claim.workspaceId, leadsCsvUrl: "https://leads.example.com/b.csv" } })).toBe(0);
  });
});
