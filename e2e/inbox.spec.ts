import { expect, test, type Page } from "@playwright/test";
import { ulid } from "ulid";
import { sentWorkspace, type SentLead } from "../tests/helpers/mailbox-fixtures";
import { bearer, cli, DEMO, screenshots, signIn, withDb } from "./support";

// A sales team's day (contract §12): replies to a run arrive over the replies API and the worker
// classifies them; the reviewer finds them in /inbox (the navigation counts what is left to
// handle), corrects a class, marks the positive one handled by keyboard (the count drops), stops
// the outreach to another lead; the admin renames the run in place on its page; the audit log
// tells all of it in names with links, the raw JSON one click away.

test.describe.configure({ mode: "serial" });

const tag = ulid().toLowerCase().slice(-8);
let runId: string;
let leads: SentLead[];
const replyIds: string[] = [];

async function navCount(page: Page): Promise<number> {
  const badge = page.getByRole("navigation", { name: "Main" }).getByTestId("inbox-count");
  await expect(badge).toBeVisible();
  return Number((await badge.innerText()).replace(/\D/g, ""));
}

test.beforeAll(async ({ request }) => {
  ({ runId, leads } = await sentWorkspace("demo", 2, `-${tag}`));
  const token = cli("token:create", "--workspace", "demo", "--name", `e2e inbox ${tag}`);
  const texts = [`Not interested, thanks. (${tag})`, `Can we meet Thursday? Let's talk. (${tag})`];
  for (const [index, text] of texts.entries()) {
    const answer = await request.post("/v1/replies", {
      headers: bearer(token),
      data: { draft_id: leads[index].draftId, from: leads[index].email, subject: "Re: Quick question", text, received_at: new Date().toISOString() },
    });
    expect(answer.status()).toBe(201);
    replyIds.push((await answer.json()).id);
  }
  // The worker's track stage classifies both.
  await expect
    .poll(
      () =>
        withDb(
          async (db) => (await db.query(`SELECT count(*)::int AS n FROM replies WHERE id = ANY($1) AND "classifiedAt" IS NOT NULL`, [replyIds])).rows[0].n,
        ),
      { timeout: 30_000 },
    )
    .toBe(2);
});

test("a reviewer finds the replies in the inbox, corrects a class, marks the positive one handled by keyboard (the count drops), and stops an outreach", async ({
  page,
}) => {
  await signIn(page, DEMO.reviewer);
  const before = await navCount(page);
  expect(before).toBeGreaterThanOrEqual(2);
  const inboxLink = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Inbox", exact: true });
  await expect(inboxLink).toHaveAccessibleDescription(`${before} replies to handle`);
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: /^Inbox/ })
    .click();
  await expect(page.getByRole("heading", { name: "Inbox", level: 1 })).toBeVisible();

  const list = page.getByRole("list", { name: "Replies" });
  const meeting = list.getByTestId(`inbox-${replyIds[1]}`);
  const refusal = list.getByTestId(`inbox-${replyIds[0]}`);
  await expect(meeting).toContainText("meeting request");
  await expect(meeting).toContainText(leads[1].email);
  await expect(meeting).toContainText(/\d+ % sure/);
  await expect(meeting.getByRole("link", { name: "Test run" })).toHaveAttribute("href", `/runs/${runId}/replies`);
  await expect(meeting.getByRole("link", { name: "the draft" })).toHaveAttribute("href", `/review/drafts/${leads[1].draftId}`);
  // Positive first: the meeting request is listed above the refusal, though it is not older.
  const order = await list.getByRole("listitem").evaluateAll((items) => items.map((item) => item.getAttribute("data-testid")));
  expect(order.indexOf(`inbox-${replyIds[1]}`)).toBeLessThan(order.indexOf(`inbox-${replyIds[0]}`));
  // The thread: our email behind a disclosure, the reply in full.
  await meeting.getByText(/^Our email/).click();
  await expect(meeting).toContainText("A question about your pipeline.");
  await screenshots(page, "inbox");

  // Correct the refusal's class: the dialog focuses its select; the badge follows; audited.
  await refusal.getByRole("button", { name: /^Correct class…/ }).click();
  const dialog = page.getByRole("dialog", { name: "Correct the classification" });
  await expect(dialog.getByLabel("Classification")).toBeFocused();
  await dialog.getByLabel("Classification").selectOption("wrong_person");
  await dialog.getByRole("button", { name: "Save correction" }).click();
  await expect(refusal).toContainText("wrong person");
  await expect(refusal).toContainText("set by Rhea Reviewer");

  // Mark the meeting request handled with the keyboard: it leaves "To handle", the count drops.
  await meeting.getByRole("button", { name: /^Mark handled/ }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Marked handled." })).toBeVisible();
  await expect(meeting).toHaveCount(0);
  await expect.poll(() => navCount(page)).toBe(before - 1);

  // Stop the outreach to the other lead: a reason, then the address is on the suppression list.
  await refusal.getByRole("button", { name: /^Stop outreach…/ }).click();
  const stop = page.getByRole("dialog", { name: "Stop the outreach to this lead?" });
  await expect(stop.getByLabel("Reason")).toBeFocused();
  await page.keyboard.type("Wrong person; asked us to stop");
  await stop.getByRole("button", { name: "Stop outreach" }).click();
  await expect(refusal.getByTestId("stopped-note")).toContainText("Stopped from the inbox: Wrong person; asked us to stop");
  const suppressed = await withDb(async (db) => (await db.query(`SELECT reason, source FROM suppressions WHERE "emailLower" = $1`, [leads[0].email])).rows);
  expect(suppressed).toEqual([{ reason: "Stopped from the inbox: Wrong person; asked us to stop", source: "manual" }]);

  // Handled replies are one filter away, with who handled them.
  await page.getByRole("search", { name: "Filter the inbox" }).getByLabel("Show").selectOption("true");
  await expect(list.getByTestId(`inbox-${replyIds[1]}`).getByTestId("handled-note")).toHaveText("Handled by Rhea Reviewer");
  await screenshots(page, "inbox-handled");
});

test("a viewer reads the inbox without controls", async ({ page }) => {
  await signIn(page, DEMO.viewer, "/inbox");
  await page.getByRole("search", { name: "Filter the inbox" }).getByLabel("Show").selectOption("");
  await expect(page.getByTestId(`inbox-${replyIds[1]}`)).toBeVisible();
  await expect(page.getByRole("button", { name: /^Mark (not )?handled/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Stop outreach/ })).toHaveCount(0);
});

test("an admin renames the run in place; the audit log speaks in names with the raw JSON one click away", async ({ page }) => {
  const name = `Dental clinics ${tag}`;
  await signIn(page, DEMO.admin, `/runs/${runId}`);
  await expect(page.getByRole("heading", { name: "Test run", level: 1 })).toBeVisible();
  // Escape cancels; then Enter saves.
  await page.getByRole("button", { name: "Rename" }).click();
  await expect(page.getByLabel("Run name")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: "Rename" })).toBeFocused();
  await page.keyboard.press("Enter");
  await page.getByLabel("Run name").fill("");
  await page.keyboard.press("Enter");
  await expect(page.getByText("must not be empty")).toBeVisible();
  await page.getByLabel("Run name").fill(name);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await screenshots(page, "run-renamed");
  await page.reload();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await page.goto("/runs");
  await expect(page.getByTestId(`run-${runId}`).getByRole("link", { name })).toBeVisible();

  await page.goto("/audit");
  const entries = page.getByRole("list", { name: "Audit entries, newest first" });
  const renamed = entries.getByRole("listitem").filter({ hasText: "renamed the run" }).first();
  await expect(renamed.getByTestId("audit-sentence")).toHaveText(`${DEMO.admin.name} (${DEMO.admin.email}) renamed the run ${name}`);
  await expect(renamed.getByRole("link", { name })).toHaveAttribute("href", `/runs/${runId}`);
  await expect(renamed.getByRole("link", { name: `${DEMO.admin.name} (${DEMO.admin.email})` })).toHaveAttribute("href", "/settings/members");
  const data = renamed.getByTestId("audit-data");
  await expect(data.getByRole("row", { name: /^From/ })).toContainText("Test run");
  await expect(data.getByRole("row", { name: /^To/ })).toContainText(name);
  await expect(renamed.locator("pre")).toBeHidden();
  await renamed.getByText("Raw JSON").click();
  await expect(renamed.locator("pre")).toContainText(`"to": "${name}"`);

  const handled = entries.getByRole("listitem").filter({ hasText: "marked handled:" }).filter({ hasText: leads[1].email }).first();
  await expect(handled.getByRole("link", { name: `Reply from ${leads[1].email}` })).toHaveAttribute("href", `/runs/${runId}/replies`);
  await expect(handled.getByRole("link", { name: `${DEMO.reviewer.name} (${DEMO.reviewer.email})` })).toBeVisible();
  const corrected = entries.getByRole("listitem").filter({ hasText: "corrected the classification of" }).filter({ hasText: leads[0].email }).first();
  await expect(corrected.getByTestId("audit-data")).toContainText("wrong_person");
  await screenshots(page, "audit-names");
});
