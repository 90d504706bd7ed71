import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../helpers/processes";
import { call, testWorkspace, type TestWorkspace } from "../helpers/api-fixtures";
import { EVENT_KINDS } from "@/lib/events/catalog";
import { ERROR_CODES, isErrorCode } from "@/lib/http/error-codes";

let ws: TestWorkspace;
beforeAll(async () => {
  ws = await testWorkspace("audit");
});

describe("audit", () => {
  it("filters by action, target and time, newest first, with cursors", async () => {
    for (const suffix of ["a", "b", "c"]) {
      await call("POST", "/v1/prompts/track/fork", { token: ws.tokens.admin, body: { from: "v1.0.0", as: `v1.0.0-${suffix}` } });
    }
    const all = await call("GET", "/v1/audit?action=prompt.forked&limit=2", { token: ws.tokens.viewer });
    expect(all.body.data!.map((e) => (e.data as { version: string }).version)).toEqual(["v1.0.0-c", "v1.0.0-b"]);
    const next = await call("GET", `/v1/audit?action=prompt.forked&limit=2&cursor=${encodeURIComponent(all.body.next_cursor as string)}`, {
      token: ws.tokens.viewer,
    });
    expect(next.body.data!.map((e) => (e.data as { version: string }).version)).toEqual(["v1.0.0-a"]);
    expect(next.body.next_cursor).toBeNull();

    const target = all.body.data![0].target as { type: string; id: string };
    const byTarget = await call("GET", `/v1/audit?target_type=${target.type}&target_id=${target.id}`, { token: ws.tokens.viewer });
    expect(byTarget.body.data).toHaveLength(1);
    const future = await call("GET", `/v1/audit?since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`, { token: ws.tokens.viewer });
    expect(future.body.data).toEqual([]);
    expect((await call("GET", "/v1/audit?since=yesterday", { token: ws.tokens.viewer })).status).toBe(400);
  });
});

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    return statSync(full).isDirectory() ? routeFiles(full) : entry === "route.ts" ? [full] : [];
  });
}

describe("OpenAPI document", () => {
  it("is public, and valid OpenAPI 3.1 by a real validator", async () => {
    const answer = await call("GET", "/v1/openapi.json", { token: null });
    expect(answer.status).toBe(200);
    const result = await new Validator().validate(answer.body as Parameters<Validator["validate"]>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("documents every route file under app/v1, with its error codes", async () => {
    const document = (await call("GET", "/v1/openapi.json", { token: null })).body as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const appV1 = path.join(ROOT, "app", "v1");
    const documented = Object.keys(document.paths);
    for (const file of routeFiles(appV1)) {
      const route = path
        .relative(appV1, path.dirname(file))
        .split(path.sep)
        .map((segment) => segment.replace(/^\[(.+)\]$/, "{$1}"))
        .join("/");
      if (route === "openapi.json" || route === "{...path}") continue; // the document itself; the 404 catch-all
      expect(documented, `/${route}`).toContain(`/${route}`);
    }
    for (const [route, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const status of ["401", "403", "429", "500", "503"]) expect(Object.keys(operation.responses), `${method} ${route}`).toContain(status);
      }
    }
  });

  it("names the codes of every error response, each in the registry with that status", async () => {
    type Response = { description: string; content?: Record<string, { schema: { allOf?: { properties?: { code?: { enum?: string[] } } }[] } }> };
    const document = (await call("GET", "/v1/openapi.json", { token: null })).body as {
      paths: Record<string, Record<string, { responses: Record<string, Response> }>>;
    };
    const conflicts = new Map<string, string[]>();
    for (const [route, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const [status, response] of Object.entries(operation.responses).filter(([status]) => Number(status) >= 400)) {
          const codes = response.content?.["application/problem+json"]?.schema.allOf?.find((part) => part.properties?.code)?.properties?.code?.enum ?? [];
          expect(codes.length, `${method} ${route} ${status}`).toBeGreaterThan(0);
          for (const code of codes) {
            expect(isErrorCode(code) && ERROR_CODES[code].status, `${method} ${route} ${status} ${code}`).toBe(Number(status));
            expect(response.description, `${method} ${route} ${status}`).toContain(`\`${code}\``);
          }
          if (status === "409") conflicts.set(`${method} ${route}`, codes);
        }
      }
    }
    expect(conflicts.get("post /leads")).toContain("lead_exists");
    expect(conflicts.get("post /prompts/{name}/fork")).toContain("version_exists");
    expect(conflicts.get("post /runs")).toEqual(expect.arrayContaining(["campaign_not_approved", "fork_not_approved", "idempotency_conflict"]));
  });

  it("serves a webhooks entry for every event kind (their schemas: lib/api/openapi.test.ts)", async () => {
    const document = (await call("GET", "/v1/openapi.json", { token: null })).body as { webhooks: Record<string, unknown> };
    expect(Object.keys(document.webhooks).sort()).toEqual([...EVENT_KINDS].sort());
  });
});
