import { expect, test, type Page } from "@playwright/test";
import { ulid } from "ulid";
import { db } from "@/lib/db";
import { reviewColumns } from "@/lib/review-checks/draft-checks";
import { recheckDraft } from "@/lib/drafts/recheck-draft";
import { closeLib, demoWorkspaceId, draftsOf, draftStatuses, leads, serveCsv, startRun } from "./pipeline-fixtures";
import { axe, DEMO, screenshots, signedIn } from "./support";

// Review at scale (issue 36), by keyboard, the queue's and the run page's halves: `a` on a blocked
// draft in the queue opens the override-reason dialog the draft page uses (Escape gives the focus
// back to the row; a reason and Enter approve it, audited with the reason); "Approve the N low-risk
// drafts of this run" on the run page, with its confirmation naming the count and three of them,
// for reviewers (that a viewer does not see it is e2e/role-matrix-table.ts's). axe: 0 violations on the run
// page with the confirmation open and after, at 1280×800 and 390×844.

test.afterAll(closeLib);

const slow = { timeout: 30_000 };

/** A draft edited the way an approval's edit is checked (recheckDraft), left awaiting review. */
async function rewrite(id: string, body: string) {
  const draft = await db().draft.findUniqueOrThrow({ where: { id } });
  const review = await recheckDraft(draft, draft.subject, body);
  await db().draft.update({ where: { id }, data: { body, ...reviewColumns(review) } });
  return review;
}

async function noAxeViolations(page: Page, name: string) {
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    const result = await axe(page).analyze();
    expect(result.violations.map((v) => `${name} ${width}px ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("`a` on a blocked draft in the queue asks for an override reason; the run page approves its low-risk drafts after a confirmation", async ({ page }) => {
  test.setTimeout(300_000);
  const workspaceId = await demoWorkspaceId();
  const csv = await serveCsv([...leads("good", `o${ulid().toLowerCase().slice(-7)}`), ...leads("good", `p${ulid().toLowerCase().slice(-7)}`)]);
  try {
    const run = await startRun(workspaceId, csv.url, "draft_email");
    const drafts = await draftsOf(run.id, 6);
    const [blocked] = drafts;
    const original = await db().draft.findUniqueOrThrow({ where: { id: blocked.id } });
    expect((await rewrite(blocked.id, `${original.body}\n\nPS: your {{plan_name}} renewal is close.`)).risk).toBe("high");
    const low = drafts.slice(1);
    for (const d of low) expect((await db().draft.findUniqueOrThrow({ where: { id: d.id } })).risk).toBe("low");

    // The queue, riskiest first: `j` onto the blocked draft, `a`.
    await signedIn(page, DEMO.reviewer, `/review?run=${run.id}&sort=risk`);
    const row = page.getByTestId(`queue-${blocked.id}`);
    await expect(row).toBeVisible(slow);
    await expect(page.locator('li[data-testid^="queue-"]').first()).toHaveAttribute("data-testid", `queue-${blocked.id}`);
    await page.keyboard.press("j");
    await expect(row).toBeFocused();
    await page.keyboard.press("a");
    const override = page.getByRole("dialog", { name: "Approve despite blocking checks?" });
    await expect(override.getByLabel("Override reason")).toBeFocused(slow);
    await expect(override).toContainText("Unresolved variable");
    // The 409's message is the dialog's business, not the page's.
    await expect(page.getByRole("alert").filter({ hasText: "was not approved" })).toHaveCount(0);
    await screenshots(page, "review-queue-override");
    await noAxeViolations(page, "queue override dialog");

    // Escape: nothing approved, the focus back on the row.
    await page.keyboard.press("Escape");
    await expect(override).toBeHidden();
    await expect(row).toBeFocused();
    expect((await draftStatuses([blocked.id]))[blocked.id]).toBe("awaiting_review");

    // `a` again: an empty reason is refused in the dialog; a reason and Enter approve it.
    await page.keyboard.press("a");
    await expect(override.getByLabel("Override reason")).toBeFocused(slow);
    await page.keyboard.press("Enter");
    await expect(override.getByText("Say why, so the audit log keeps it.")).toBeVisible();
    await page.keyboard.type("The plan name is filled in by our billing team");
    await page.keyboard.press("Enter");
    await expect(override).toBeHidden(slow);
    await expect(row).toHaveCount(0);
    // The focus is on the row that took its place, not on the page.
    await expect(page.locator('li[data-testid^="queue-"]').first()).toBeFocused();
    await expect(page.getByTestId("undo-approval").filter({ hasText: "Approved the draft for" })).toBeVisible();
    await expect.poll(async () => (await draftStatuses([blocked.id]))[blocked.id], slow).toBe("approved");
    const audit = await page.request.get(`/api/web/audit?action=draft.approved&target_type=draft&target_id=${blocked.id}`);
    expect(audit.status()).toBe(200);
    const entries = (await audit.json()).data as { data: { override_reason?: string; overridden_checks?: string[] } }[];
    expect(entries).toHaveLength(1);
    expect(entries[0].data.override_reason).toBe("The plan name is filled in by our billing team");
    expect(entries[0].data.overridden_checks).toContain("unresolved_variable");

    // The run page: the low-risk approval by keyboard, its confirmation naming the count and three of them.
    await page.goto(`/runs/${run.id}`);
    const approveLow = page.getByRole("button", { name: `Approve the ${low.length} low-risk drafts of this run` });
    await expect(approveLow).toBeVisible(slow);
    await approveLow.focus();
    await page.keyboard.press("Enter");
    const confirm = page.getByRole("dialog", { name: `Approve ${low.length} low-risk drafts?` });
    await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
    await expect(confirm.getByTestId("low-risk-examples").locator("li")).toHaveCount(3);
    await expect(confirm).toContainText(`and ${low.length - 3} more`);
    await screenshots(page, "run-low-risk-confirm");
    await noAxeViolations(page, "run page confirmation");
    // Escape first: nothing approved, the focus back on the button.
    await page.keyboard.press("Escape");
    await expect(confirm).toBeHidden();
    await expect(approveLow).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(confirm.getByRole("button", { name: `Approve ${low.length} low-risk drafts` })).toBeFocused();
    await page.keyboard.press("Enter");
    const done = page.getByRole("status").filter({ hasText: `Approved ${low.length} low-risk drafts of this run.` });
    await expect(done).toBeVisible(slow);
    // The run stops after draft_email: the undo line says nothing is sent.
    await expect(page.getByTestId("undo-approval").filter({ hasText: `Approved ${low.length} low-risk drafts. Nothing is sent` })).toBeVisible();
    const statuses = await draftStatuses(drafts.map((d) => d.id));
    for (const d of low) expect(statuses[d.id]).toBe("approved");
    // None left: the button goes, and the focus is on what it did rather than on the page.
    await expect(approveLow).toHaveCount(0, slow);
    await expect(page.locator(":focus")).toContainText(`Approved ${low.length} low-risk drafts of this run.`);
    await screenshots(page, "run-low-risk-done");
    await noAxeViolations(page, "run page after");
  } finally {
    await csv.close();
  }
});
