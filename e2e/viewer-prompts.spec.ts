import { expect, test } from "@playwright/test";
import { bearer, cli, DEMO, screenshots, signIn, withDb } from "./support";

// A viewer reads prompts, packs, campaigns and the audit log, sees no fork, pin, create or approve
// controls, and the route handlers behind them refuse the viewer's session when forced.

test("a viewer sees no fork or approve controls, and the server refuses them when forced", async ({ page, request, baseURL }) => {
  const token = cli("token:create", "--workspace", "demo", "--name", `e2e viewer ${Date.now()}`);
  const suffix = `vw${Date.now().toString(36)}`;
  expect(
    (await request.post("/v1/prompts/qualify/fork", { headers: bearer(token), data: { from: "v1.2.0", as: `v1.2.0-${suffix}`, system: "Changed." } })).status(),
  ).toBe(201);
  const created = await request.post("/v1/campaigns", {
    headers: bearer(token),
    data: { name: `Viewer ${suffix}`, pack: "saas-outbound", pins: { qualify: `qualify@demo:v1.2.0-${suffix}` } },
  });
  expect(created.status()).toBe(201);
  const campaign = await created.json();

  await signIn(page, DEMO.viewer);
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const name of ["Prompts", "Packs", "Campaigns", "Audit log"]) await expect(nav.getByRole("link", { name })).toBeVisible();

  await page.goto("/prompts/draft_email");
  await expect(page.getByRole("list", { name: "Versions, newest first" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Fork/ })).toHaveCount(0);

  await page.goto("/packs/saas-outbound");
  await expect(page.getByRole("region", { name: "Prompts per stage" })).toBeVisible();
  await expect(page.getByRole("button", { name: /Fork pack|Save pins/ })).toHaveCount(0);

  await page.goto("/campaigns");
  await expect(page.getByRole("link", { name: `Viewer ${suffix}` })).toBeVisible();
  await expect(page.getByRole("form", { name: "Create a campaign" })).toHaveCount(0);

  await page.goto(`/campaigns/${campaign.id}`);
  await expect(page.getByRole("region", { name: `Diff of qualify@demo v1.2.0-${suffix} against its parent` })).toContainText("Changed.");
  await expect(page.getByText("A reviewer or an admin approves campaigns.")).toBeVisible();
  await expect(page.getByRole("button", { name: /Approve/ })).toHaveCount(0);
  await screenshots(page, "viewer-campaign");

  await page.goto("/audit");
  await expect(page.getByRole("list", { name: "Audit entries, newest first" })).toBeVisible();

  const origin = { origin: baseURL! };
  const forced = [
    [await page.request.post("/api/web/prompts/draft_email/fork", { headers: origin, data: { from: "v1.2.0", as: `v1.2.0-${suffix}x` } }), "admin"],
    [await page.request.post("/api/web/packs/saas-outbound/fork", { headers: origin, data: { slug: `saas-${suffix}` } }), "admin"],
    [await page.request.patch("/api/web/packs/saas-outbound", { headers: origin, data: { prompts: { qualify: `qualify@demo:v1.2.0-${suffix}` } } }), "admin"],
    [await page.request.post("/api/web/campaigns", { headers: origin, data: { name: "sneaky", pack: "saas-outbound" } }), "admin"],
    [await page.request.post(`/api/web/campaigns/${campaign.id}/approve`, { headers: origin }), "reviewer"],
  ] as const;
  for (const [response, role] of forced) {
    expect(response.status(), response.url()).toBe(403);
    expect(await response.json()).toMatchObject({ code: "forbidden", detail: `This needs the ${role} role; you are a viewer.` });
  }
  const state = await withDb(async (db) => {
    const forks = await db.query(`SELECT count(*) FROM prompt_versions WHERE version = $1`, [`v1.2.0-${suffix}x`]);
    const row = await db.query(`SELECT status FROM campaigns WHERE id = $1`, [campaign.id]);
    return { forks: Number(forks.rows[0].count), status: row.rows[0].status };
  });
  expect(state).toEqual({ forks: 0, status: "draft" });
});
