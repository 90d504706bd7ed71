import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { ulid } from "ulid";
import { NAV } from "@/components/layout/nav-items";
import { roleAtLeast, type Role } from "@/lib/auth/roles";
import { addMember } from "@/lib/members/add-member";
import { changeMemberRole } from "@/lib/members/change-role";
import { appPagePatterns } from "./app-pages";
import { closeLib, demoWorkspaceId } from "./pipeline-fixtures";
import { matrixFixture, matrixState, type MatrixFixture } from "./role-matrix-fixtures";
import { ACTIONS, actionKey, PAGES } from "./role-matrix-table";
import { DEMO, screenshots, signedIn, signIn, withDb } from "./support";

// The web role matrix (contract §9): for each role, every page and every /api/web operation in
// role-matrix-table.ts. A page the role may not use answers 403 with the forbidden page and none of
// the admin's data; its navigation link and the controls that need more are absent. An operation
// the role may not call answers 403 even when forced with the page's own origin, and changes
// nothing; one it may call passes the role check (a probe with an unknown id or a bad body).

test.afterAll(closeLib);
test.describe.configure({ mode: "serial" });

const ROLES: Role[] = ["viewer", "reviewer", "admin"];
let fixture: MatrixFixture | undefined;

function webRoutes(): string[] {
  const root = path.join(process.cwd(), "app", "api", "web");
  const keys: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === "route.ts") {
        const route = `/${path.relative(root, dir).split(path.sep).join("/")}`;
        for (const [, method] of readFileSync(full, "utf8").matchAll(/export const (GET|POST|PUT|PATCH|DELETE)\b/g)) keys.push(`${method} ${route}`);
      }
    }
  };
  walk(root);
  return keys.sort();
}

test("the tables cover every page under app/ and every /api/web operation", () => {
  expect(PAGES.map((row) => row.pattern).sort()).toEqual(appPagePatterns().filter((pattern) => pattern !== "/login"));
  expect(ACTIONS.map(actionKey).sort()).toEqual(webRoutes());
  // A control some role must not see is checked absent only once the page's data is there.
  expect(PAGES.filter((row) => row.controls?.some((control) => control.least !== "viewer") && !row.loaded).map((row) => row.pattern)).toEqual([]);
  // Every page of one object (contract §10's stable URLs with an id, name, slug or version) is also checked missing.
  expect(PAGES.filter((row) => row.pattern.includes("[") && !row.missing).map((row) => row.pattern)).toEqual([]);
  for (const group of NAV)
    for (const item of group.items.filter((i) => i.built)) expect(PAGES.find((row) => row.pattern === item.href)?.least, item.href).toBe(item.least);
});

async function checkPages(page: Page, role: Role, f: MatrixFixture) {
  const nav = page.getByRole("navigation", { name: "Main" });
  await page.goto("/");
  for (const item of NAV.flatMap((group) => group.items).filter((i) => i.built)) {
    await expect(nav.getByRole("link", { name: item.label, exact: true }), `${role} nav ${item.label}`).toHaveCount(roleAtLeast(role, item.least) ? 1 : 0);
  }
  await screenshots(page, `${role}-home`);
  for (const row of PAGES) {
    const url = row.url(f);
    const allowed = roleAtLeast(role, row.least);
    const response = await page.goto(url);
    expect(response?.status(), `${role} ${url}`).toBe(allowed ? 200 : 403);
    const forbidden = page.getByRole("heading", { name: "You can’t open this page" });
    if (!allowed) {
      await expect(forbidden).toBeVisible();
      expect(await response!.text(), `${role} ${url} leaks nothing`).not.toContain(f.marker);
      await expect(page.locator("main")).not.toContainText(f.marker);
      if (row.pattern === "/settings/tokens") await screenshots(page, `${role}-forbidden`);
      continue;
    }
    await expect(page.locator("main h1").first()).toBeVisible();
    await expect(forbidden).toHaveCount(0);
    await expect(page.getByTestId("not-found")).toHaveCount(0);
    if (row.shows) await expect(page.getByText(row.shows(f)).filter({ visible: true }).first(), `${role} ${url} shows its data`).toBeVisible();
    // The page's data first: its controls are drawn with it, so an absence before it proves nothing.
    if (row.loaded) await expect(row.loaded(page, f), `${role} ${url} loaded its data`).toBeVisible();
    for (const control of row.controls ?? []) {
      const locator = control.find(page);
      if (roleAtLeast(role, control.least)) await expect(locator, `${role} ${url} has ${locator}`).toBeVisible();
      else await expect(locator, `${role} ${url} has no ${locator}`).toHaveCount(0);
    }
    if (row.missing) {
      // The same page for an object that does not exist: a real 404 with the app's page and a way back.
      const missing = await page.goto(row.missing);
      expect(missing?.status(), `${role} ${row.missing}`).toBe(404);
      await expect(page.getByRole("heading", { name: "We couldn’t find that" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Back to the home page" })).toBeVisible();
      if (role === "viewer" && row.pattern === "/review/drafts/[id]") await screenshots(page, "not-found");
    }
  }
  // An address no page answers.
  const unknown = await page.goto("/no-such-page");
  expect(unknown?.status(), `${role} /no-such-page`).toBe(404);
  await expect(page.getByRole("link", { name: "Back to the home page" })).toBeVisible();
}

async function checkActions(page: Page, role: Role, f: MatrixFixture, origin: string) {
  const before = await matrixState(f);
  const send = (method: string, call: { path: string; data?: unknown }) =>
    page.request.fetch(call.path, { method, headers: method === "GET" ? {} : { origin }, ...(call.data === undefined ? {} : { data: call.data }) });
  for (const row of ACTIONS.filter((r) => !roleAtLeast(role, r.least))) {
    const response = await send(row.method, row.forced(f));
    const where = `${role} ${actionKey(row)}`;
    expect(response.status(), where).toBe(403);
    expect(await response.json(), where).toMatchObject({ code: "forbidden", detail: `This needs the ${row.least} role; you are a ${role}.` });
  }
  expect(await matrixState(f), `${role}: the refused calls changed nothing`).toEqual(before);
  for (const row of ACTIONS.filter((r) => roleAtLeast(role, r.least))) {
    const call = row.probe?.(f) ?? row.forced(f);
    const response = await send(row.method, call);
    const where = `${role} ${actionKey(row)} (probe ${call.path})`;
    expect(response.status(), where).not.toBe(403);
    expect(response.status(), where).toBeLessThan(row.method === "GET" ? 300 : 500);
    expect(response.status(), where).not.toBe(401);
  }
}

for (const role of ROLES) {
  test(`${role}: pages, navigation and controls by role; operations refused below their role and changing nothing`, async ({ page, request, baseURL }) => {
    test.setTimeout(180_000);
    fixture ??= await matrixFixture(request);
    await signedIn(page, DEMO[role]);
    await checkPages(page, role, fixture);
    await checkActions(page, role, fixture, baseURL!);
  });
}

test("a demoted admin loses the admin pages and operations at the next click; a removed member is sent to sign in", async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  fixture ??= await matrixFixture(request);
  const f = fixture;
  const workspaceId = await demoWorkspaceId();
  const actor = { type: "system" as const, id: "e2e", name: "e2e role matrix" };
  const user = { email: `demoted+${ulid().toLowerCase().slice(-8)}@example.com`, password: "long-enough-pass" };
  const member = await addMember(workspaceId, { ...user, name: "Dee Demoted", role: "admin" }, actor);
  await signIn(page, user, "/settings/tokens");
  await expect(page.getByRole("heading", { name: "API tokens", level: 1 })).toBeVisible();

  // A role change ends the member's sessions (server-side): the next click goes to sign-in.
  await changeMemberRole(workspaceId, member.user_id, "viewer", actor);
  await page.goto("/settings/tokens");
  await expect(page).toHaveURL(/\/login/);
  const refused = await page.request.post("/api/web/tokens", {
    headers: { origin: baseURL! },
    data: { name: "after demotion", scope: "write", expires_in_days: null },
  });
  expect(refused.status()).toBe(401);

  await withDb((db) => db.query(`DELETE FROM memberships WHERE "userId" = $1`, [member.user_id])); // no removal in the UI yet
  for (const row of PAGES) {
    const url = row.url(f);
    const response = await page.goto(url);
    await expect(page, `${url} after removal`).toHaveURL(/\/login/);
    expect(response?.status(), url).toBe(200);
    expect(await response!.text(), `${url} leaks nothing after removal`).not.toContain(f.marker);
  }
  expect((await page.request.get("/api/web/runs")).status()).toBe(401);
});
