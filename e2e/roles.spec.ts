import { expect, test } from "@playwright/test";
import { DEMO, screenshots, signIn, withDb } from "./support";

// Hiding is a courtesy; the server is what refuses. A viewer sees no admin links or controls, the
// admin pages answer 403, and the route handlers behind the controls refuse the viewer's session.
// Cross-site requests are refused even with an admin's session.

const tokenCount = () => withDb(async (db) => Number((await db.query(`SELECT count(*) FROM api_tokens`)).rows[0].count));

test("a viewer sees no token, replay or member controls, and the server refuses them when forced", async ({ page, baseURL }) => {
  await signIn(page, DEMO.viewer);
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Home" })).toBeVisible();
  for (const name of ["API tokens", "Dead letters", "Members"]) await expect(nav.getByRole("link", { name })).toHaveCount(0);
  await screenshots(page, "viewer-home");

  for (const path of ["/settings/tokens", "/settings/webhooks/dead-letters", "/settings/members"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByRole("heading", { name: "You can’t open this page" })).toBeVisible();
    await expect(page.getByRole("button", { name: /Create token|Replay|Add member|Revoke/ })).toHaveCount(0);
  }
  await screenshots(page, "viewer-forbidden");

  const before = await tokenCount();
  const origin = { origin: baseURL! };
  const forced = [
    await page.request.post("/api/web/tokens", { headers: origin, data: { name: "sneaky", scope: "write", expires_in_days: null } }),
    await page.request.get("/api/web/tokens"),
    await page.request.post("/api/web/tokens/tok_01aaaaaaaaaaaaaaaaaaaaaaaa/revoke", { headers: origin }),
    await page.request.get("/api/web/dead-letters"),
    await page.request.post("/api/web/dead-letters/replay", { headers: origin, data: { ids: ["dly_01aaaaaaaaaaaaaaaaaaaaaaaa"] } }),
    await page.request.post("/api/web/members", { headers: origin, data: { email: "x@example.com", name: "X", password: "long-enough-pass", role: "admin" } }),
    await page.request.patch("/api/web/members/usr_anyone", { headers: origin, data: { role: "admin" } }),
  ];
  for (const response of forced) {
    expect(response.status(), response.url()).toBe(403);
    expect(await response.json()).toMatchObject({ code: "forbidden", detail: "This needs the admin role; you are a viewer." });
  }
  expect(await tokenCount()).toBe(before);
});

test("cross-site requests are refused even with an admin's session; a signed-out call gets 401", async ({ page, baseURL }) => {
  await signIn(page, DEMO.admin);
  const before = await tokenCount();
  const body = { name: "from elsewhere", scope: "write", expires_in_days: null };
  const refused = [
    await page.request.post("/api/web/tokens", { headers: { origin: "https://evil.example" }, data: body }),
    await page.request.post("/api/web/tokens", { headers: { "sec-fetch-site": "cross-site", origin: "https://evil.example" }, data: body }),
    await page.request.post("/api/web/tokens", { data: body }), // neither Origin nor Sec-Fetch-Site
  ];
  for (const response of refused) {
    expect(response.status()).toBe(403);
    expect((await response.json()).detail).toMatch(/^Cross-site request refused/);
  }
  // A form post cannot send JSON, and the handler reads nothing else.
  const form = await page.request.post("/api/web/tokens", { headers: { origin: baseURL! }, form: { name: "form", scope: "write" } });
  expect(form.status()).toBe(415);
  expect(await tokenCount()).toBe(before);

  // The same request from this app's origin goes through (so the refusals above are about origin).
  const ok = await page.request.post("/api/web/tokens", { headers: { origin: baseURL! }, data: { ...body, name: "same origin" } });
  expect(ok.status()).toBe(201);
  expect(await tokenCount()).toBe(before + 1);

  await page.context().clearCookies();
  expect((await page.request.get("/api/web/tokens")).status()).toBe(401);
});
