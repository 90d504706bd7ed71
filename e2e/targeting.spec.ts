import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { ulid } from "ulid";
import { bearer, cli, screenshots, signIn, withDb } from "./support";

// A sales team's day (contract §12, issue 29), as a new team selling to dental clinics: the built-in
// pack targets SaaS companies and is read-only, so the admin forks it in one click and sets its
// targeting (a malformed rule is named at its field); the launcher forecasts, from the CSV's first
// rows and the pack's own qualify stage, how many would qualify, and follows the pack and the column
// mapping; the run drafts the dental leads; a positive reply arrives over the replies API (as in
// inbox.spec.ts) and the admin finds it in /inbox and marks it handled from the keyboard.

const CSV = readFileSync("e2e/fixtures/dental-clinics.csv");

test("a new team forks the default pack, targets dental clinics, sees the forecast, runs it and handles a positive reply", async ({ page, request }) => {
  test.setTimeout(180_000);
  const tag = ulid().toLowerCase().slice(-8);
  const slug = `dent-${tag}`;
  const admin = { email: `admin+${tag}@dental.example`, password: "long-enough-pass" };
  cli("workspace:create", "--slug", slug, "--name", `Dental team ${tag}`, "--admin-email", admin.email, "--admin-password", admin.password);
  const token = bearer(cli("token:create", "--workspace", slug, "--name", "e2e targeting"));
  const fork = `saas-outbound-${slug}`;

  // The built-in pack: its targeting is read-only, with a one-click fork.
  await signIn(page, admin, "/packs/saas-outbound");
  const targeting = page.getByRole("region", { name: /Targeting/ });
  await expect(targeting).toContainText("Built-in packs are read-only");
  await expect(targeting.getByRole("form", { name: "Targeting" })).toHaveCount(0);
  await targeting.getByRole("button", { name: "Fork to edit targeting" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/packs/${fork}\\?forked=1$`));
  await expect(page.getByRole("status").filter({ hasText: `Pack forked into ${slug}` })).toBeVisible();

  // The fork's targeting, edited by label; a malformed country is named at its field.
  const form = page.getByRole("form", { name: "Targeting" });
  await expect(form.getByLabel("Titles to target")).toHaveValue(/^vp\nvice president/);
  await form.getByLabel("Titles to target").fill("Practice Manager\nOffice Manager\nOwner");
  await form.getByLabel("Industries").fill("Dental");
  await form.getByLabel("Smallest company (employees)").fill("2");
  await form.getByLabel("Largest company (employees)").fill("200");
  await form.getByLabel("Countries").fill("US, Canada");
  // Checkboxes from the keyboard: focus, then Space.
  for (const level of ["Owner / C-level", "Manager"]) {
    await form.getByRole("group", { name: "Seniority" }).getByLabel(level).focus();
    await page.keyboard.press("Space");
  }
  await form.getByRole("group", { name: "Required fields" }).getByLabel("Company").check();
  await form.getByLabel("Minimum score").fill("60");
  await form.getByRole("button", { name: "Save targeting" }).click();
  const countries = form.getByLabel("Countries");
  await expect(countries).toHaveAttribute("aria-invalid", "true");
  await expect(countries).toHaveAccessibleDescription(/Entry 2: Use two-letter country codes/);
  await expect(form.getByText("Not saved: see the marked fields.")).toBeVisible();
  await screenshots(page, "targeting-error");
  await countries.fill("US, CA");
  await form.getByLabel("Minimum score").press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Targeting saved." })).toBeVisible();
  await expect(countries).not.toHaveAttribute("aria-invalid", "true");
  await screenshots(page, "targeting-form");

  // Saved: there after a reload, over /v1 too, and audited.
  await page.reload();
  await expect(form.getByLabel("Titles to target")).toHaveValue("Practice Manager\nOffice Manager\nOwner");
  await expect(form.getByLabel("Countries")).toHaveValue("US, CA");
  await expect(form.getByRole("group", { name: "Seniority" }).getByLabel("Manager")).toBeChecked();
  const pack = await (await request.get(`/v1/packs/${fork}`, { headers: token })).json();
  expect(pack.icp).toMatchObject({
    titles: { include: ["Practice Manager", "Office Manager", "Owner"] },
    seniority: ["c_level", "manager"],
    industries: ["Dental"],
    employees: { min: 2, max: 200 },
    countries: ["US", "CA"],
    required: ["company"],
    min_score: 60,
  });
  const audit = await (await request.get("/v1/audit?action=pack.updated", { headers: token })).json();
  expect(audit.data[0].data).toMatchObject({ slug: fork, fields: ["icp"], icp: { industries: { to: ["Dental"] } } });

  // The launcher: the CSV's preview, then the forecast under the chosen pack.
  await page.goto("/runs/new");
  await page.getByLabel("CSV file").setInputFiles({ name: "dental-clinics.csv", mimeType: "text/csv", buffer: CSV });
  await expect(page.getByLabel("Map column Job Title")).toHaveValue("title");
  const forecast = page.getByRole("region", { name: "Who would qualify" });
  // Under the built-in SaaS pack, one row of fifteen (the software company) would qualify.
  await expect(forecast).toContainText("1 of the first 15 rows would qualify under saas-outbound");
  await page.getByLabel("Pack", { exact: true }).selectOption(fork);
  // Under the fork the clinic column is not yet the company, which the targeting requires.
  await expect(forecast).toContainText(`0 of the first 15 rows would qualify under ${fork}`);
  await expect(forecast.getByRole("list", { name: "Top reasons for rejection" })).toContainText("Required field missing: 14 rows");
  await page.getByLabel("Map column Clinic").selectOption("company");
  await expect(forecast).toContainText(`13 of the first 15 rows would qualify under ${fork}`);
  const reasons = forecast.getByRole("list", { name: "Top reasons for rejection" });
  await expect(reasons).toContainText("Seniority not targeted: 1 row");
  await expect(reasons).toContainText("Title excluded: 1 row");
  await screenshots(page, "targeting-forecast");
  // The forecast wrote nothing: the team has no leads yet.
  const workspaceId = await withDb(async (db) => (await db.query(`SELECT id FROM workspaces WHERE slug = $1`, [slug])).rows[0].id as string);
  expect(await withDb(async (db) => (await db.query(`SELECT count(*)::int AS n FROM leads WHERE "workspaceId" = $1`, [workspaceId])).rows[0].n)).toBe(0);

  // Run it: the thirteen drafted, the two others rejected at qualify.
  // Every stage (a run that stops before track leaves its replies unclassified).
  await page.getByRole("button", { name: "Start run" }).click();
  await expect(page).toHaveURL(/\/runs\/run_[0-9a-z]{26}$/, { timeout: 15_000 });
  const runId = page.url().split("/").pop()!;
  await expect(page.getByTestId("count-imported")).toHaveText("15", { timeout: 30_000 });
  const drafted = () =>
    withDb(
      async (db) =>
        (await db.query(`SELECT d.id, l.email FROM drafts d JOIN leads l ON l.id = d."leadId" WHERE d."runId" = $1 ORDER BY l.email`, [runId])).rows as {
          id: string;
          email: string;
        }[],
    );
  await expect.poll(async () => (await drafted()).length, { timeout: 60_000 }).toBe(13);
  const rejected = await withDb(
    async (db) =>
      (await db.query(`SELECT count(*)::int AS n FROM run_leads WHERE "runId" = $1 AND stage = 'qualify' AND qualified = false`, [runId])).rows[0].n,
  );
  expect(rejected).toBe(2);
  const drafts = await drafted();
  const maria = drafts.find((draft) => draft.email.startsWith("maria.lopez@"))!;

  // A positive reply arrives (the replies API, as the inbox test does); the worker classifies it.
  const reply = await request.post("/v1/replies", {
    headers: token,
    data: {
      draft_id: maria.id,
      from: maria.email,
      subject: "Re: your note",
      text: "Sounds useful for our front desk. Can we meet Thursday? Let's talk.",
      received_at: new Date().toISOString(),
    },
  });
  expect(reply.status()).toBe(201);
  const replyId = (await reply.json()).id as string;
  await expect
    .poll(async () => withDb(async (db) => (await db.query(`SELECT "classifiedAt" FROM replies WHERE id = $1`, [replyId])).rows[0].classifiedAt !== null), {
      timeout: 30_000,
    })
    .toBe(true);

  // The inbox, from the navigation: the reply, positive, marked handled from the keyboard.
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: /^Inbox/ })
    .click();
  await expect(page.getByRole("heading", { name: "Inbox", level: 1 })).toBeVisible();
  const item = page.getByRole("list", { name: "Replies" }).getByTestId(`inbox-${replyId}`);
  await expect(item).toContainText("meeting request");
  await expect(item).toContainText(maria.email);
  await item.getByRole("button", { name: /^Mark handled/ }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Marked handled." })).toBeVisible();
  await expect(item).toHaveCount(0);
  expect(await withDb(async (db) => (await db.query(`SELECT "handledAt" FROM replies WHERE id = $1`, [replyId])).rows[0].handledAt)).not.toBeNull();
});
