import { expect, test } from "@playwright/test";
import { closeLib, demoWorkspaceId, draftsOf, leads, serveCsv, startRun } from "./pipeline-fixtures";
import { bearer, cliCommand, DEMO, screenshots, signedIn } from "./support";

// Issue 16, evaluation half, in the browser: a reviewer opens the approval page of a campaign whose
// fork breaks qualify's JSON output contract, evaluates fork and parent from there, reads the text
// diff, the evaluation table and the changed cases with their outputs diffed, and can approve only
// after writing an override reason. Then the eval set pages, and a rejection added to the draft
// set in one click from the draft page.

test.afterAll(closeLib);

test("the campaign approval page: text diff, evaluation table, changed cases, approval with an override reason", async ({ browser, request }) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36);
  const token = await cliCommand("token:create", "--workspace", "demo", "--name", `e2e evals ${tag}`);
  const label = `v1.2.0-fit${tag}`;
  const base = await (await request.get("/v1/prompts/qualify/versions/v1.2.0", { headers: bearer(token) })).json();
  const fork = await request.post("/v1/prompts/qualify/fork", {
    headers: bearer(token),
    data: {
      from: "v1.2.0",
      as: label,
      system: `${base.system}\nAnswer "fit" instead of "qualified".`,
      user_template: base.user_template.replace(/Return .*$/, 'Return {"fit": boolean, "why": string[]}.'),
    },
  });
  expect(fork.status(), await fork.text()).toBe(201);
  const campaign = await request.post("/v1/campaigns", {
    headers: bearer(token),
    data: { name: `Fit only ${tag}`, pack: "saas-outbound", pins: { qualify: `qualify@demo:${label}` } },
  });
  expect(campaign.status()).toBe(201);
  const campaignId = (await campaign.json()).id as string;

  const page = await browser.newPage();
  await signedIn(page, DEMO.reviewer, `/campaigns/${campaignId}`);
  await expect(page.getByRole("heading", { name: `Fit only ${tag}`, level: 1 })).toBeVisible();
  const diff = page.getByRole("region", { name: `Diff of qualify@demo ${label} against its parent` });
  await expect(diff).toContainText('Answer "fit" instead of "qualified".');

  // Not evaluated yet: the table says so. The reviewer evaluates both from the page, by keyboard.
  const panel = page.getByRole("region", { name: "Evaluation against its parent" });
  await expect(panel.getByTestId("eval-table")).toContainText("not evaluated");
  const evaluate = panel.getByRole("button", { name: "Evaluate (local engine)" });
  await evaluate.focus();
  await page.keyboard.press("Enter");
  await expect(panel.getByRole("button", { name: "Evaluate again (local engine)" })).toBeVisible({ timeout: 60_000 });

  const table = panel.getByTestId("eval-table");
  await expect(table.getByRole("row", { name: /Output validity/ })).toContainText("0 % (0/");
  await expect(table.getByRole("row", { name: /Output validity/ })).toContainText("100 %");
  await expect(table.getByRole("row", { name: /Pass rate/ })).toContainText("0 % (0/");
  await expect(panel.getByTestId("eval-regression")).toContainText("Approving a prompt set with it needs a written override reason");
  const changed = panel.getByTestId("changed-cases");
  await expect(panel.getByRole("heading", { name: /Cases whose outcome changed \(\d+\)/ })).toBeVisible();
  const firstChange = changed.getByRole("listitem").first();
  await expect(firstChange).toContainText("invalid output");
  // The parent answered the contract; the fork asked for keys the stage does not know, so the local engine answers {}.
  const outputs = firstChange.getByRole("region", { name: /^Outputs for / });
  await expect(outputs).toContainText('"qualified": true');
  await expect(outputs).toContainText("{}");
  await screenshots(page, "campaign-approval-evals");

  // Approving asks for the override reason; an empty one is refused in the dialog.
  await page.getByRole("button", { name: "Approve campaign" }).click();
  const dialog = page.getByRole("dialog", { name: `Approve “Fit only ${tag}”?` });
  const reason = dialog.getByLabel(/Override reason/);
  await expect(reason).toBeFocused();
  await dialog.getByRole("button", { name: "Approve" }).click();
  await expect(dialog).toContainText("Write why you approve despite the regression first.");
  await reason.click();
  await page.keyboard.type("The contract change ships with its reader.");
  await screenshots(page, "campaign-approval-override");
  await dialog.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText("Campaign approved. Its runs can start now.")).toBeVisible();
  const audit = await (await request.get("/v1/audit?action=campaign.approved&limit=5", { headers: bearer(token) })).json();
  expect(audit.data.find((entry: { target: { id: string } }) => entry.target.id === campaignId).data.override_reason).toBe(
    "The contract change ships with its reader.",
  );

  // The same comparison is on the fork's version page.
  await page.goto(`/prompts/${encodeURIComponent("qualify@demo")}/versions/${label}`);
  await expect(page.getByRole("region", { name: "Evaluation against its parent" }).getByTestId("eval-regression")).toBeVisible();
  // Its outcomes with real leads: it wrote no drafts yet.
  const forkOutcomes = page.getByRole("region", { name: "Outcomes in this workspace" });
  await expect(forkOutcomes.getByTestId("version-outcomes")).toContainText("0 (0 awaiting review)");
  await expect(forkOutcomes.getByText("None yet: this version has written no drafts here.")).toBeVisible();
  await screenshots(page, "prompt-version-evals");
  await page.close();
});

test("eval set pages, and a rejection added to the draft set in one click", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const token = await cliCommand("token:create", "--workspace", "demo", "--name", `e2e evals sets ${tag}`);
  const csv = await serveCsv(leads("good", tag).slice(0, 1));
  let draftId: string;
  try {
    const run = await startRun(await demoWorkspaceId(), csv.url, "draft_email");
    draftId = (await draftsOf(run.id, 1))[0].id;
  } finally {
    await csv.close();
  }
  const reason = `Too generic for this buyer ${tag}`;
  const reviewerToken = await cliCommand("token:create", "--workspace", "demo", "--name", `e2e evals reviewer ${tag}`, "--user", "reviewer@example.com");
  expect((await request.post(`/v1/drafts/${draftId}/reject`, { headers: bearer(reviewerToken), data: { reason } })).status()).toBe(200);

  const page = await browser.newPage();
  await signedIn(page, DEMO.reviewer, `/review/drafts/${draftId}`);
  await page.getByRole("button", { name: "Add this rejection to the eval set" }).click();
  const added = page.getByRole("status").filter({ hasText: "Added to" });
  await expect(added).toContainText("evals/draft_email");
  await expect(added).toContainText(reason);
  await screenshots(page, "draft-add-to-eval-set");

  await added.getByRole("link", { name: "evals/draft_email" }).click();
  await expect(page.getByRole("heading", { name: "evals/draft_email", level: 1 })).toBeVisible();
  const item = page.getByTestId("eval-cases").getByRole("listitem").filter({ hasText: reason });
  await expect(item).toContainText("From a rejection");
  await expect(item).toContainText("no invented facts");
  await screenshots(page, "eval-set");

  // The list of sets; the case can be removed again (it is the workspace's own).
  await page.goto("/prompts/evals");
  await expect(page.getByRole("link", { name: "evals/qualify" })).toBeVisible();
  await screenshots(page, "eval-sets");
  await page.getByRole("link", { name: "evals/draft_email" }).click();
  await item.getByRole("button", { name: "Remove" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByTestId("eval-cases").getByRole("listitem").filter({ hasText: reason })).toHaveCount(0);
  const sets = await (await request.get("/v1/eval-sets", { headers: bearer(token) })).json();
  expect(sets.data.find((set: { ref: string }) => set.ref === "evals/draft_email").case_count).toBeGreaterThanOrEqual(40);

  // The version that wrote the draft: the share of its drafts with each check (contract §13), as the API counts them.
  const outcomes = await (await request.get("/v1/prompts/draft_email/versions/v1.5.0/outcomes", { headers: bearer(token) })).json();
  await page.goto("/prompts/draft_email/versions/v1.5.0");
  const shares = page.getByRole("table", { name: "Checks on its drafts" });
  await expect(shares.getByRole("columnheader")).toHaveText(["Check", "Share of drafts"]);
  await expect(shares.getByRole("row")).toHaveCount(1 + Object.keys(outcomes.checks).length);
  const percent = (share: number) => `${Math.round(share * 1000) / 10} %`;
  await expect(shares.getByRole("row", { name: /^Unsupported claim/ }).getByRole("cell")).toHaveText(percent(outcomes.checks.unsupported_claim));
  await expect(shares.getByRole("row", { name: /^Spam phrase/ }).getByRole("cell")).toHaveText(percent(outcomes.checks.spam_phrase));
  await screenshots(page, "prompt-version-check-shares");
  await page.close();
});

test("a pack whose fork regressed is approved only with an override reason, written in the dialog", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const admin = bearer(await cliCommand("token:create", "--workspace", "demo", "--name", `e2e pack override ${tag}`));
  const label = `v1.2.0-pk${tag}`;
  const base = await (await request.get("/v1/prompts/qualify/versions/v1.2.0", { headers: admin })).json();
  expect(
    (
      await request.post("/v1/prompts/qualify/fork", {
        headers: admin,
        data: { from: "v1.2.0", as: label, user_template: base.user_template.replace(/Return .*$/, 'Return {"fit": boolean}.') },
      })
    ).status(),
  ).toBe(201);
  const slug = `override-${tag}`;
  expect((await request.post("/v1/packs/saas-outbound/fork", { headers: admin, data: { slug } })).status()).toBe(201);
  expect((await request.patch(`/v1/packs/${slug}`, { headers: admin, data: { prompts: { qualify: `qualify@demo:${label}` } } })).status()).toBe(200);
  // Fork and parent evaluated on their set: the fork's answers break the contract.
  for (const [prompt, version] of [
    ["qualify@demo", label],
    ["qualify", "v1.2.0"],
  ]) {
    const created = await (await request.post("/v1/evaluations", { headers: admin, data: { prompt, version } })).json();
    await expect
      .poll(async () => (await (await request.get(`/v1/evaluations/${created.id}`, { headers: admin })).json()).status, { timeout: 60_000 })
      .toBe("done");
  }

  const page = await browser.newPage();
  await signedIn(page, DEMO.reviewer, `/packs/${slug}`);
  const approval = page.getByTestId("pack-approval");
  await approval.getByRole("button", { name: "Approve this prompt set" }).click();
  const dialog = page.getByRole("dialog", { name: "Approve this prompt set?" });
  await dialog.getByRole("button", { name: "Approve", exact: true }).click();
  // The server answers eval_regression: the dialog now asks for the reason and refuses an empty one.
  const reason = dialog.getByLabel(/Override reason/);
  await expect(reason).toBeVisible();
  await dialog.getByRole("button", { name: "Approve despite the regression" }).click();
  await expect(dialog).toContainText("Write why you approve despite the regression first.");
  await reason.fill("The new contract ships with its reader.");
  await screenshots(page, "pack-approval-override");
  await dialog.getByRole("button", { name: "Approve despite the regression" }).click();
  await expect(approval).toContainText("Approved");
  const audit = await (await request.get("/v1/audit?action=pack.approved&limit=10", { headers: admin })).json();
  expect(JSON.stringify(audit.data)).toContain("The new contract ships with its reader.");
  await page.close();
});
