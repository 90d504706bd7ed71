import { expect, test, type Page } from "@playwright/test";
import { liveWork } from "@/lib/queues";
import { closeLib, demoWorkspaceId, draftsOf, leads, receiverAndRelay, serveCsv, startRun } from "./pipeline-fixtures";
import { DEMO, screenshots, signedIn, withDb } from "./support";

// The queue's keyboard flow is safe to use all day: typing into the reject dialog never fires a
// shortcut, `a` approves with a visible undo before anything is sent, the counts are true.

test.afterAll(closeLib);

async function rejectReasons(ids: string[]): Promise<Record<string, { status: string; reason: string | null }>> {
  return withDb(async (db) =>
    Object.fromEntries(
      (await db.query(`SELECT id, status, "rejectReason" FROM drafts WHERE id = ANY($1)`, [ids])).rows.map((r) => [
        r.id,
        { status: r.status, reason: r.rejectReason },
      ]),
    ),
  );
}

async function openQueue(page: Page, runId: string, count: number) {
  await signedIn(page, DEMO.reviewer, `/review?run=${runId}`);
  const list = page.getByRole("list", { name: "Drafts awaiting review" });
  await expect(list.getByRole("listitem")).toHaveCount(count);
  await expect(page.getByTestId("queue-count")).toHaveText(`${count} waiting`);
  return list.getByRole("listitem");
}

/** Which of these drafts a send job (waiting, delayed or running) still holds. */
async function sendsPending(ids: string[]): Promise<string[]> {
  const live = await liveWork("send");
  return ids.filter((id) => live.has(id));
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
    const row = list
      .getByRole("listitem")
      .filter({ hasNotText: drafts.find((d) => d.id === undone)!.name })
      .first();
    const sent = await idOf(row);
    await row.focus();
    await page.keyboard.press("a");
    await expect(page.getByTestId("undo-approval")).toContainText("Sending in");
    await expect.poll(() => hooks.smtp.mails.filter((m) => m.to.includes(emailOf(sent))).length, { timeout: 45_000 }).toBe(1);
    await expect(page.getByTestId("undo-approval")).toHaveCount(0);

    // No send job is left for either (Undo removed the first one's; the second's ran): the first was
    // never sent, and the second went exactly once.
    await expect.poll(() => sendsPending([undone, sent]), { timeout: 30_000 }).toEqual([]);
    expect(hooks.smtp.mails.filter((m) => m.to.includes(emailOf(undone)))).toHaveLength(0);
    expect(hooks.smtp.mails.filter((m) => m.to.includes(emailOf(sent)))).toHaveLength(1);
    expect((await rejectReasons([undone]))[undone].status).toBe("awaiting_review");

    // The draft's own page has the same Undo: approve the first one there, undo, and it waits again.
    await page.goto(`/review/drafts/${undone}`);
    await page.getByRole("button", { name: "Approve", exact: true }).click();
    const pageUndo = page.getByTestId("undo-approval");
    await expect(pageUndo).toContainText("Sending in");
    await expect(page.getByTestId("approval-notice")).toHaveText(/^Approved\. The email goes to the relay in \d+ s unless you undo\.$/);
    await screenshots(page, "draft-page-undo");
    await pageUndo.getByRole("button", { name: "Undo" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Approval undone: nothing was sent" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Approve", exact: true })).toBeVisible();
    // Undo removed its send job; had it not, the job would be live until it ran when the window closed.
    await expect.poll(() => sendsPending([undone]), { timeout: 30_000 }).toEqual([]);
    expect(hooks.smtp.mails.filter((m) => m.to.includes(emailOf(undone)))).toHaveLength(0);
    expect((await rejectReasons([undone]))[undone].status).toBe("awaiting_review");

    // Approved and left alone: once the relay took it the page says sent, never "in 10 seconds" again.
    await page.getByRole("button", { name: "Approve", exact: true }).click();
    await expect(page.getByTestId("approval-notice")).toContainText("unless you undo");
    await expect.poll(() => hooks.smtp.mails.filter((m) => m.to.includes(emailOf(undone))).length, { timeout: 45_000 }).toBe(1);
    await expect(page.getByTestId("approval-notice")).toContainText("Approved. Sent: the relay accepted it", { timeout: 15_000 });
    await expect(page.getByTestId("approval-notice")).not.toContainText("unless you undo");
    await screenshots(page, "draft-page-sent");
  } finally {
    await csv.close();
    await hooks.close();
  }
});

/** The drafts' ids in the order the queue shows them, and which row is current. */
async function shown(page: Page) {
  const rows = page.getByRole("list", { name: "Drafts awaiting review" }).getByRole("listitem");
  const ids = await rows.evaluateAll((items) => items.map((item) => item.getAttribute("data-testid")!.replace("queue-", "")));
  return { rows, ids };
}
const current = (page: Page) => page.locator("li[data-current=true]");

test("the keyboard walk: Enter opens the first row, `j a j a` approves 1 and 2, then 3 and 4, `a a` 5 and 6; the undo banner stays in view", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const workspaceId = await demoWorkspaceId();
  const tag = `w${Date.now().toString(36)}`;
  const csv = await serveCsv([0, 1, 2, 3].flatMap((copy) => leads("good", `${tag}${copy}`))); // 12 drafts: the list scrolls
  try {
    const run = await startRun(workspaceId, csv.url, "draft_email"); // drafts are never sent
    await draftsOf(run.id, 12);
    await openQueue(page, run.id, 12);
    const { rows, ids } = await shown(page);

    // A fresh page: the first row is current (highlighted); Enter opens it.
    await expect(current(page)).toHaveAttribute("data-testid", `queue-${ids[0]}`);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(`/review/drafts/${ids[0]}`);
    await page.goBack();
    await expect(rows).toHaveCount(12);

    // `j a j a` twice: each `j` lands on the next draft not yet visited, each `a` approves the current one.
    const step = async (key: "j" | "a", expected: string, left: number) => {
      await page.keyboard.press(key);
      if (key === "j") await expect(page.getByTestId(`queue-${expected}`)).toBeFocused();
      else await expect(rows).toHaveCount(left);
    };
    await step("j", ids[0], 12);
    await step("a", ids[0], 11);
    await expect(current(page)).toHaveAttribute("data-testid", `queue-${ids[1]}`); // the next draft is current
    await step("j", ids[1], 11);
    await step("a", ids[1], 10);
    await step("j", ids[2], 10);
    await step("a", ids[2], 9);
    await step("j", ids[3], 9);
    await step("a", ids[3], 8);
    // `a a`: the current row after an action is the next draft.
    await step("a", ids[4], 7);
    await step("a", ids[5], 6);
    await screenshots(page, "review-keyboard-walk");

    // Down the list at 390×844 until the page scrolls; `a` there: the banner is in view and clear of the current row.
    for (const size of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(size);
      const before = (await shown(page)).ids;
      for (let i = 0; i < before.length; i += 1) await page.keyboard.press("j");
      await expect(page.getByTestId(`queue-${before.at(-1)}`)).toBeFocused();
      await page.keyboard.press("k");
      await expect(page.getByTestId(`queue-${before.at(-2)}`)).toBeFocused();
      if (size.width === 390) expect(await page.evaluate(() => window.scrollY), "the list scrolled").toBeGreaterThan(0);
      await page.keyboard.press("a");
      await expect(rows).toHaveCount(before.length - 1);
      const banner = page.getByTestId("undo-banner");
      await expect(banner.getByTestId("undo-approval").first()).toBeInViewport(); // the newest
      await expect(banner.getByTestId("undo-approval").first()).toContainText(
        /^Approved the draft for .*\. Nothing is sent: its run stops before sending\. Undo within \d+ s\./,
      ); // stop_after draft_email: true words
      const next = page.getByTestId(`queue-${before.at(-1)}`);
      await expect(current(page)).toHaveAttribute("data-testid", `queue-${before.at(-1)}`);
      const approve = next.getByRole("button", { name: /^Approve the draft/ });
      await expect(approve).toBeInViewport();
      await expect
        .poll(
          async () => {
            const [button, bannerBox] = [await approve.boundingBox(), await banner.boundingBox()];
            return button!.y + button!.height <= bannerBox!.y;
          },
          { message: "the current row's Approve is above the banner" },
        )
        .toBe(true);
      await page.screenshot({ path: `e2e/screenshots/review-undo-banner-scrolled-${size.width}.png` });
      await page.keyboard.press("k"); // back up, so the next size starts from a row that is not the last
    }

    // The approvals, in the order they were made.
    const approved = await withDb(async (db) =>
      (await db.query(`SELECT id FROM drafts WHERE "runId" = $1 AND status = 'approved' ORDER BY "reviewedAt", id`, [run.id])).rows.map((r) => r.id as string),
    );
    expect(approved.slice(0, 6)).toEqual(ids.slice(0, 6));
    expect(approved).toHaveLength(8);
  } finally {
    await csv.close();
  }
});
