import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { newId, ID_PREFIXES, type IdPrefix } from "@/lib/ids";
import { revokeToken } from "@/lib/tokens/revoke-token";
import { generateToken } from "@/lib/tokens/token-format";
import { call, testWorkspace, type ApiAnswer, type TestWorkspace } from "../helpers/api-fixtures";
import { seedResources, type Resources } from "../helpers/isolation-fixtures";
import { leakedIds, PATH_RESOURCES, probeFailures, V1_CASES, type Probe, type Role } from "../helpers/isolation-cases";
import { snapshotDiff, workspaceSnapshot } from "../helpers/workspace-snapshot";

// The /v1 isolation matrix, generated from the OpenAPI document so a new operation is covered (or
// fails the coverage test) without anyone remembering to add it:
//   - workspace A's admin on workspace B's real resources: 404 problem+json (path ids), lists and
//     filters without B's rows, bodies naming B's resources refused; B's rows unchanged;
//   - B's own weaker credentials on B's real resources: missing, malformed, unknown, revoked and
//     expired tokens 401; a read-scope token on every write 403; a viewer's and a reviewer's token
//     on every operation above their role 403 (the roles come from the contract, in
//     tests/helpers/isolation-cases.ts); B's rows unchanged.

type DocOperation = { operationId: string; parameters?: { name: string; in: string }[]; requestBody?: unknown };
type Operation = { id: string; method: string; template: string; pathParams: string[]; hasBody: boolean };

const RANK: Record<Role, number> = { viewer: 0, reviewer: 1, admin: 2 };
const TEST_ACTOR = { type: "system" as const, id: "tests", name: "tests" };

let A: TestWorkspace;
let B: TestWorkspace;
let b: Resources;
let own: Resources;
let operations: Operation[];
let cursors: Record<string, string>;
let revoked: string;
let expired: string;
let before: Record<string, string[]>;
let requests = 0;

async function loadOperations(): Promise<Operation[]> {
  const document = (await call("GET", "/v1/openapi.json", { token: null })).body as unknown as { paths: Record<string, Record<string, DocOperation>> };
  return Object.entries(document.paths).flatMap(([template, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      id: operation.operationId,
      method: method.toUpperCase(),
      template,
      pathParams: (operation.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name),
      hasBody: operation.requestBody !== undefined,
    })),
  );
}

function pathFor(operation: Operation, resources: Resources, overrides: Record<string, string> = {}) {
  const params = { ...V1_CASES[operation.id]?.params?.(resources), ...overrides };
  const segment = operation.template.split("/")[1];
  return `/v1${operation.template}`.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name] ?? PATH_RESOURCES[`${segment}.${name}`]?.(resources);
    if (value === undefined) throw new Error(`no resource for {${name}} of ${operation.template}: add it to PATH_RESOURCES`);
    return encodeURIComponent(value);
  });
}

async function send(operation: Operation, options: { token?: string | null; headers?: Record<string, string>; path?: string; body?: unknown }) {
  requests++;
  const body = options.body !== undefined ? options.body : operation.hasBody ? V1_CASES[operation.id].body?.(b) : undefined;
  return call(operation.method, options.path ?? pathFor(operation, b), { token: options.token, headers: options.headers, body });
}

function expectProblem(answer: ApiAnswer, status: number, code: string, label: string) {
  expect(answer.status, `${label}: ${JSON.stringify(answer.body).slice(0, 300)}`).toBe(status);
  expect(answer.headers.get("content-type"), label).toBe("application/problem+json");
  expect(answer.body.code, label).toBe(code);
  expect(answer.body.request_id, label).toMatch(/^req_/);
}

async function expectBUnchanged() {
  expect(snapshotDiff(before, await workspaceSnapshot(B.workspace.id))).toEqual([]);
}

/** An id of the same kind as B's that names nothing, for "the role may call it" checks that must change nothing. */
function nonexistent(value: string): string {
  const prefix = value.split("_")[0] as IdPrefix;
  return (ID_PREFIXES as readonly string[]).includes(prefix) && value.includes("_") ? newId(prefix) : `${value}-none`;
}

beforeAll(async () => {
  A = await testWorkspace("iso-a", "team");
  B = await testWorkspace("iso-b", "team");
  b = await seedResources(B);
  own = await seedResources(A);
  operations = await loadOperations();
  cursors = {
    leads: (await call("GET", "/v1/leads?limit=1", { token: B.tokens.admin })).body.next_cursor as string,
    audit: (await call("GET", "/v1/audit?limit=1", { token: B.tokens.admin })).body.next_cursor as string,
  };
  expect(cursors.leads && cursors.audit).toBeTruthy();

  revoked = await B.newToken();
  expect((await call("GET", "/v1/leads", { token: revoked })).status).toBe(200); // cached now: revoking must drop it
  const revokedRow = await db().apiToken.findFirstOrThrow({ where: { workspaceId: B.workspace.id, name: "extra", revokedAt: null } });
  await revokeToken(B.workspace.id, { id: revokedRow.id }, TEST_ACTOR);
  expired = await B.newToken("write", 7);
  await db().apiToken.updateMany({ where: { workspaceId: B.workspace.id, name: "extra", revokedAt: null }, data: { expiresAt: new Date(Date.now() - 1000) } });
  before = await workspaceSnapshot(B.workspace.id);
}, 120_000);

afterAll(() => {
  console.log(`isolation matrix: ${operations?.length ?? 0} operations, ${requests} requests`);
});

describe("coverage", () => {
  it("has a case for every operation in the OpenAPI document, and none for operations that are gone", async () => {
    const ids = operations.map((operation) => operation.id);
    expect(ids.length).toBeGreaterThanOrEqual(40);
    expect(
      ids.filter((id) => !V1_CASES[id]),
      "operations without a case in tests/helpers/isolation-cases.ts",
    ).toEqual([]);
    expect(
      Object.keys(V1_CASES).filter((id) => !ids.includes(id)),
      "cases for operations the document no longer has",
    ).toEqual([]);
    for (const operation of operations) {
      const which = `${operation.method} ${operation.template}`;
      expect(() => pathFor(operation, b), which).not.toThrow();
      if (operation.hasBody) expect(V1_CASES[operation.id].body, `${which} needs a sample body`).toBeTypeOf("function");
      if (operation.pathParams.length === 0)
        expect(V1_CASES[operation.id].probes, `${which} has no path ids: say which of B's ids it may name (probes)`).toBeTypeOf("function");
    }
  });
});

describe("workspace A's admin on workspace B's resources", () => {
  // Lists first: the path-id test below leaves A with a provider of its own named like B's.
  it("never sees B's rows in lists or filters, and cannot use B's ids in bodies", async () => {
    const failures: string[] = [];
    for (const operation of operations.filter((op) => op.pathParams.length === 0)) {
      for (const probe of V1_CASES[operation.id].probes!(b, cursors) as Probe[]) {
        const path = pathFor(operation, b) + (probe.query ?? "");
        const answer = await send(operation, {
          token: A.tokens.admin,
          path,
          headers: probe.headers,
          body: probe.body ?? (operation.hasBody ? V1_CASES[operation.id].body!(b) : undefined),
        });
        const which = `${operation.method} ${operation.template} (${probe.label})`;
        if (answer.status >= 400 && answer.headers.get("content-type") !== "application/problem+json") failures.push(`${which}: not problem+json`);
        failures.push(...probeFailures(which, probe, answer, path, b));
      }
    }
    expect(failures).toEqual([]);
    await expectBUnchanged();
  });

  it("cannot point its own resources at B's (pins, fork sources), nor see B's rows through them", async () => {
    const failures: string[] = [];
    let probes = 0;
    for (const operation of operations) {
      for (const probe of V1_CASES[operation.id].ownProbes?.(b) ?? []) {
        probes++;
        const path = pathFor(operation, own);
        const answer = await send(operation, { token: A.tokens.admin, path, body: probe.body });
        const which = `${operation.method} ${operation.template} (${probe.label})`;
        failures.push(...probeFailures(which, probe, answer, path, b));
      }
    }
    expect(failures).toEqual([]);
    expect(probes).toBeGreaterThanOrEqual(3);
    await expectBUnchanged();
  });

  it("gets 404 problem+json for every operation with path ids, and B is unchanged", async () => {
    const failures: string[] = [];
    for (const operation of operations.filter((op) => op.pathParams.length > 0)) {
      const path = pathFor(operation, b);
      const body = operation.hasBody ? V1_CASES[operation.id].body!(b) : undefined;
      const answer = await send(operation, { token: A.tokens.admin, path, body });
      const expected = V1_CASES[operation.id].crossStatus ?? 404;
      const which = `${operation.method} ${path}`;
      if (answer.status !== expected) failures.push(`${which} → ${answer.status} (want ${expected}) ${JSON.stringify(answer.body).slice(0, 200)}`);
      else if (expected === 404 && (answer.headers.get("content-type") !== "application/problem+json" || answer.body.code !== "not_found"))
        failures.push(`${which}: not a not_found problem`);
      const leaks = leakedIds(answer, path + JSON.stringify(body ?? null), b);
      if (leaks.length) failures.push(`${which} shows B's ${leaks.join(", ")}`);
    }
    expect(failures).toEqual([]);
    await expectBUnchanged();
  });
});

describe("B's own credentials that may not do it, on B's resources", () => {
  it("401 problem+json for a missing, malformed, unknown, revoked or expired token, on every operation", async () => {
    const unknown = generateToken();
    const headers: [string, Record<string, string>][] = [
      ["no Authorization", {}],
      ["Basic", { authorization: "Basic YWRtaW46YWRtaW4=" }],
      ["not a token", { authorization: "Bearer not-a-token" }],
      ["bad checksum", { authorization: `Bearer ${unknown.slice(0, -1)}${unknown.endsWith("A") ? "B" : "A"}` }],
      ["unknown", { authorization: `Bearer ${unknown}` }],
      ["revoked", { authorization: `Bearer ${revoked}` }],
      ["expired", { authorization: `Bearer ${expired}` }],
    ];
    for (const operation of operations) {
      for (const [label, header] of headers) {
        const answer = await send(operation, { token: null, headers: header });
        const which = `${operation.method} ${operation.template} (${label})`;
        expectProblem(answer, 401, "unauthenticated", which);
        expect(answer.headers.get("www-authenticate"), which).toMatch(/^Bearer/);
      }
    }
    await expectBUnchanged();
  }, 180_000); // 7 requests for each of ~80 operations, sequential: over a minute on a loaded machine

  it("403 problem+json for a read-scope token on every write", async () => {
    const writes = operations.filter((operation) => operation.method !== "GET");
    expect(writes.length).toBeGreaterThan(20);
    for (const operation of writes)
      expectProblem(await send(operation, { token: B.tokens.adminRead }), 403, "forbidden", `${operation.method} ${operation.template}`);
    await expectBUnchanged();
  });

  it("403 problem+json for a viewer's and a reviewer's token on every operation above their role", async () => {
    let refused = 0;
    for (const operation of operations) {
      for (const role of ["viewer", "reviewer"] as const) {
        if (RANK[role] >= RANK[V1_CASES[operation.id].role]) continue;
        expectProblem(await send(operation, { token: B.tokens[role] }), 403, "forbidden", `${role}: ${operation.method} ${operation.template}`);
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(40);
    await expectBUnchanged();
  });

  it("the roles the contract allows get past the role check (viewer reads; reviewer reviews unknown ids: 404)", async () => {
    for (const operation of operations) {
      const role = V1_CASES[operation.id].role;
      const which = `${operation.method} ${operation.template}`;
      if (role === "viewer") {
        const answer = await send(operation, { token: B.tokens.viewer });
        expect(answer.status, `${which}: ${JSON.stringify(answer.body).slice(0, 200)}`).toBe(200);
      } else if (operation.id === "createExperiment") {
        // POST /experiments (reviewer, no path ids): its sample body names B's campaign, which has a
        // running experiment on that step already, so it is past the role check and refused (409).
        const answer = await send(operation, { token: B.tokens.reviewer });
        expectProblem(answer, 409, "conflict", which);
      } else if (role === "reviewer") {
        const segment = operation.template.split("/")[1];
        const overrides = Object.fromEntries(operation.pathParams.map((name) => [name, nonexistent(PATH_RESOURCES[`${segment}.${name}`](b))]));
        expectProblem(await send(operation, { token: B.tokens.reviewer, path: pathFor(operation, b, overrides) }), 404, "not_found", which);
      }
    }
    await expectBUnchanged();
  });
});
