import { expect, test } from "@playwright/test";
import { closeLib, leads, serveCsv } from "./pipeline-fixtures";
import { bearer, cli, DEMO, screenshots, signIn, withDb } from "./support";

// The run launcher as an admin uses it: upload a CSV whose email column has a name the importer
// does not know, map it by hand in the preview, start with stop_after draft_email, watch the run
// finish and read its invalid rows; then start a second run from a URL that is held back, cancel
// it from its page (keyboard and dialog), and see that its leads end stopped with nothing drafted.

test.afterAll(closeLib);

test("an admin uploads a CSV, maps a column, starts a run, sees it progress and its invalid rows, and cancels a second run", async ({ page }) => {
  test.setTimeout(180_000); // two runs through a real worker
  const tag = `l${Date.now().toString(36)}`;
  const good = leads("good", tag);
  const header = "Work Email,first_name,title,company,industry,employees,country,notes";
  const body = good.map((l) => [l.email, l.first_name, l.title, l.company, l.industry, l.employees, l.country, l.notes].join(",")).join("\n");
  const csv = `${header}\n${body}\n,No Email,CTO,Nowhere,Software,100,US,\nnot-an-email,Bad,CTO,Bad Co,Software,100,US,\n`;

  await signIn(page, DEMO.admin, "/runs");
  await page.getByRole("link", { name: "Start a run" }).click();
  await expect(page).toHaveURL("/runs/new");
  await expect(page.getByRole("heading", { name: "Start a run", level: 1 })).toBeVisible();

  await page.getByLabel("CSV file").setInputFiles({ name: "march.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  const table = page.getByRole("table", { name: "CSV preview" });
  await expect(table.getByRole("row")).toHaveCount(6); // the header and the 5 rows
  await expect(page.getByLabel("Map column first_name")).toHaveValue("first_name");
  await expect(page.getByLabel("Map column Work Email")).toHaveValue("attribute");
  await expect(page.getByText("Map one column to email: every lead needs an address.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Start run" })).toBeDisabled();
  await screenshots(page, "run-launcher-preview");

  const emailMap = page.getByLabel("Map column Work Email");
  await emailMap.focus();
  await emailMap.selectOption("email");
  await expect(page.getByText("Map one column to email")).toHaveCount(0);
  await page.getByLabel("Stop after").selectOption("draft_email");
  await page.getByRole("button", { name: "Start run" }).click();

  await expect(page).toHaveURL(/\/runs\/run_[0-9a-z]{26}$/, { timeout: 15_000 });
  const firstRun = page.url().split("/").pop()!;
  await expect(page.getByTestId("count-imported")).toHaveText(String(good.length), { timeout: 30_000 });
  await expect(page.getByTestId("count-drafted")).toHaveText(String(good.length), { timeout: 30_000 });
  await expect(page.getByText("Completed").first()).toBeVisible({ timeout: 30_000 });
  const invalid = page.getByRole("list", { name: "Invalid rows" });
  await expect(page.getByRole("heading", { name: "Invalid rows (2)" })).toBeVisible();
  await expect(invalid.getByRole("listitem")).toHaveCount(2);
  await expect(invalid.getByRole("listitem").first()).toContainText(`Row ${good.length + 2}`);
  await expect(invalid.getByRole("listitem").first()).toContainText("missing_email");
  await expect(invalid.getByRole("listitem").nth(1)).toContainText("invalid_email");
  await expect(invalid.getByRole("listitem").nth(1)).toContainText("not-an-email,Bad");
  await expect(page.getByRole("button", { name: "Cancel run…" })).toHaveCount(0); // it has ended
  await screenshots(page, "run-launched-completed");
  const mapped = await withDb(
    async (db) =>
      (
        await db.query(`SELECT count(*)::int AS n FROM run_leads rl JOIN leads l ON l.id = rl."leadId" WHERE rl."runId" = $1 AND l.email LIKE $2`, [
          firstRun,
          `%+${tag}@%`,
        ])
      ).rows[0].n,
  );
  expect(mapped).toBe(good.length);

  // A second run from a URL whose answer is held back: it stays importing until released.
  const held = await serveCsv(leads("all", `${tag}b`), { hold: true });
  try {
    await page.goto("/runs/new");
    await page.getByRole("radio", { name: "CSV at a URL" }).check();
    await page.getByLabel("CSV URL").fill(held.url);
    await page.getByRole("button", { name: "Start run" }).click();
    await expect(page).toHaveURL(/\/runs\/run_[0-9a-z]{26}$/, { timeout: 15_000 });
    const secondRun = page.url().split("/").pop()!;
    await expect(page.getByText("Importing").first()).toBeVisible({ timeout: 15_000 });

    const cancel = page.getByRole("button", { name: "Cancel run…" });
    await cancel.click();
    const dialog = page.getByRole("dialog", { name: "Cancel this run?" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Cancel", exact: true })).toBeFocused(); // the safe choice first
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(cancel).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await screenshots(page, "run-cancel-dialog");
    await dialog.getByRole("button", { name: "Yes, cancel the run" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Canceled").first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Cancel run…" })).toHaveCount(0);

    held.release(); // the import finishes after the cancel: its leads must end stopped, none drafted
    await expect
      .poll(
        async () =>
          withDb(async (db) => (await db.query(`SELECT count(*)::int AS n FROM run_leads WHERE "runId" = $1 AND state = 'stopped'`, [secondRun])).rows[0].n),
        { timeout: 30_000 },
      )
      .toBe(5);
    await page.reload();
    await expect(page.getByTestId("state-count-stopped")).toHaveText("5");
    await expect(page.getByTestId("state-count-pending")).toHaveText("0");
    await expect(page.getByTestId("count-drafted")).toHaveText("0");
    expect(await withDb(async (db) => (await db.query(`SELECT count(*)::int AS n FROM drafts WHERE "runId" = $1`, [secondRun])).rows[0].n)).toBe(0);
    await screenshots(page, "run-canceled");
  } finally {
    await held.close();
  }
});

test("a viewer cannot open the launcher, and the runs page offers it only to admins", async ({ page }) => {
  await signIn(page, DEMO.viewer, "/runs");
  await expect(page.getByRole("link", { name: "Start a run" })).toHaveCount(0);
  await page.goto("/runs/new");
  await expect(page.getByRole("heading", { name: "Start a run", level: 1 })).toHaveCount(0);
});

test("choosing a campaign sets and locks the pack; the run starts under it and its page names both", async ({ page, request }) => {
  test.setTimeout(120_000);
  const tag = `c${Date.now().toString(36)}`;
  const token = cli("token:create", "--workspace", "demo", "--name", `e2e launcher ${tag}`, "--user", DEMO.admin.email);
  const slug = `camp-${tag}`;
  expect((await request.post("/v1/packs/saas-outbound/fork", { headers: bearer(token), data: { slug, name: `Campaign pack ${tag}` } })).status()).toBe(201);
  const created = await request.post("/v1/campaigns", { headers: bearer(token), data: { name: `Spring ${tag}`, pack: slug } });
  expect(created.status()).toBe(201);
  const campaign = await created.json();
  const csv = await serveCsv(leads("good", tag));
  try {
    // The API agrees with the locked field: the campaign with another pack is refused at `pack`.
    const refused = await request.post("/v1/runs", {
      headers: bearer(token),
      data: { pack: "saas-outbound", campaign_id: campaign.id, leads_csv_url: csv.url },
    });
    expect(refused.status()).toBe(422);
    expect((await refused.json()).errors).toEqual([{ path: "pack", message: expect.stringContaining(`runs pack "${slug}"`) }]);

    await signIn(page, DEMO.admin, "/runs/new");
    await page.getByRole("radio", { name: "CSV at a URL" }).check();
    await page.getByLabel("CSV URL").fill(csv.url);
    const pack = page.getByLabel("Pack", { exact: true });
    await expect(pack).toHaveValue("saas-outbound");
    await expect(pack).toBeEnabled();
    await page.getByLabel("Campaign", { exact: true }).selectOption(campaign.id);
    await expect(pack).toHaveValue(slug);
    await expect(pack).toBeDisabled();
    await expect(page.getByText(`Set by the campaign Spring ${tag}: clear the campaign to choose another pack.`)).toBeVisible();
    await screenshots(page, "run-launcher-campaign");
    // Clearing the campaign frees the pack again; choosing it again locks it again.
    await page.getByLabel("Campaign", { exact: true }).selectOption("");
    await expect(pack).toBeEnabled();
    await pack.selectOption("saas-outbound");
    await page.getByLabel("Campaign", { exact: true }).selectOption(campaign.id);
    await expect(pack).toHaveValue(slug);
    await expect(pack).toBeDisabled();
    await page.getByLabel("Stop after").selectOption("qualify");
    await page.getByRole("button", { name: "Start run" }).click();

    await expect(page).toHaveURL(/\/runs\/run_[0-9a-z]{26}$/, { timeout: 15_000 });
    const runId = page.url().split("/").pop()!;
    const context = page.getByTestId("run-context");
    await expect(context.getByRole("link", { name: `Campaign pack ${tag}` })).toHaveAttribute("href", `/packs/${slug}`);
    await expect(context).toContainText(`(${slug})`);
    await expect(context.getByRole("link", { name: `Spring ${tag}` })).toHaveAttribute("href", `/campaigns/${campaign.id}`);
    await expect(page.getByText("Completed").first()).toBeVisible({ timeout: 30_000 });
    await screenshots(page, "run-with-campaign");
    const stored = await withDb(
      async (db) => (await db.query(`SELECT p.slug, r."campaignId" FROM runs r JOIN packs p ON p.id = r."packId" WHERE r.id = $1`, [runId])).rows[0],
    );
    expect(stored).toEqual({ slug, campaignId: campaign.id });
    const answer = await (await request.get(`/v1/runs/${runId}`, { headers: bearer(token) })).json();
    expect(answer).toMatchObject({ pack: slug, campaign_id: campaign.id });
    await context.getByRole("link", { name: `Spring ${tag}` }).click();
    await expect(page).toHaveURL(`/campaigns/${campaign.id}`);
  } finally {
    await csv.close();
  }
});

test("the pins pickers list forks with their approval state; a refused fork is told at the pins; an approved one starts the run pinned", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = `p${Date.now().toString(36)}`;
  const admin = cli("token:create", "--workspace", "demo", "--name", `e2e pins ${tag}`, "--user", DEMO.admin.email);
  const reviewer = cli("token:create", "--workspace", "demo", "--name", `e2e pins reviewer ${tag}`, "--user", DEMO.reviewer.email);
  const base = await (await request.get("/v1/prompts/qualify/versions/v1.2.0", { headers: bearer(admin) })).json();
  const approved = `v1.2.0-${tag}ok`;
  const unapproved = `v1.2.0-${tag}no`;
  for (const as of [approved, unapproved]) {
    const fork = await request.post("/v1/prompts/qualify/fork", {
      headers: bearer(admin),
      data: { from: "v1.2.0", as, system: `${base.system}\nPins check ${as}.` },
    });
    expect(fork.status()).toBe(201);
  }
  // A reviewer (not the forks' author) approves the built-in pack's set with the first fork pinned for qualify on top.
  const approval = await request.post("/v1/packs/saas-outbound/approve", {
    headers: bearer(reviewer),
    data: { pins: { qualify: `qualify@demo:${approved}` } },
  });
  expect(approval.status()).toBe(200);
  const csv = await serveCsv(leads("good", tag));
  try {
    await signIn(page, DEMO.admin, "/runs/new");
    await page.getByRole("radio", { name: "CSV at a URL" }).check();
    await page.getByLabel("CSV URL").fill(csv.url);
    await page.getByLabel("Stop after").selectOption("qualify");
    // The pins are folded away; a keyboard user opens them from the summary.
    await page.getByText("Pins for this run (optional)").focus();
    await page.keyboard.press("Enter");
    const qualify = page.getByLabel("Pin for qualify");
    await expect(qualify).toBeVisible();
    await expect(qualify).toHaveValue("");
    await expect(qualify.locator("option").first()).toHaveText(/^Pack’s pin: qualify v1\.2\.0/);
    await expect(qualify.locator("option", { hasText: "qualify v1.2.0 · production" })).toHaveCount(1);
    await expect(qualify.locator("option", { hasText: `qualify@demo ${approved}` })).toHaveText(
      `qualify@demo ${approved} · approved for pack SaaS outbound (with run pins)`,
    );
    await expect(qualify.locator("option", { hasText: `qualify@demo ${unapproved}` })).toHaveText(`qualify@demo ${unapproved} · not approved`);
    // Every machine stage has its picker (no free text to guess).
    for (const stage of ["extract_signals", "qualify", "draft_email", "track"]) await expect(page.getByLabel(`Pin for ${stage}`)).toBeVisible();

    // The unapproved fork: its state is said under the picker, and the server's refusal lands at the pins.
    await qualify.focus();
    await qualify.selectOption(`qualify@demo:${unapproved}`);
    const state = page.getByTestId("pin-approval");
    await expect(state).toContainText("Not approved");
    await expect(qualify).toHaveAccessibleDescription(/Not approved: no reviewer has approved a prompt set holding this fork/);
    await page.getByRole("button", { name: "Start run" }).click();
    await expect(page.getByTestId("pins-error")).toContainText(`qualify: qualify@demo ${unapproved} (run pin)`);
    await expect(page.getByText("The run was not started: see the marked fields.")).toBeVisible();
    await expect(page).toHaveURL("/runs/new");
    await screenshots(page, "run-launcher-pins-refused");

    // Choosing another pin clears the refusal, which was about the one before.
    await qualify.selectOption(`qualify@demo:${approved}`);
    await expect(page.getByTestId("pins-error")).toHaveCount(0);
    await expect(state).toContainText("Approved for pack SaaS outbound (with run pins)");
    await expect(state.getByRole("link", { name: "SaaS outbound" })).toHaveAttribute("href", "/packs/saas-outbound");
    await expect(page.getByText("Pins for this run (optional) · 1 pinned")).toBeVisible();
    await screenshots(page, "run-launcher-pins");
    await page.getByRole("button", { name: "Start run" }).click();

    await expect(page).toHaveURL(/\/runs\/run_[0-9a-z]{26}$/, { timeout: 15_000 });
    const runId = page.url().split("/").pop()!;
    const run = await (await request.get(`/v1/runs/${runId}`, { headers: bearer(admin) })).json();
    expect(run.pins).toEqual({ qualify: { name: "qualify@demo", version: approved } });
    const used = await withDb(
      async (db) =>
        (
          await db.query(
            `SELECT p.name, v.version FROM runs r JOIN prompt_versions v ON v.id = r."promptSet"->>'qualify' JOIN prompts p ON p.id = v."promptId" WHERE r.id = $1`,
            [runId],
          )
        ).rows[0],
    );
    expect(used).toEqual({ name: "qualify@demo", version: approved });
    await expect(page.getByText("Completed").first()).toBeVisible({ timeout: 30_000 });
  } finally {
    await csv.close();
  }
});
