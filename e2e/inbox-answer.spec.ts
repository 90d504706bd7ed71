import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { ulid } from "ulid";
import { CreateSenderBody, createSender } from "@/lib/senders/senders";
import { sentWorkspace, type SentLead } from "../tests/helpers/mailbox-fixtures";
import { startSmtpSink } from "../tests/helpers/smtp-sink";
import { closeLib } from "./pipeline-fixtures";
import { bearer, cli, DEMO, screenshots, signIn, withDb } from "./support";

// Answering a reply where it arrives (issue 37, contract §13): an interested reply comes in over
// the replies API; the worker classifies it and writes an answer draft. The reviewer opens /inbox,
// moves to the reply with j, opens its thread with Enter (our email, the reply, the answer beside
// it with its risk and checks), edits the answer and approves it with `a`; after the undo window it
// reaches a real SMTP sink In-Reply-To the reply's Message-ID with a "Re:" subject, and the reply
// is handled. Escape goes back to the list, the focus on the reply's row. axe: 0 violations.

test.afterAll(closeLib);

const tag = ulid().toLowerCase().slice(-8);
const system = { type: "system" as const, id: "e2e", name: "e2e setup" };
const replyMessageId = `<reply-${tag}@lead.example>`;

async function noAxeViolations(page: Page, name: string) {
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    expect(result.violations.map((v) => `${name} ${width}px ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("a reviewer answers an interested reply from the inbox by keyboard, in the reply's thread", async ({ page, request }) => {
  test.setTimeout(240_000);
  const smtp = await startSmtpSink();
  let senderId: string | null = null;
  try {
    const {
      workspaceId,
      leads: [lead],
    }: { workspaceId: string; leads: SentLead[] } = await sentWorkspace("demo", 1, `-answer-${tag}`);
    // The lead's sender relays to the sink: the answer goes out From it.
    const sender = await createSender(
      workspaceId,
      CreateSenderBody.parse({
        from_email: `maya-${tag}@demo.example`,
        from_name: "Maya Chen",
        title: "Head of Partnerships",
        signature: "Demo Co",
        relay: { host: "127.0.0.1", port: smtp.port, secure: false },
      }),
      system,
    );
    senderId = sender.id;
    await withDb((db) => db.query(`UPDATE run_leads SET "senderId" = $1 WHERE id = (SELECT "runLeadId" FROM drafts WHERE id = $2)`, [sender.id, lead.draftId]));

    const token = cli("token:create", "--workspace", "demo", "--name", `e2e answer ${tag}`);
    const created = await request.post("/v1/replies", {
      headers: bearer(token),
      data: {
        draft_id: lead.draftId,
        message_id: replyMessageId,
        from: lead.email,
        subject: "Re: Quick question",
        text: `Yes, this sounds interesting. Tell me more about how it works. (${tag})`,
        received_at: new Date().toISOString(),
      },
    });
    expect(created.status()).toBe(201);
    const replyId = (await created.json()).id as string;
    // The worker classifies it interested and writes its answer (contract §13).
    const answerId = await expect
      .poll(
        () =>
          withDb(async (db) => (await db.query(`SELECT id FROM drafts WHERE "replyId" = $1 AND status = 'awaiting_review'`, [replyId])).rows[0]?.id ?? null),
        { timeout: 60_000 },
      )
      .not.toBeNull()
      .then(() => withDb(async (db) => (await db.query(`SELECT id FROM drafts WHERE "replyId" = $1`, [replyId])).rows[0].id as string));

    await signIn(page, DEMO.reviewer, "/inbox");
    const list = page.getByRole("list", { name: "Replies" });
    const row = list.getByTestId(`inbox-${replyId}`);
    await expect(row).toBeVisible({ timeout: 30_000 });
    await expect(row).toContainText(/interested/i);
    await screenshots(page, "inbox-answer-list");
    await noAxeViolations(page, "inbox");

    // j moves down the list until the reply is current (positive replies first, newest first).
    const ids = await list.locator(":scope > li").evaluateAll((items) => items.map((item) => item.getAttribute("data-testid")));
    const position = ids.indexOf(`inbox-${replyId}`);
    expect(position).toBeGreaterThanOrEqual(0);
    for (let i = 0; i <= position; i++) await page.keyboard.press("j");
    await expect(row).toBeFocused();
    await expect(row).toHaveAttribute("data-current", "true");
    await page.keyboard.press("Enter");

    // The whole thread: our email (open, as the latest), the reply, the answer beside it.
    const thread = page.getByRole("region", { name: /^Thread with / });
    await expect(thread.getByRole("heading", { level: 2 })).toBeFocused();
    const step1 = thread.getByTestId("thread-step-1");
    await expect(step1).toContainText("Quick question");
    await expect(step1.locator("pre")).toBeVisible();
    await expect(step1.locator("pre")).toContainText("A question about your pipeline.");
    const replyItem = thread.getByTestId(`thread-reply-${replyId}`);
    await expect(replyItem.getByTestId("thread-reply-text")).toContainText(`Tell me more about how it works. (${tag})`);
    const answer = replyItem.getByTestId("answer-panel");
    await expect(answer).toHaveAttribute("data-status", "awaiting_review");
    await expect(answer.getByRole("group", { name: "Risk and checks" }).getByTestId("risk-badge")).toBeVisible();
    await expect(answer).toContainText("From Maya Chen");
    const subject = answer.getByLabel("Subject");
    await expect(subject).toHaveValue("Re: Quick question");
    const body = answer.getByLabel("Body");
    await expect(body).toHaveValue(/Maya Chen/);
    // Side by side on a wide screen: the answer starts level with the reply, to its right.
    const replyBox = (await replyItem.getByTestId("thread-reply-text").boundingBox())!;
    const answerBox = (await answer.boundingBox())!;
    expect(answerBox.x).toBeGreaterThan(replyBox.x + replyBox.width);
    // Escape goes back to the list, the focus on the reply's row; Enter opens it again.
    await page.keyboard.press("Escape");
    await expect(thread).toBeHidden();
    await expect(row).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(thread.getByRole("heading", { level: 2 })).toBeFocused();
    await screenshots(page, "inbox-answer-thread");
    await noAxeViolations(page, "inbox thread");

    // The navigation's count of replies to handle, as the server says it now (this reply among them).
    const navCount = page.getByRole("navigation", { name: "Main" }).getByTestId("inbox-count");
    await expect(navCount).toHaveAttribute("title", /^\d+ replies to handle$/);
    const unhandledBefore = Number((await navCount.getAttribute("title"))!.split(" ")[0]);

    // Edit by keyboard: a line at the start of the body; then Tab out of the field and `a` approves.
    await body.focus();
    await page.keyboard.press("Control+Home");
    await page.keyboard.type(`Thanks for your reply (${tag}).\n`);
    await expect(answer.getByRole("button", { name: "Approve with edits" })).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(body).not.toBeFocused();
    await page.keyboard.press("a");
    // The edit's new sentence is in none of the answer's sources: the same governance as the queue,
    // a 409 draft_blocked asks for an override reason.
    const override = page.getByRole("dialog", { name: "Approve despite blocking checks?" });
    await expect(override.getByLabel("Override reason")).toBeFocused();
    await expect(override).toContainText("Unsupported claim");
    await page.keyboard.type("We thank every lead who answers");
    await override.getByRole("button", { name: "Approve with this reason" }).focus();
    await page.keyboard.press("Enter");
    await expect(override).toBeHidden();
    await expect(page.getByTestId("undo-approval")).toContainText("Approved the answer to");
    await expect(answer).toHaveAttribute("data-status", /approved|sent/);
    await screenshots(page, "inbox-answer-approved");

    // After the undo window it goes out in the reply's thread, From the lead's sender.
    const mail = await expect
      .poll(() => smtp.mails.find((m) => m.to.includes(lead.email)) ?? null, { timeout: 60_000 })
      .not.toBeNull()
      .then(() => smtp.mails.find((m) => m.to.includes(lead.email))!);
    expect(mail.headers.get("in-reply-to")).toBe(replyMessageId);
    expect(mail.headers.get("subject")).toBe("Re: Quick question");
    expect(mail.headers.get("references")?.split(/\s+/)).toEqual([lead.messageId, replyMessageId]);
    expect(mail.body).toContain(`Thanks for your reply (${tag}).`);
    expect(smtp.mails.filter((m) => m.to.includes(lead.email))).toHaveLength(1);
    expect(await withDb(async (db) => (await db.query(`SELECT status FROM drafts WHERE id = $1`, [answerId])).rows[0].status)).toBe("sent");
    const overridden = await withDb(
      async (db) => (await db.query(`SELECT data FROM audit_entries WHERE "targetId" = $1 AND action = 'draft.approved'`, [answerId])).rows[0]?.data,
    );
    expect(overridden?.override_reason).toBe("We thank every lead who answers");

    // The thread shows our answer sent after the reply, and the reply handled.
    await expect(thread.getByTestId("thread-answer")).toContainText("Re: Quick question", { timeout: 30_000 });
    await expect(replyItem).toContainText("handled");
    // The navigation's count follows at once (fetched again when the thread says the reply is
    // handled), well within the expect timeout, not at its own 30 s poll.
    if (unhandledBefore > 1) await expect(navCount).toHaveAttribute("title", `${unhandledBefore - 1} replies to handle`);
    else await expect(navCount).toBeHidden();
    await screenshots(page, "inbox-answer-sent");

    // Escape: back to the list, the focus on the reply's row, which shows it handled.
    await page.keyboard.press("Escape");
    await expect(thread).toBeHidden();
    await page.getByLabel("Show").selectOption("");
    await expect(row.getByTestId("handled-note")).toBeVisible({ timeout: 30_000 });

    // A later reply nobody answers on their own (not interested): its thread holds everything in
    // order, and "Write an answer" asks for one, which appears beside it.
    const later = await request.post("/v1/replies", {
      headers: bearer(token),
      data: {
        draft_id: lead.draftId,
        from: lead.email,
        subject: "Re: Quick question",
        text: `Not interested, thanks. (${tag})`,
        received_at: new Date().toISOString(),
      },
    });
    expect(later.status()).toBe(201);
    const laterId = (await later.json()).id as string;
    const laterRow = list.getByTestId(`inbox-${laterId}`);
    await expect(laterRow).toBeVisible({ timeout: 30_000 });
    await laterRow.getByRole("button", { name: /^Open thread/ }).focus();
    await page.keyboard.press("Enter");
    await expect(thread.getByRole("heading", { level: 2 })).toBeFocused();
    // The thread is fetched once the heading has focus: wait for its items, in order.
    const order = () =>
      thread
        .locator("ol > li")
        .evaluateAll((items) => items.map((item) => item.getAttribute("data-testid") ?? item.firstElementChild?.getAttribute("data-testid")));
    await expect.poll(order).toEqual(["thread-step-1", `thread-reply-${replyId}`, "thread-answer", `thread-reply-${laterId}`]);
    const laterItem = thread.getByTestId(`thread-reply-${laterId}`);
    await laterItem.getByRole("button", { name: "Write an answer" }).focus();
    await page.keyboard.press("Enter");
    await expect(laterItem.getByTestId("answer-panel")).toHaveAttribute("data-status", "awaiting_review", { timeout: 30_000 });
    await screenshots(page, "inbox-answer-written");
  } finally {
    // Later specs' campaigns would spread over it: it goes out of use with its sink.
    if (senderId) await withDb((db) => db.query(`UPDATE senders SET enabled = false WHERE id = $1`, [senderId]));
    await smtp.close();
  }
});
