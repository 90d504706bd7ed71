import { expect, test, type Page } from "@playwright/test";
import { ulid } from "ulid";
import { bearer, cli, DEMO, signIn, withDb } from "./support";
import { closeLib, demoWorkspaceId, draftsOf, leads, serveCsv } from "./pipeline-fixtures";
import { createRun } from "@/lib/runs/create-run";

// Issue 28: a reviewer starts an experiment on a campaign's first email from the campaign page
// (keyboard and focus), reads "not enough data" before any send, then the results once the split
// drafts were sent and answered, and concludes it with a reason: the winner is pinned on the
// campaign. The drafts come from a real run of the e2e worker; their sends and replies are written
// straight to the database (the API suite drives SMTP and IMAP for real: tests/api/experiments.test.ts).

const actor = { type: "system" as const, id: "e2e", name: "e2e setup" };

test.afterAll(closeLib);

async function shots(page: Page, name: string, dir = "/tmp/experiments-e2e") {
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("a reviewer creates an experiment, reads its results and concludes it; an admin promotes the winner", async ({ browser, page, request }) => {
  test.setTimeout(180_000);
  const tag = ulid().toLowerCase().slice(-8);
  const token = cli("token:create", "--workspace", "demo", "--name", `e2e experiments ${tag}`);
  const campaign = await (
    await request.post("/v1/campaigns", { headers: bearer(token), data: { name: `Subject lines ${tag}`, pack: "saas-outbound" } })
  ).json();

  await signIn(page, DEMO.reviewer, `/campaigns/${campaign.id}`);
  const section = page.getByRole("region", { name: "Experiments" });
  await expect(section).toContainText("No experiment yet.");
  await section.getByRole("button", { name: "New experiment" }).focus();
  await page.keyboard.press("Enter");
  const form = section.getByRole("form", { name: "New experiment" });
  await expect(form.getByLabel("Step")).toBeVisible();
  await form.getByLabel("Variant A").focus();
  await expect(form.getByLabel("Variant A")).toBeFocused();
  await form.getByLabel("Variant A").selectOption("draft_email:v1.3.0");
  await form.getByLabel("Variant B").selectOption("draft_email:v1.4.0");
  await form.getByLabel("Minimum sends per variant").focus();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("1");
  await shots(page, "experiment-create");
  await form.getByLabel("Minimum sends per variant").focus();
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(new RegExp(`/campaigns/${campaign.id}/experiments/exp_[0-9a-z]{26}$`));
  const experimentId = page.url().split("/").at(-1)!;
  await expect(page.getByRole("heading", { name: "Experiment on step 1", level: 1 })).toBeVisible();
  await expect(page.getByTestId("experiment-verdict")).toContainText("Not enough data yet: needs ~");
  await expect(page.getByTestId("experiment-verdict")).toContainText("No variant is called better until then.");
  await shots(page, "experiment-empty");

  // A run of the campaign: twelve leads drafted, split between the two versions by the worker.
  const workspaceId = await demoWorkspaceId();
  const csv = await serveCsv([0, 1, 2, 3].flatMap((i) => leads("good", `${tag}${i}`)));
  let runId: string;
  try {
    runId = (await createRun(workspaceId, { pack: "saas-outbound", leads_csv_url: csv.url, campaign_id: campaign.id, stop_after: "draft_email" }, actor)).id;
    await draftsOf(runId, 12);
  } finally {
    await csv.close();
  }
  // Sent, and two of variant A's leads answer with interest, one of B's declines.
  await withDb(async (db) => {
    const drafts = (
      await db.query(
        `SELECT d.id, d."leadId", p.version FROM drafts d JOIN prompt_versions p ON p.id = d."promptVersionId" WHERE d."runId" = $1 AND d."experimentId" = $2 ORDER BY d.id`,
        [runId, experimentId],
      )
    ).rows as { id: string; leadId: string; version: string }[];
    expect(drafts).toHaveLength(12);
    await db.query(`UPDATE drafts SET status = $2 WHERE "runId" = $1`, [runId, "sent"]);
    // A reviewer added seven characters to one of variant A's drafts: its mean edit is 7.
    await db.query(`UPDATE drafts SET body = body || ' Thanks', edited = true WHERE id = $1`, [drafts.find((d) => d.version === "v1.3.0")!.id]);
    const answers = [
      ...drafts
        .filter((d) => d.version === "v1.3.0")
        .slice(0, 2)
        .map((d) => [d, "interested"] as const),
      ...drafts
        .filter((d) => d.version === "v1.4.0")
        .slice(0, 1)
        .map((d) => [d, "not_interested"] as const),
    ];
    for (const [draft, classification] of answers)
      await db.query(
        `INSERT INTO replies (id, "workspaceId", "leadId", "draftId", "fromEmail", subject, text, "receivedAt", classification, "createdAt")
         VALUES ($1, $2, $3, $4, 'lead@example.com', 'Re: hello', 'Tell me more', now(), $5, now())`,
        [`rpl_${ulid().toLowerCase()}`, workspaceId, draft.leadId, draft.id, classification],
      );
  });

  await page.reload();
  const table = page.getByTestId("experiment-results");
  await expect(table.getByRole("row")).toHaveCount(3);
  await expect(table.getByRole("rowheader", { name: "draft_email v1.3.0" })).toBeVisible();
  await expect(table.getByRole("rowheader", { name: "draft_email v1.4.0" })).toBeVisible();
  await expect(page.getByTestId("experiment-verdict")).toContainText("Every variant has its minimum of 1 send;");
  await expect(page.getByTestId("experiment-verdict")).toContainText("is best with a chance of");
  const sentTotal = await table.evaluate((element) =>
    [...element.querySelectorAll("tbody tr")].reduce((sum, row) => sum + Number(row.querySelectorAll("td")[7].textContent), 0),
  );
  expect(sentTotal).toBe(12); // the eighth cell: weight, leads, drafted, approved, edited, mean edit, rejected, sent
  await expect(table.getByRole("columnheader", { name: "Mean edit" })).toBeVisible();
  const cells = (version: string) => table.getByRole("row", { name: new RegExp(`draft_email ${version}`) }).getByRole("cell");
  await expect(cells("v1.3.0").nth(4)).toHaveText("1"); // edited
  await expect(cells("v1.3.0").nth(5)).toHaveText("7"); // mean edit
  await expect(cells("v1.4.0").nth(5)).toHaveText("—");
  await shots(page, "experiment-results");

  // Conclude with the keyboard: the dialog takes the winner and a reason.
  await page.getByRole("button", { name: "Conclude…" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Conclude this experiment?" });
  await expect(dialog.getByLabel("Winner")).toBeFocused();
  await dialog.getByRole("button", { name: "Conclude and pin the winner" }).click();
  await expect(dialog).toContainText("Choose the winning variant first.");
  await dialog.getByLabel("Winner").selectOption("draft_email:v1.3.0");
  await dialog.getByLabel("Reason (the audit log keeps it)").focus();
  await page.keyboard.type("More interested replies");
  await shots(page, "experiment-conclude");
  await dialog.getByRole("button", { name: "Conclude and pin the winner" }).click();
  await expect(page.getByTestId("experiment-status")).toHaveText("Concluded");
  await expect(page.getByTestId("experiment-conclusion")).toContainText("draft_email v1.3.0 won; it is pinned on step 1");
  await expect(page.getByTestId("experiment-conclusion")).toContainText("More interested replies");
  // A reviewer may not promote: the page says an admin can, on the prompt's page.
  await expect(page.getByText("An admin can make the winner the default for every campaign on")).toBeVisible();
  await expect(page.getByRole("button", { name: /the workspace default/ })).toHaveCount(0);
  await shots(page, "experiment-concluded");

  const pinned = await (await request.get(`/v1/campaigns/${campaign.id}`, { headers: bearer(token) })).json();
  expect(pinned.pins).toEqual({ draft_email: { name: "draft_email", version: "v1.3.0" } });
  // The campaign page lists it, concluded; the version page shows its result beside its evaluations.
  await page.goto(`/campaigns/${campaign.id}`);
  await expect(page.getByTestId("experiment-list")).toContainText("concluded: v1.3.0 won");
  await shots(page, "campaign-experiments");
  await page.goto("/prompts/draft_email/versions/v1.3.0");
  await expect(page.getByTestId("prompt-experiments")).toContainText("won");
  await page.getByTestId("prompt-experiments").scrollIntoViewIfNeeded();
  await page.getByTestId("prompt-experiments").screenshot({ path: "/tmp/experiments-e2e/version-experiments-1280.png" });

  // An admin makes the winner the workspace default from the experiment's page, by keyboard,
  // through the prompt page's promote (then rolls it back: other specs expect the system's default).
  const admin = await browser.newPage();
  try {
    await signIn(admin, DEMO.admin, `/campaigns/${campaign.id}/experiments/${experimentId}`);
    const offer = admin.getByRole("button", { name: "Make draft_email v1.3.0 the workspace default…" });
    await expect(admin.getByRole("region", { name: "Conclusion" })).toContainText("The workspace default for draft_email is draft_email v1.5.0");
    await offer.focus();
    await admin.keyboard.press("Enter");
    const confirm = admin.getByRole("dialog", { name: "Make draft_email v1.3.0 the workspace default?" });
    await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
    await admin.keyboard.press("Escape");
    await expect(confirm).toBeHidden();
    await expect(offer).toBeFocused();
    await admin.keyboard.press("Enter");
    await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
    await shots(admin, "exp-promote-dialog", "/tmp");
    await admin.keyboard.press("Tab");
    await expect(confirm.getByRole("button", { name: "Make it the default" })).toBeFocused();
    await admin.keyboard.press("Enter");
    await expect(confirm).toBeHidden();
    const result = admin.getByTestId("promote-result");
    await expect(result).toHaveText("Done: new runs of this workspace use draft_email v1.3.0 unless a run, campaign or pack pins another version.");
    await expect(result).toBeFocused();
    await expect(admin.getByTestId("winner-default")).toHaveText("draft_email v1.3.0 is the workspace default for draft_email (promoted).");
    await expect(offer).toHaveCount(0);
    await shots(admin, "exp-promoted", "/tmp");
    const defaults = await (await request.get("/v1/prompts/draft_email", { headers: bearer(token) })).json();
    expect(defaults.workspace_default).toMatchObject({ name: "draft_email", version: "v1.3.0" });
  } finally {
    await request.post("/v1/prompts/draft_email/rollback", { headers: bearer(token) });
    await admin.close();
  }
});
