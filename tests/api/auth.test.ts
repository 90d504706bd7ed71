import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { OPERATIONS } from "@/lib/api/operations";
import { revokeToken } from "@/lib/tokens/revoke-token";
import { call, testWorkspace, type TestWorkspace } from "../helpers/api-fixtures";

// Every operation refuses a missing, malformed, unknown, revoked or expired token (401), a read
// token on a write (403) and a role below the operation's (403).

let ws: TestWorkspace;
let revoked: string;
let expired: string;
let leadId: string;
let runId: string;

const SAMPLE_BODIES: Record<string, unknown> = {
  createLead: { email: "auth-check@example.com" },
  updatePack: { name: "x" },
  forkPack: {},
  forkPrompt: { from: "v1.2.0", as: "v1.2.0-auth" },
  upsertProvider: { kind: "openai-compatible", base_url: "https://llm.example.com/v1", default_model: "m" },
  createRun: { pack: "saas-outbound", leads_csv_url: "https://leads.example.com/list.csv" },
  approveDraft: {},
  createCampaign: { name: "c", pack: "saas-outbound" },
  createWebhookEndpoint: { url: "https://hooks.example.com/x" },
  updateWebhookEndpoint: { enabled: false },
  replayDeadLetters: { ids: ["dly_00000000000000000000000000"] },
  updateCampaign: { name: "c2" },
  rejectDraft: { reason: "no" },
  putRelay: { host: "smtp.example.com", port: 587, from_email: "a@example.com" },
  createReply: { draft_id: "drf_00000000000000000000000000", from: "a@example.com", text: "hi", received_at: "2026-01-01T00:00:00Z" },
};

function concretePath(path: string) {
  return `/v1${path}`
    .replace(
      "{id}",
      path.startsWith("/runs")
        ? runId
        : path.startsWith("/drafts")
          ? "drf_00000000000000000000000000"
          : path.startsWith("/replies")
            ? "rpl_00000000000000000000000000"
            : path.startsWith("/campaigns")
              ? "cmp_00000000000000000000000000"
              : path.startsWith("/webhook-endpoints")
                ? "whe_00000000000000000000000000"
                : leadId,
    )
    .replace("{slug}", path.startsWith("/providers") ? "some-provider" : "saas-outbound")
    .replace("{name}", "draft_email")
    .replace("{semver}", "v1.2.0");
}

beforeAll(async () => {
  ws = await testWorkspace("auth");
  revoked = await ws.newToken();
  expect((await call("GET", "/v1/leads", { token: revoked })).status).toBe(200); // now cached
  const row = await db().apiToken.findFirstOrThrow({ where: { workspaceId: ws.workspace.id, name: "extra" } });
  await revokeToken(ws.workspace.id, { id: row.id }, { type: "system", id: "tests", name: "tests" });
  expired = await ws.newToken("write", 7);
  await db().apiToken.updateMany({
    where: { workspaceId: ws.workspace.id, revokedAt: null, expiresAt: { not: null } },
    data: { expiresAt: new Date(Date.now() - 1000) },
  });
  leadId = (await call("POST", "/v1/leads", { token: ws.tokens.admin, body: { email: "lead-for-auth@example.com" } })).body.id as string;
  runId = (await call("POST", "/v1/runs", { token: ws.tokens.admin, body: SAMPLE_BODIES.createRun })).body.id as string;
});

describe.each(OPERATIONS.map((operation) => [operation.id, operation] as const))("%s", (_id, operation) => {
  const send = (token: string | null, headers: Record<string, string> = {}) =>
    call(operation.method, concretePath(operation.path), { token, headers, body: SAMPLE_BODIES[operation.id] });

  it("401 without a token, with WWW-Authenticate", async () => {
    const answer = await send(null);
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe("unauthenticated");
    expect(answer.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(answer.headers.get("content-type")).toBe("application/problem+json");
  });

  it("401 for a malformed, an unknown, a revoked and an expired token", async () => {
    const unknownButWellFormed = "lpat_" + "A".repeat(32) + "000000";
    for (const header of ["Basic abc", "Bearer not-a-token", "Bearer lpat_short", `Bearer ${unknownButWellFormed}`, `Bearer ${revoked}`, `Bearer ${expired}`]) {
      const answer = await call(operation.method, concretePath(operation.path), { headers: { authorization: header }, body: SAMPLE_BODIES[operation.id] });
      expect(answer.status, header).toBe(401);
      expect(answer.body.code).toBe("unauthenticated");
    }
  });

  if (operation.method !== "GET") {
    it("403 for a read-scope token", async () => {
      const answer = await send(ws.tokens.adminRead);
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe("forbidden");
    });
  }

  if (operation.role === "admin") {
    it("403 for a viewer's and a reviewer's token", async () => {
      expect((await send(ws.tokens.viewer)).status).toBe(403);
      expect((await send(ws.tokens.reviewer)).status).toBe(403);
    });
  } else if (operation.role === "reviewer") {
    it("403 for a viewer's token; a reviewer's gets past auth", async () => {
      expect((await send(ws.tokens.viewer)).status).toBe(403);
      expect([401, 403]).not.toContain((await send(ws.tokens.reviewer)).status);
    });
  } else {
    it("a viewer's token gets past auth", async () => {
      expect([401, 403]).not.toContain((await send(ws.tokens.viewer)).status);
    });
  }
});

describe("last_used_at", () => {
  it("is set when a token is used", async () => {
    const fresh = await ws.newToken("read");
    await call("GET", "/v1/leads", { token: fresh });
    // Written after the answer (off the request's path): waited for, not slept out.
    const lastUsed = async () => (await db().apiToken.findFirst({ where: { workspaceId: ws.workspace.id, scope: "read", name: "extra" } }))?.lastUsedAt ?? null;
    await expect.poll(lastUsed, { timeout: 10_000 }).not.toBeNull();
  });
});
