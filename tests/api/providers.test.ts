import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { call, testWorkspace, type TestWorkspace } from "../helpers/api-fixtures";

let ws: TestWorkspace;
beforeAll(async () => {
  ws = await testWorkspace("providers");
});

describe("providers", () => {
  it("lists the built-in local provider", async () => {
    const list = await call("GET", "/v1/providers", { token: ws.tokens.viewer });
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data![0]).toMatchObject({ slug: "local", kind: "local", has_api_key: false });
  });

  it("creates (201) and updates (200) a provider; the key is write-only and sealed at rest", async () => {
    const created = await call("POST", "/v1/providers/openai", {
      token: ws.tokens.admin,
      body: {
        kind: "openai-compatible",
        base_url: "https://api.openai.example/v1",
        default_model: "gpt-4o-mini",
        max_concurrency: 8,
        api_key: "sk-test-abcdef123456",
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ slug: "openai", kind: "openai-compatible", has_api_key: true, api_key_last4: "3456", max_concurrency: 8 });
    expect(JSON.stringify(created.body)).not.toContain("sk-test");
    const row = await db().provider.findFirstOrThrow({ where: { workspaceId: ws.workspace.id, slug: "openai" }, omit: { apiKeyEncrypted: false } });
    expect(row.apiKeyEncrypted).not.toContain("sk-test");

    const updated = await call("POST", "/v1/providers/openai", { token: ws.tokens.admin, body: { requests_per_minute: 60 } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ requests_per_minute: 60, has_api_key: true, default_model: "gpt-4o-mini" });

    const audit = await call("GET", "/v1/audit?action=provider.updated", { token: ws.tokens.viewer });
    expect(audit.body.data).toHaveLength(2);
    expect(JSON.stringify(audit.body)).not.toContain("sk-test");
  });

  it("keeps prices per million tokens (default 0) and refuses negative ones", async () => {
    const created = await call("POST", "/v1/providers/priced", { token: ws.tokens.admin, body: { kind: "anthropic", default_model: "claude-test" } });
    expect(created.body).toMatchObject({ base_url: "https://api.anthropic.com", input_price_per_mtok_usd: 0, output_price_per_mtok_usd: 0 });
    const priced = await call("POST", "/v1/providers/priced", {
      token: ws.tokens.admin,
      body: { input_price_per_mtok_usd: 0.25, output_price_per_mtok_usd: 1.25 },
    });
    expect(priced.status).toBe(200);
    expect(priced.body).toMatchObject({ input_price_per_mtok_usd: 0.25, output_price_per_mtok_usd: 1.25 });
    const row = await db().provider.findFirstOrThrow({ where: { workspaceId: ws.workspace.id, slug: "priced" } });
    expect(row).toMatchObject({ inputPriceMicros: 250_000, outputPriceMicros: 1_250_000 });
    const negative = await call("POST", "/v1/providers/priced", { token: ws.tokens.admin, body: { output_price_per_mtok_usd: -1 } });
    expect(negative.status).toBe(422);
    expect((negative.body.errors as { path: string }[]).map((e) => e.path)).toEqual(["output_price_per_mtok_usd"]);
  });

  it("validates kinds and required fields", async () => {
    const missing = await call("POST", "/v1/providers/claude", { token: ws.tokens.admin, body: { kind: "anthropic" } });
    expect(missing.status).toBe(422);
    expect((missing.body.errors as { path: string }[]).map((e) => e.path)).toEqual(["default_model"]);
    const noUrl = await call("POST", "/v1/providers/compat", { token: ws.tokens.admin, body: { kind: "openai-compatible", default_model: "m" } });
    expect((noUrl.body.errors as { path: string }[]).map((e) => e.path)).toEqual(["base_url"]);
    const fakeLocal = await call("POST", "/v1/providers/mine", { token: ws.tokens.admin, body: { kind: "local", default_model: "m" } });
    expect(fakeLocal.status).toBe(422);
    const badKind = await call("POST", "/v1/providers/x1", { token: ws.tokens.admin, body: { kind: "mystery", default_model: "m" } });
    expect(badKind.status).toBe(422);
  });

  it("deletes a provider (204), but never local (409)", async () => {
    await call("POST", "/v1/providers/temp", { token: ws.tokens.admin, body: { kind: "anthropic", default_model: "claude" } });
    const removed = await call("DELETE", "/v1/providers/temp", { token: ws.tokens.admin });
    expect(removed.status).toBe(204);
    expect((await call("DELETE", "/v1/providers/temp", { token: ws.tokens.admin })).status).toBe(404);
    const local = await call("DELETE", "/v1/providers/local", { token: ws.tokens.admin });
    expect(local.status).toBe(409);
    expect(local.body.code).toBe("conflict");
  });
});
