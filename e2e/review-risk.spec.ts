import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { ulid } from "ulid";
import { db } from "@/lib/db";
import { reviewColumns } from "@/lib/review-checks/draft-checks";
import { recheckDraft } from "@/lib/drafts/recheck-draft";
import { closeLib, demoWorkspaceId, draftsOf, draftStatuses, leads, serveCsv, startRun } from "./pipeline-fixtures";
import { DEMO, screenshots, signIn, withDb } from "./support";

// Review at scale (issue 36), by keyboard: the queue sorted by risk with its badges, a rejection that
// gives the focus to the next row, the draft page's marked spans and a sentence's sources on
// keyboard focus, a re-check as the reviewer types, the override dialog of a blocked draft, and the
// low-risk approval of a run with its confirmation. axe-core (WCAG 2.1 A/AA): 0 violations on the
// queue and the draft page at 1280×800 and 390×844.

test.afterAll(closeLib);

// The shared test machine answers a first page load in seconds.
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
    const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    const found = result.violations.map((v) => `${name} ${width}px ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    expect(found).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("the queue sorts by risk, a sentence shows its sources by keyboard, a blocked draft asks for a reason, the low-risk drafts are approved at once", async ({
  page,
}) => {
  test.setTimeout(400_000);
  const workspaceId = await demoWorkspaceId();
  const csv = await serveCsv([...leads("good", `a${ulid().toLowerCase().slice(-7)}`), ...leads("good", `b${ulid().toLowerCase().slice(-7)}`)]);
  try {
    const run = await startRun(workspaceId, csv.url, "draft_email");
    const drafts = await draftsOf(run.id, 6);
    const [high, medium] = drafts;
    const original = await db().draft.findUniqueOrThrow({ where: { id: high.id } });
    const highReview = await rewrite(high.id, `${original.body}\n\nPS: your {{plan_name}} renewal is close.`);
    expect(highReview.risk).toBe("high");
    const mediumDraft = await db().draft.findUniqueOrThrow({ where: { id: medium.id } });
    expect((await rewrite(medium.id, `${mediumDraft.body}\n\nAct now: it is risk free.`)).risk).toBe("medium");
    const low = drafts.slice(2);
    for (const d of low) expect((await db().draft.findUniqueOrThrow({ where: { id: d.id } })).risk).toBe("low");
    // Spam scores in words: one scored with its rules, one unavailable (the spam-score job leaves a
    // draft that is no longer pending alone, lib/spam/score-draft.ts).
    const rules = [
      { name: "FREE_PRICE", score: 3.1, description: "Mentions a free price" },
      { name: "ACT_NOW", score: 2.5, description: "Urges to act now" },
      { name: "MISSING_DATE", score: 1.4, description: "No Date header" },
    ];
    await db().draft.update({ where: { id: high.id }, data: { spamStatus: "scored", spamScore: 7.4, spamRules: rules, spamScoredAt: new Date() } });
    await db().draft.update({ where: { id: low[0].id }, data: { spamStatus: "unavailable", spamScore: null, spamScoredAt: new Date() } });

    // The queue of this run, ordered riskiest first by keyboard; the address keeps the order.
    await signIn(page, DEMO.reviewer, `/review?run=${run.id}`);
    await expect(page.getByTestId(`queue-${high.id}`)).toBeVisible(slow);
    await page.getByLabel("Order").focus();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByLabel("Order")).toHaveValue("risk");
    await page.getByRole("button", { name: "Apply" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/sort=risk/);
    await expect(page.getByTestId(`queue-${low[0].id}`)).toBeVisible(slow);
    const rows = page.locator('li[data-testid^="queue-"]');
    await expect(rows.nth(0)).toHaveAttribute("data-testid", `queue-${high.id}`);
    await expect(rows.nth(1)).toHaveAttribute("data-testid", `queue-${medium.id}`);
    await expect(rows.nth(0).getByTestId("spam-score")).toHaveText("Spam score 7.4, at or over 5; top rules: FREE_PRICE 3.1");
    await expect(page.getByTestId(`queue-${low[0].id}`).getByTestId("spam-score")).toHaveText("Spam score unavailable (SpamAssassin not reached)");
    await expect(rows.nth(0).getByTestId("risk-badge")).toHaveText("High risk");
    await expect(rows.nth(0).getByTestId("check-badge").filter({ hasText: "Unresolved variable" })).toBeVisible();
    await expect(rows.nth(1).getByTestId("risk-badge")).toHaveText("Medium risk");
    await expect(rows.nth(1).getByTestId("check-badge").filter({ hasText: "Spam phrase" })).toBeVisible();
    await expect(rows.nth(2).getByTestId("risk-badge")).toHaveText("Low risk");
    await screenshots(page, "review-risk-queue");
    await noAxeViolations(page, "queue");

    // Reject the medium draft by keyboard: Escape first gives the focus back to its row; after the
    // rejection the focus is on the row that took its place.
    await page.keyboard.press("j");
    await page.keyboard.press("j");
    await expect(rows.nth(1)).toBeFocused();
    await page.keyboard.press("r");
    const reject = page.getByRole("dialog", { name: "Reject this draft?" });
    await expect(reject.getByLabel("Reason")).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(reject).toBeHidden();
    await expect(page.getByTestId(`queue-${medium.id}`)).toBeFocused();
    await page.keyboard.press("r");
    await page.keyboard.type("A spam phrase in a first email");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "Rejected the draft" })).toBeVisible(slow);
    await expect(page.getByTestId(`queue-${medium.id}`)).toHaveCount(0);
    await expect(rows.nth(1)).toBeFocused();
    expect((await draftStatuses([medium.id]))[medium.id]).toBe("rejected");

    // The high-risk draft's page: its unresolved variable marked, the mark described by its check.
    await page.keyboard.press("k");
    await expect(rows.nth(0)).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(`/review/drafts/${high.id}`, slow);
    const mark = page.getByTestId("checked-body").locator('mark[data-code~="unresolved_variable"]');
    await expect(mark).toHaveText("{{plan_name}}", slow);
    await expect(page.getByTestId("spam-score")).toHaveText("Spam score 7.4, at or over 5; top rules: FREE_PRICE 3.1, ACT_NOW 2.5, MISSING_DATE 1.4");
    const described = await mark.getAttribute("aria-describedby");
    await expect(page.locator(`[id="${described}"]`)).toContainText("Unresolved variable");

    // A sentence's sources on keyboard focus: Tab from the first sentence to the first one with a source.
    const bodyItems = highReview.evidence.filter((item) => item.field === "body");
    const sourced = bodyItems.findIndex((item) => item.sources.length > 0);
    expect(sourced).toBeGreaterThanOrEqual(0);
    const sentences = page.getByTestId("checked-body").locator("[data-sentence]");
    await sentences.first().focus();
    for (let i = 0; i < sourced; i++) await page.keyboard.press("Tab");
    const focusedSentence = sentences.nth(sourced);
    await expect(focusedSentence).toBeFocused();
    const tipId = await focusedSentence.getAttribute("aria-describedby");
    const tip = page.locator(`[id="${tipId}"]`);
    await expect(tip).toBeVisible();
    await expect(tip).toHaveAttribute("role", "tooltip");
    const source = bodyItems[sourced].sources[0];
    await expect(tip).toContainText(`${source.kind} · ${source.field}`);
    await screenshots(page, "review-risk-draft");
    await page.keyboard.press("Escape");
    await expect(tip).toBeHidden();
    await noAxeViolations(page, "draft page");

    // Typing re-checks: a spam phrase added to the body is listed once the check answers.
    await page.getByLabel("Body").focus();
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.type(" Click here to see more.");
    await expect(page.getByTestId("check-item").filter({ hasText: "Spam phrase" })).toBeVisible(slow);
    await expect(page.getByTestId("checked-body").locator('mark[data-code~="spam_phrase"]')).toBeVisible();

    // Approving a blocked draft asks for an override reason instead of failing.
    await page.getByRole("button", { name: "Approve with edits" }).focus();
    await page.keyboard.press("Enter");
    const override = page.getByRole("dialog", { name: "Approve despite blocking checks?" });
    await expect(override.getByLabel("Override reason")).toBeFocused();
    await expect(override).toContainText("Unresolved variable");
    await page.keyboard.type("The plan name is filled in by our billing team");
    await screenshots(page, "review-risk-override");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("approval-notice")).toBeVisible(slow);
    const audit = await withDb(
      async (c) => (await c.query(`SELECT data FROM audit_entries WHERE "targetId" = $1 AND action = 'draft.approved'`, [high.id])).rows[0]?.data,
    );
    expect(audit.override_reason).toBe("The plan name is filled in by our billing team");
    expect(audit.overridden_checks).toContain("unresolved_variable");

    // The low-risk drafts of the run, approved at once after a confirmation naming them.
    await page.goto(`/review?run=${run.id}&sort=risk`);
    const approveLow = page.getByRole("button", { name: `Approve the ${low.length} low-risk drafts of this run` });
    await expect(approveLow).toBeVisible(slow);
    await approveLow.focus();
    await page.keyboard.press("Enter");
    const confirm = page.getByRole("dialog", { name: `Approve ${low.length} low-risk drafts?` });
    await expect(confirm.getByTestId("low-risk-examples").locator("li")).toHaveCount(3);
    await expect(confirm).toContainText("and 1 more");
    await screenshots(page, "review-risk-low-confirm");
    await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: `Approved ${low.length} low-risk drafts.` })).toBeVisible(slow);
    const statuses = await draftStatuses(drafts.map((d) => d.id));
    for (const d of low) expect(statuses[d.id]).toBe("approved");
    expect(statuses[medium.id]).toBe("rejected");
    await screenshots(page, "review-risk-low-done");
  } finally {
    await csv.close();
  }
});
