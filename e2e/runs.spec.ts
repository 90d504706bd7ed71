import { expect, test } from "@playwright/test";
import { closeLib, demoWorkspaceId, leads, serveCsv, startRun } from "./pipeline-fixtures";
import { DEMO, screenshots, signIn } from "./support";

// A run's page follows the run live: the CSV is held back until the page is open, then the counts
// move to completion while the test never reloads (a marker set in the page survives). The leads
// table filters by state and stage, pages with "Show more", and expands a lead's trace.

test.afterAll(closeLib);

test("a run's page shows progress moving to completion without a reload; leads filter, page and show their trace", async ({ page }) => {
  const workspaceId = await demoWorkspaceId();
  // 30 leads: 6 rounds of the 5 fixtures (3 fit the pack, 2 do not), each with its own address.
  const rows = Array.from({ length: 6 }, (_, round) => leads("all", `r${round}${Date.now().toString(36)}`)).flat();
  const csv = await serveCsv(rows, { hold: true });
  try {
    const run = await startRun(workspaceId, csv.url, "qualify");
    await signIn(page, DEMO.viewer, "/runs");
    await expect(page.getByRole("heading", { name: "Runs", level: 1 })).toBeVisible();
    await expect(page.getByTestId(`run-${run.id}`)).toBeVisible();
    await page.getByTestId(`run-${run.id}`).getByRole("link", { name: run.name }).click();
    await expect(page).toHaveURL(`/runs/${run.id}`);

    // The import waits for the CSV: nothing has settled yet.
    await expect(page.getByTestId("state-count-stopped")).toHaveText("0");
    await expect(page.getByTestId("count-imported")).toHaveText("0");
    await expect(page.getByText("Live")).toBeVisible();
    await screenshots(page, "run-importing");
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

    csv.release();
    await expect(page.getByTestId("count-imported")).toHaveText("30", { timeout: 30_000 });
    await expect(page.getByTestId("state-count-stopped")).toHaveText("18", { timeout: 30_000 });
    await expect(page.getByTestId("state-count-rejected")).toHaveText("12");
    await expect(page.getByRole("progressbar", { name: "Leads settled" })).toHaveAttribute("aria-valuenow", "100");
    await expect(page.getByTestId("run-summary")).toHaveText("30 of 30 leads settled (100 %).");
    await expect(page.getByText("Completed").first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

    // Leads: 25 per page, then the rest.
    const list = page.getByRole("list", { name: "Leads of this run" });
    await expect(list.getByRole("listitem")).toHaveCount(25);
    await page.getByRole("button", { name: "Show more" }).click();
    await expect(list.getByRole("listitem")).toHaveCount(30);
    await expect(page.getByRole("button", { name: "Show more" })).toHaveCount(0);
    await screenshots(page, "run-completed");

    // Filter: the rejected ones, all at qualify; expand one's trace.
    await page.getByLabel("State", { exact: true }).selectOption("rejected");
    await expect(list.getByRole("listitem")).toHaveCount(12);
    await page.getByLabel("Stage", { exact: true }).selectOption("extract_signals");
    await expect(page.getByText("No leads match these filters")).toBeVisible();
    await page.getByLabel("Stage", { exact: true }).selectOption("qualify");
    await expect(list.getByRole("listitem")).toHaveCount(12);
    const first = list.getByRole("listitem").first();
    await first.getByRole("button", { name: /^Trace of / }).click();
    await expect(first.getByRole("button", { name: /^Trace of / })).toHaveAttribute("aria-expanded", "true");
    await expect(first.getByTestId("trace-extract_signals")).toBeVisible();
    await expect(first.getByTestId("trace-qualify")).toContainText("qualify v");
    await expect(first.getByTestId("trace-qualify")).toContainText("local/");
    await first.getByTestId("trace-qualify").getByText("Output").click();
    await expect(first.getByTestId("trace-qualify")).toContainText('"qualified": false');
    await screenshots(page, "run-lead-trace");
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

    await page.goto("/runs");
    await expect(page.getByTestId(`run-${run.id}`)).toContainText("completed");
    await screenshots(page, "runs");
  } finally {
    csv.release();
    await csv.close();
  }
});
