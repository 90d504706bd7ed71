import { expect, test, type Page } from "@playwright/test";
import { closeLib, demoWorkspaceId, draftsOf, leads, receiverAndRelay, serveCsv, startRun } from "./pipeline-fixtures";
import { DEMO, screenshots, signIn, withDb } from "./support";

// The queue's keyboard flow is safe to use all day: typing into the reject dialog never fires a
// shortcut, `a` approves with a visible undo before anything is sent, the counts are true.

test.afterAll(closeLib);

async function rejectReasons(ids: string[]): Promise<Record<string, { status: string; reason: string | null }>> {
  return withDb(async (db) => Object.fromEntries((await db.query(`SELECT id, status, "rejectReason" FROM drafts WHERE id = ANY($1)`, [ids])).rows.map((r) => [r.id, { status: r.status, reason: r.rejectReason }])));
}

async function openQueue(page: Page, runId: string, count: number) {
  await signIn(page, DEMO.reviewer, `/review?run=${runId}`);
  const list = page.getByRole("list", { name: "Drafts awaiting review" });
  await expect(list.getByRole("listitem")).toHaveCount(count);
  await expect(page.getByTestId("queue-count")).toHaveText(`${count} waiting`);
  return list.getByRole("listitem");
}

const idOf = async (row: ReturnType<Page["getByRole"]>) => (await row.getAttribute("data-testid"))!.replace("queue-", "");

test("typing a rejection reason with every shortcut letter and a space changes only the rejected draft", async ({ page }) => {
  const workspaceId = await demoWorkspaceId();
  const csv = await serveCsv(leads("good"));
  try {
    const run = await startRun(workspaceId, csv.url, "draft_email");
    const drafts = await draftsOf(run.id, 3);
    const rows = await openQueue(page, run.id, 3);
    await rows.nth(1).focus();
    const target = await idOf(rows.nth(1));
    await page.keyboard.press("r");
    const dialog = page.getByRole("dialog", { name: "Reject this draft?" });
    await expect(dialog.getByLabel("Reason")).toBeFocused(); // the field, not Cancel: a space must not press a button
    const reason = "Jk: no thanks, x a r j k x a r. Wrong person";
    await page.keyboard.type(reason);
    await expect(dialog.getByLabel("Reason")).toHaveValue(reason);
    await expect(page.getByTestId("undo-approval")).toHaveCount(0);
    await screenshots(page, "review-reject-typing");
    await dialog.getByRole("button", { name: "Reject draft" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("queue-count")).toHaveText("2 waiting");

    const after = await rejectReasons(drafts.map((d) => d.id));
    for (const draft of drafts) {
      expect(after[draft.id], draft.id).toEqual(draft.id === target ? { status: "rejected", reason } : { status: "awaiting_review", reason: null });
    }
    await expect(page.getByRole("button", { name: "Approve selected (0)" })).toBeDisabled();
  } finally {
    await csv.close();
  }
});

test("`a` then Undo: nothing is sent and the draft waits again; without Undo the email arrives once", async ({ page, request }) => {
  test.setTimeout(120_000);
  const workspaceId = await demoWorkspaceId();
  const hooks = await receiverAndRelay(request, workspaceId);
  const csv = await serveCsv(leads("good"));
  try {
    const run = await startRun(workspaceId, csv.url);
    const drafts = await draftsOf(run.id, 3);
    const rows = await openQueue(page, run.id, 3);
    const emailOf = (id: string) => drafts.find((d) => d.id === id)!.email;

    // a on the first, then Undo inside the window.
    await rows.nth(0).focus();
    const undone = await idOf(rows.nth(0));
    await page.keyboard.press("x"); // selected, then approved: it must leave the selection
    await expect(page.getByRole("button", { name: "Approve selected (1)" })).toBeEnabled();
    await page.keyboard.press("a");
    const undo = page.getByTestId("undo-approval");
    await expect(undo).toContainText("Sending in");
    await expect(page.getByTestId("queue-count")).toHaveText("2 waiting");
    await expect(page.getByRole("button", { name: "Approve selected (0)" })).toBeDisabled();
    await screenshots(page, "review-undo");
    await undo.getByRole("button", { name: "Undo" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Undid the approval" })).toBeVisible();
    await expect(page.getByTestId("queue-count")).toHaveText("3 waiting");
    expect((await rejectReasons([undone]))[undone].status).toBe("awaiting_review");

    // a on another, no undo: sent once when the window closes.
    const list = page.getByRole("list", { name: "Drafts awaiting review" });
    const row = list.getByRole("listitem").filter({ hasNotText: drafts.find((d) => d.id === undone)!.name }).first();
    const sent = await idOf(row);
    await row.focus();
    await page.keyboard.press("a");
    await expect(page.getByTestId("undo-approval")).toContainText("Sending in");
    await expect.poll(() => hooks.smtp.mails.filter((m) => m.to.includes(emailOf(sent))).length, { timeout: 45_000 }).toBe(1);
    await expect(page.getByTestId("undo-approval")).toHaveCount(0);

    // Well past the first one's window: it was never sent, and the second went exactly once.
    await page.waitForTimeout(3_000);
    expect(hooks.smtp.mails.filter((m) => m.to.includes(emailOf(undone)))).toHaveLength(0);
    expect(hooks.smtp.mails.filter((m) => m.to.includes(emailOf(sent)))).toHaveLength(1);
    expect((await rejectReasons([undone]))[undone].status).toBe("awaiting_review");

    // The draft's own page has the same Undo: approve the first one there, undo, and it waits again.
    await page.goto(`/review/drafts/${undone}`);
    await page.getByRole("button", { name: "Approve", exact: true }).click();
    const pageUndo = page.getByTestId("undo-approval");
    await expect(pageUndo).toContainText("Sending in");
    await expect(page.getByRole("status").filter({ hasText: "goes to the relay in 10 seconds unless you undo" })).toBeVisible();
    await screenshots(page, "draft-page-undo");
    await pageUndo.getByRole("button", { name: "Undo" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Approval undone: nothing was sent" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Approve", exact: true })).toBeVisible();
    await page.waitForTimeout(12_000); // past the window
    expect(hooks.smtp.mails.filter((m) => m.to.includes(emailOf(undone)))).toHaveLength(0);
    expect((await rejectReasons([undone]))[undone].status).toBe("awaiting_review");
  } finally {
    await csv.close();
    await hooks.close();
  }
});
