import { expect, test } from "@playwright/test";
import { closeLib, demoWorkspaceId, draftsOf, draftStatuses, leads, receiverAndRelay, serveCsv, startRun } from "./pipeline-fixtures";
import { DEMO, screenshots, signIn } from "./support";

// The reviewer's flow end to end: a run of the local provider writes drafts, draft.ready brings
// their review_url to a loopback receiver, the reviewer opens one there, edits and approves it,
// and the real SMTP server receives the edited text; another is rejected. Bulk approval and the
// shortcuts on the queue; a viewer sees no controls and is refused when forcing the routes.

test.afterAll(closeLib);

test("a reviewer opens a draft from its review_url, approves it edited (sent as edited) and rejects another", async ({ page, request }) => {
  const workspaceId = await demoWorkspaceId();
  const hooks = await receiverAndRelay(request, workspaceId);
  const csv = await serveCsv(leads("good"));
  try {
    const run = await startRun(workspaceId, csv.url);
    const drafts = await draftsOf(run.id, 3);
    await expect.poll(() => hooks.events("draft.ready").filter((e) => e.data.run_id === run.id).length, { timeout: 30_000 }).toBe(3);
    const ready = hooks.events("draft.ready").filter((e) => e.data.run_id === run.id);
    const [first, second] = [drafts[0], drafts[1]];
    const reviewUrl = new URL(ready.find((e) => e.data.draft_id === first.id).data.review_url);
    expect(reviewUrl.pathname).toBe(`/review/drafts/${first.id}`);

    await signIn(page, DEMO.reviewer, reviewUrl.pathname);
    await expect(page).toHaveURL(reviewUrl.pathname);
    await expect(page.getByRole("heading", { name: `Email to ${first.name}` })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Qualification" })).toBeVisible();
    await expect(page.getByText(/Score \d+\/100/)).toBeVisible();
    await expect(page.getByRole("link", { name: /^draft_email v\d+\.\d+\.\d+/ }).first()).toHaveAttribute(
      "href",
      /^\/prompts\/draft_email\/versions\/v\d+\.\d+\.\d+/,
    );
    for (const stage of ["extract_signals", "qualify", "draft_email"]) await expect(page.getByTestId(`trace-${stage}`)).toBeVisible();
    await screenshots(page, "draft-review");

    const subject = `Edited subject for ${first.name}`;
    const body = `Hi ${first.name},\n\nThis text was edited by a reviewer before it went out.\n\nSam`;
    await page.getByLabel("Subject").fill(subject);
    await page.getByLabel("Body").fill(body);
    await page.getByRole("button", { name: "Approve with edits" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Approved with your edits" })).toBeVisible();
    await expect(page.getByTestId("draft-subject")).toHaveText(subject);
    await expect(page.getByText("Yes, approved with edits")).toBeVisible();

    await expect.poll(() => hooks.events("draft.approved").find((e) => e.data.draft_id === first.id)?.data.edited, { timeout: 20_000 }).toBe(true);
    await expect.poll(() => hooks.smtp.mails.filter((m) => m.to.includes(first.email)).length, { timeout: 40_000 }).toBe(1); // after the 10 s undo window
    const mail = hooks.smtp.mails.find((m) => m.to.includes(first.email))!;
    expect(mail.headers.get("subject")).toBe(subject);
    expect(mail.body).toContain("This text was edited by a reviewer before it went out.");
    await expect(page.getByText(/Accepted by the relay/)).toBeVisible({ timeout: 40_000 }); // the page looks again until the send is recorded
    await screenshots(page, "draft-approved");

    // Reject the second with a reason.
    await page.goto(`/review/drafts/${second.id}`);
    await page.getByRole("button", { name: "Reject…" }).click();
    const dialog = page.getByRole("dialog", { name: "Reject this draft?" });
    await dialog.getByRole("button", { name: "Reject draft" }).click();
    await expect(dialog.getByText("Say why")).toBeVisible();
    await dialog.getByLabel("Reason").fill("Too pushy for a first contact");
    await screenshots(page, "draft-reject-dialog");
    await dialog.getByRole("button", { name: "Reject draft" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Rejected" })).toBeVisible();
    await expect(page.getByRole("definition").filter({ hasText: "Too pushy for a first contact" })).toBeVisible();
    await expect
      .poll(() => hooks.events("draft.rejected").find((e) => e.data.draft_id === second.id)?.data.reason, { timeout: 20_000 })
      .toBe("Too pushy for a first contact");
    await screenshots(page, "draft-rejected");
    expect(hooks.smtp.mails.filter((m) => m.to.includes(second.email))).toHaveLength(0);
  } finally {
    await csv.close();
    await hooks.close();
  }
});

test("the queue filters by run and search, moves with j/k, selects with x and approves in bulk", async ({ page }) => {
  const workspaceId = await demoWorkspaceId();
  const csv = await serveCsv(leads("good"));
  try {
    const run = await startRun(workspaceId, csv.url, "draft_email");
    const drafts = await draftsOf(run.id, 3);
    await signIn(page, DEMO.reviewer, "/review");
    await expect(page.getByRole("heading", { name: "Review", level: 1 })).toBeVisible();
    await expect(page.getByText("Keyboard shortcuts (when no field has focus)")).toBeVisible();
    await page.getByLabel("Run", { exact: true }).selectOption(run.id);
    // The filter names the run (its name and how many drafts it has), not its id.
    expect(run.name).toBeTruthy();
    await expect(page.getByLabel("Run", { exact: true }).locator("option:checked")).toHaveText(new RegExp(`^${escapeRegExp(run.name)} \\(\\d+ drafted\\)$`));
    await page.getByRole("button", { name: "Apply" }).click();
    const list = page.getByRole("list", { name: "Drafts awaiting review" });
    await expect(list.getByRole("listitem")).toHaveCount(3);
    await screenshots(page, "review-queue");

    // Search narrows to one lead's company.
    await page.getByLabel("Search leads").fill("kernel");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await page.getByLabel("Search leads").fill("");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(list.getByRole("listitem")).toHaveCount(3);

    // Keyboard (queue-cursor.ts): j moves, x selects; two selected; r opens the reject dialog, Escape closes it.
    const rows = list.getByRole("listitem");
    await page.locator("body").click({ position: { x: 5, y: 5 } });
    await expect(rows.nth(0)).toHaveAttribute("data-current", "true"); // the first row is current on a fresh list
    await page.keyboard.press("j"); // the first j lands on it
    await expect(rows.nth(0)).toBeFocused();
    await page.keyboard.press("j");
    await expect(rows.nth(1)).toBeFocused();
    await page.keyboard.press("k");
    await expect(rows.nth(0)).toBeFocused();
    await page.keyboard.press("x");
    await page.keyboard.press("j");
    await page.keyboard.press("x");
    await expect(page.getByRole("button", { name: "Approve selected (2)" })).toBeEnabled();
    await page.keyboard.press("r");
    await expect(page.getByRole("dialog", { name: "Reject this draft?" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Reject this draft?" })).toBeHidden();
    const selectedIds = [await rows.nth(0).getAttribute("data-testid"), await rows.nth(1).getAttribute("data-testid")].map((t) => t!.replace("queue-", ""));
    await screenshots(page, "review-queue-selected");

    await page.getByRole("button", { name: "Approve selected (2)" }).click();
    const confirm = page.getByRole("dialog", { name: "Approve 2 drafts?" });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused(); // no field: the safe choice has the focus
    await screenshots(page, "review-bulk-confirm");
    await confirm.getByRole("button", { name: "Approve 2 drafts" }).click();
    await expect(
      page.getByTestId("undo-approval").filter({ hasText: "Approved 2 drafts. Nothing is sent: its run stops before sending. Undo within" }),
    ).toBeVisible(); // stop_after draft_email
    await expect(list.getByRole("listitem")).toHaveCount(1);
    const rest = drafts.map((d) => d.id).filter((id) => !selectedIds.includes(id));
    expect(await draftStatuses(drafts.map((d) => d.id))).toEqual({ [selectedIds[0]]: "approved", [selectedIds[1]]: "approved", [rest[0]]: "awaiting_review" });

    // a approves the active (last) one as written.
    await rows.nth(0).focus();
    await page.keyboard.press("a");
    await expect(page.getByTestId("undo-approval").filter({ hasText: "Approved the draft for" })).toBeVisible();
    await expect(page.getByText("No drafts match these filters")).toBeVisible();
    expect(Object.values(await draftStatuses(drafts.map((d) => d.id)))).toEqual(["approved", "approved", "approved"]);
    await screenshots(page, "review-queue-empty");
  } finally {
    await csv.close();
  }
});

test("a viewer sees the queue and drafts without approve or reject controls, and the server refuses them", async ({ page, baseURL }) => {
  const workspaceId = await demoWorkspaceId();
  const csv = await serveCsv(leads("good").slice(0, 1));
  try {
    const run = await startRun(workspaceId, csv.url, "draft_email");
    const [draft] = await draftsOf(run.id, 1);
    await signIn(page, DEMO.viewer, `/review?run=${run.id}`);
    const list = page.getByRole("list", { name: "Drafts awaiting review" });
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(page.getByText("approving and rejecting need the reviewer role")).toBeVisible();
    await expect(page.getByRole("button", { name: /Approve|Reject/ })).toHaveCount(0);
    await expect(page.getByRole("checkbox")).toHaveCount(0);
    await screenshots(page, "review-queue-viewer");

    await page.goto(`/review/drafts/${draft.id}`);
    await expect(page.getByRole("heading", { name: `Email to ${draft.name}` })).toBeVisible();
    await expect(page.getByText("Approving and rejecting need the reviewer role")).toBeVisible();
    await expect(page.getByRole("button", { name: /Approve|Reject/ })).toHaveCount(0);
    await expect(page.getByLabel("Subject")).toHaveCount(0);
    await screenshots(page, "draft-viewer");

    const origin = { origin: baseURL! };
    for (const response of [
      await page.request.post(`/api/web/drafts/${draft.id}/approve`, { headers: origin, data: { subject: "forced", body: "forced" } }),
      await page.request.post(`/api/web/drafts/${draft.id}/reject`, { headers: origin, data: { reason: "forced" } }),
      await page.request.post("/api/web/review/approve", { headers: origin, data: { ids: [draft.id] } }),
    ]) {
      expect(response.status(), response.url()).toBe(403);
      expect(await response.json()).toMatchObject({ code: "forbidden", detail: expect.stringContaining("reviewer role") });
    }
    expect(await draftStatuses([draft.id])).toEqual({ [draft.id]: "awaiting_review" });
  } finally {
    await csv.close();
  }
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
