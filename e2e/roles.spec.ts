import { expect, test } from "@playwright/test";
import { DEMO, signIn, withDb } from "./support";

// Cross-site requests are refused even with an admin's session. Which role may open which page and
// call which operation is the role matrix (role-matrix.spec.ts, one table in role-matrix-table.ts).

const tokenCount = () => withDb(async (db) => Number((await db.query(`SELECT count(*) FROM api_tokens`)).rows[0].count));

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
