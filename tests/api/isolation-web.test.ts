import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, testWorkspace, type ApiAnswer, type TestWorkspace } from "../helpers/api-fixtures";
import { seedResources, type Resources } from "../helpers/isolation-fixtures";
import { leakedIds, probeFailures, type Probe, type Role } from "../helpers/isolation-cases";
import { discoverWebRoutes, WEB_CASES, WEB_PATH_RESOURCES, type WebRoute } from "../helpers/web-routes";
import { sameOrigin, signInAs } from "../helpers/web-session";
import { snapshotDiff, workspaceSnapshot } from "../helpers/workspace-snapshot";

// The same isolation matrix for the web app's JSON routes (app/api/web/**, session cookies), read
// from the route files: workspace A's admin session on B's ids is 404 and its lists never show B's
// rows; B's viewer and reviewer sessions are refused (403) above their role; signed out is 401;
// cross-site requests with B's admin cookie are refused (403). B's rows never change.

const RANK: Record<Role, number> = { viewer: 0, reviewer: 1, admin: 2 };

let A: TestWorkspace;
let B: TestWorkspace;
let b: Resources;
let own: Resources;
let routes: WebRoute[];
let exportsSeen: number;
const sessions: Record<string, string> = {};
let before: Record<string, string[]>;
let requests = 0;

const key = (route: WebRoute) => `${route.method} ${route.template}`;

function pathFor(route: WebRoute, resources: Resources = b) {
  const params = WEB_CASES[key(route)]?.params?.(resources) ?? {};
  const segment = route.template.split("/")[3];
  return route.template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name] ?? WEB_PATH_RESOURCES[`${segment}.${name}`]?.(resources);
    if (value === undefined) throw new Error(`no resource for {${name}} of ${route.template}: add it to WEB_PATH_RESOURCES`);
    return encodeURIComponent(value);
  });
}

function send(route: WebRoute, headers: Record<string, string>, options: { path?: string; body?: unknown } = {}) {
  requests++;
  const body = options.body !== undefined ? options.body : route.hasBody ? WEB_CASES[key(route)].body?.(b) : undefined;
  return call(route.method, options.path ?? pathFor(route), { token: null, headers, body });
}

function problem(answer: ApiAnswer, status: number, code: string): string | null {
  if (answer.status !== status) return `${answer.status} (want ${status}) ${JSON.stringify(answer.body).slice(0, 200)}`;
  if (answer.headers.get("content-type") !== "application/problem+json" || answer.body.code !== code)
    return `not a ${code} problem: ${JSON.stringify(answer.body).slice(0, 200)}`;
  return null;
}

async function expectBUnchanged() {
  expect(snapshotDiff(before, await workspaceSnapshot(B.workspace.id))).toEqual([]);
}

beforeAll(async () => {
  A = await testWorkspace("isw-a", "team");
  B = await testWorkspace("isw-b", "team");
  b = await seedResources(B);
  own = await seedResources(A);
  ({ routes, exportsSeen } = discoverWebRoutes());
  sessions.attacker = await signInAs(A.users.admin);
  sessions.admin = await signInAs(B.users.admin);
  sessions.reviewer = await signInAs(B.users.reviewer);
  sessions.viewer = await signInAs(B.users.viewer);
  before = await workspaceSnapshot(B.workspace.id);
}, 120_000);

afterAll(() => {
  console.log(`web isolation matrix: ${routes?.length ?? 0} routes, ${requests} requests`);
});

describe("coverage", () => {
  it("reads every web route and has a case for each", () => {
    expect(routes.length).toBeGreaterThanOrEqual(40);
    expect(routes.length, "an exported handler that is not webRoute({ role: ... }): teach tests/helpers/web-routes.ts").toBe(exportsSeen);
    expect(routes.filter((route) => !WEB_CASES[key(route)]).map(key), "routes without a case in tests/helpers/web-routes.ts").toEqual([]);
    expect(
      Object.keys(WEB_CASES).filter((name) => !routes.some((route) => key(route) === name)),
      "cases for routes that are gone",
    ).toEqual([]);
    for (const route of routes) {
      expect(() => pathFor(route), key(route)).not.toThrow();
      if (route.hasBody) expect(WEB_CASES[key(route)].body, `${key(route)} needs a sample body`).toBeTypeOf("function");
      if (route.params.length === 0) expect(WEB_CASES[key(route)].probes, `${key(route)}: say which of B's ids it may name (probes)`).toBeTypeOf("function");
    }
  });
});

describe("workspace A's admin session", () => {
  // Lists first: the path-id test below leaves A with a provider of its own named like B's.
  it("never sees B's rows in lists, and cannot use B's ids in bodies", async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.params.length === 0)) {
      for (const probe of WEB_CASES[key(route)].probes!(b) as Probe[]) {
        const path = route.template + (probe.query ?? "");
        const answer = await send(route, sameOrigin(sessions.attacker), {
          path,
          body: probe.body ?? (route.hasBody ? WEB_CASES[key(route)].body!(b) : undefined),
        });
        const which = `${key(route)} (${probe.label})`;
        failures.push(...probeFailures(which, probe, answer, path, b));
      }
    }
    expect(failures).toEqual([]);
    await expectBUnchanged();
  });

  it("cannot point its own resources at B's", async () => {
    const failures: string[] = [];
    let probes = 0;
    for (const route of routes) {
      for (const probe of WEB_CASES[key(route)].ownProbes?.(b) ?? []) {
        probes++;
        const path = pathFor(route, own);
        const answer = await send(route, sameOrigin(sessions.attacker), { path, body: probe.body });
        const which = `${key(route)} (${probe.label})`;
        failures.push(...probeFailures(which, probe, answer, path, b));
      }
    }
    expect(failures).toEqual([]);
    expect(probes).toBeGreaterThanOrEqual(2);
    await expectBUnchanged();
  });

  it("gets 404 on B's ids in every route with path ids, and B is unchanged", async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.params.length > 0)) {
      const path = pathFor(route);
      const body = route.hasBody ? WEB_CASES[key(route)].body!(b) : undefined;
      const answer = await send(route, sameOrigin(sessions.attacker), { path, body });
      const expected = WEB_CASES[key(route)].crossStatus ?? 404;
      const wrong = expected === 404 ? problem(answer, 404, "not_found") : answer.status === expected ? null : `${answer.status} (want ${expected})`;
      if (wrong) failures.push(`${route.method} ${path}: ${wrong}`);
      const leaks = leakedIds(answer, path + JSON.stringify(body ?? null), b);
      if (leaks.length) failures.push(`${route.method} ${path} shows B's ${leaks.join(", ")}`);
    }
    expect(failures).toEqual([]);
    await expectBUnchanged();
  });
});

describe("B's own sessions that may not do it, on B's resources", () => {
  it("401 without a session on every route", async () => {
    const failures = (
      await Promise.all(
        routes.map(async (route) => [key(route), problem(await send(route, { origin: sameOrigin("").origin }), 401, "unauthenticated")] as const),
      )
    )
      .filter(([, wrong]) => wrong)
      .map(([name, wrong]) => `${name}: ${wrong}`);
    expect(failures).toEqual([]);
    await expectBUnchanged();
  });

  it("403 for a viewer's and a reviewer's session on every route above their role", async () => {
    const failures: string[] = [];
    let refused = 0;
    for (const route of routes) {
      for (const role of ["viewer", "reviewer"] as const) {
        if (RANK[role] >= RANK[route.role]) continue;
        refused++;
        const wrong = problem(await send(route, sameOrigin(sessions[role])), 403, "forbidden");
        if (wrong) failures.push(`${role}: ${key(route)}: ${wrong}`);
      }
    }
    expect(failures).toEqual([]);
    expect(refused).toBeGreaterThan(40);
    await expectBUnchanged();
  });

  it("a viewer's session reads every viewer route", async () => {
    // Reads only: the viewer-level writes (a user's own sessions) would end the sessions this matrix uses.
    for (const route of routes.filter((r) => r.role === "viewer" && r.method === "GET")) {
      const answer = await send(route, sameOrigin(sessions.viewer));
      expect(answer.status, `${key(route)}: ${JSON.stringify(answer.body).slice(0, 200)}`).toBe(200);
    }
  });

  it("refuses cross-site requests with the admin's cookie on every route that changes data", async () => {
    const evil = "http://evil.example";
    const variants: [string, Record<string, string>][] = [
      ["foreign Origin", { cookie: sessions.admin, origin: evil }],
      ["Sec-Fetch-Site: cross-site", { cookie: sessions.admin, origin: evil, "sec-fetch-site": "cross-site" }],
      ["Sec-Fetch-Site: same-site", { cookie: sessions.admin, "sec-fetch-site": "same-site" }],
      ["neither header", { cookie: sessions.admin }],
      ["null Origin", { cookie: sessions.admin, origin: "null" }],
    ];
    const failures: string[] = [];
    const writes = routes.filter((route) => route.method !== "GET");
    expect(writes.length).toBeGreaterThan(20);
    for (const route of writes) {
      for (const [label, headers] of variants) {
        const wrong = problem(await send(route, headers), 403, "forbidden");
        if (wrong) failures.push(`${key(route)} (${label}): ${wrong}`);
      }
    }
    expect(failures).toEqual([]);
    await expectBUnchanged();
  });
});
