import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { ulid } from "ulid";
import { bearer, cli, screenshots, signIn, withDb } from "./support";

// A new workspace's first hour: the home page walks the admin through relay → offer → first run →
// review, ticking each step off from the workspace's real state, with a sample CSV that the launcher
// imports as it is. A viewer sees the same path without the admin's links. The card goes once all
// four steps are done.

test("a new workspace is walked through relay, offer, a first run from the sample CSV, and review", async ({ page, request }) => {
  test.setTimeout(120_000);
  const tag = ulid().toLowerCase().slice(-8);
  const slug = `onb-${tag}`;
  const admin = { email: `admin+${tag}@onboarding.example`, password: "long-enough-pass" };
  const viewer = { email: `viewer+${tag}@onboarding.example`, password: "long-enough-pass" };
  cli("workspace:create", "--slug", slug, "--name", `Onboarding ${tag}`, "--admin-email", admin.email, "--admin-password", admin.password);
  cli("user:create", "--workspace", slug, "--email", viewer.email, "--password", viewer.password, "--role", "viewer");
  const token = bearer(cli("token:create", "--workspace", slug, "--name", "e2e onboarding"));

  await signIn(page, admin, "/");
  const card = page.getByRole("region", { name: "Get started" });
  await expect(card).toContainText("0 of 4 done");
  await expect(card.getByRole("listitem").first()).toHaveAttribute("aria-current", "step");
  await screenshots(page, "onboarding-new-workspace");

  // Who writes the drafts: the built-in engine said plainly, and a way to connect a hosted model, from the keyboard.
  const engine = page.getByRole("region", { name: "Who writes your drafts" });
  for (const word of ["deterministic", "offline", "template-based", "never invents"]) await expect(engine).toContainText(word);
  await engine.getByRole("link", { name: "Connect a hosted model" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/settings/providers");
  await page.goto("/");

  // Before the offer is written, the launcher says what drafts will lack.
  await page.goto("/runs/new");
  await expect(page.getByTestId("offer-warning")).toContainText("what you sell");
  await expect(page.getByTestId("offer-warning")).toContainText("who signs");
  await page.goto("/");

  // The first step's link, followed from the keyboard.
  await card.getByRole("link", { name: "Set up the relay" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/settings/relay");
  expect(
    (await request.put("/v1/relay", { headers: token, data: { host: "127.0.0.1", port: 9, from_email: "sam@onboarding.example", from_name: "Sam" } })).status(),
  ).toBe(200);
  expect((await request.put("/v1/offer", { headers: token, data: { product: "Acme Ledger, invoice automation", sender_name: "Sam" } })).status()).toBe(200);
  await page.goto("/");
  await expect(card).toContainText("2 of 4 done");
  await expect(card.getByRole("listitem").nth(0)).toContainText("Connect your mail relay (done)");
  await expect(card.getByRole("listitem").nth(1)).toContainText("Describe what you sell (done)");
  await expect(card.getByRole("listitem").nth(2)).toHaveAttribute("aria-current", "step");

  // The sample CSV, downloaded from the card, goes through the launcher unchanged.
  const downloadPromise = page.waitForEvent("download");
  await card.getByRole("link", { name: "Download a sample CSV" }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe("sample-leads.csv");
  const sample = readFileSync((await download.path())!, "utf8");
  expect(sample.trim().split("\n")).toHaveLength(11); // header + 10 leads
  await card.getByRole("link", { name: "Start a run" }).click();
  await expect(page).toHaveURL("/runs/new");
  await expect(page.getByTestId("offer-warning")).toHaveCount(0);
  await page.getByLabel("CSV file").setInputFiles({ name: "sample-leads.csv", mimeType: "text/csv", buffer: Buffer.from(sample) });
  await expect(page.getByLabel("Map column email")).toHaveValue("email");
  await page.getByLabel("Stop after").selectOption("draft_email");
  await page.getByRole("button", { name: "Start run" }).click();
  await expect(page).toHaveURL(/\/runs\/run_[0-9a-z]{26}$/, { timeout: 15_000 });
  const runId = page.url().split("/").pop()!;
  await expect(page.getByTestId("count-imported")).toHaveText("10", { timeout: 30_000 });
  await expect(page.getByRole("heading", { name: /Invalid rows/ })).toHaveCount(0);
  await expect(page.getByText("Completed").first()).toBeVisible({ timeout: 60_000 });

  // The drafts open with what the CSV's notes say, turned to the reader ("Hiring two accounts-payable analysts").
  const maria = await withDb(
    async (db) =>
      (
        await db.query(`SELECT d.body FROM drafts d JOIN leads l ON l.id = d."leadId" WHERE d."runId" = $1 AND l.email = $2`, [
          runId,
          "maria.gonzalez@brightledger.example",
        ])
      ).rows[0].body as string,
  );
  expect(maria.split("\n")[2]).toMatch(/you are hiring two accounts-payable analysts/i);
  expect(maria).not.toMatch(/because of your role|I work on/);

  await page.goto("/");
  await expect(card).toContainText("3 of 4 done");
  await expect(card.getByRole("link", { name: "Open the review queue" })).toBeVisible();

  // A viewer of the workspace sees the path, without links for what only an admin can do.
  const viewerPage = await page.context().browser()!.newPage();
  await signIn(viewerPage, viewer, "/");
  const viewerCard = viewerPage.getByRole("region", { name: "Get started" });
  await expect(viewerCard).toContainText("3 of 4 done");
  await expect(viewerCard.getByRole("link", { name: "Set up the relay" })).toHaveCount(0);
  await expect(viewerCard.getByRole("link", { name: "Open the review queue" })).toBeVisible();
  const viewerEngine = viewerPage.getByRole("region", { name: "Who writes your drafts" });
  await expect(viewerEngine).toContainText("An admin of this workspace connects model providers.");
  await expect(viewerEngine.getByRole("link")).toHaveCount(0);
  await viewerPage.close();

  // One reviewed draft completes the path, and the card goes.
  const draftId = await withDb(async (db) => (await db.query(`SELECT id FROM drafts WHERE "runId" = $1 ORDER BY id LIMIT 1`, [runId])).rows[0].id as string);
  expect((await request.post(`/v1/drafts/${draftId}/reject`, { headers: token, data: { reason: "Testing the first review" } })).status()).toBe(200);
  await page.reload();
  await expect(page.getByRole("heading", { name: /^Welcome/ })).toBeVisible();
  await expect(card).toHaveCount(0);
});

test("robots.txt and the favicon are served without signing in", async ({ request }) => {
  const robots = await request.get("/robots.txt", { maxRedirects: 0 });
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toContain("Disallow: /");
  const icon = await request.get("/favicon.svg", { maxRedirects: 0 });
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toContain("image/svg+xml");
});
