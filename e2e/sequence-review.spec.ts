import { mkdirSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { createCampaign } from "@/lib/campaigns/campaigns";
import { approveDraft } from "@/lib/drafts/review-draft";
import { putRelay } from "@/lib/relay/relay-settings";
import { createReply } from "@/lib/replies/replies";
import { createRun } from "@/lib/runs/create-run";
import { CreateSenderBody, createSender } from "@/lib/senders/senders";
import { startSmtpSink } from "../tests/helpers/smtp-sink";
import { closeLib, demoWorkspaceId, leads, serveCsv } from "./pipeline-fixtures";
import { bearer, cli, DEMO, signIn, withDb } from "./support";

// Issue 26, the reviewer's side: a real 3-step run (step 2 two seconds after step 1, step 3 three
// days later) of the local engine through the e2e worker, step 1 approved and sent to a real SMTP
// server, then the follow-ups drafted by the scheduler. Ada replies to her first email (her
// follow-up is canceled); the reviewer filters the queue to step 2, reads Grace's follow-up with
// its thread, approves it with `a` (it goes out threaded after the undo window), reads Ada's
// canceled follow-up and stops Linus's sequence from the run page through the dialog by keyboard.
// Then Grace's follow-up, approved with edits, becomes a follow_up eval case in one click.

test.afterAll(closeLib);

const SHOTS = "/tmp/seqreview-shots";
const system = { type: "system" as const, id: "e2e", name: "e2e setup" };

/** Screenshots at 1280×800 and 390×844 under /tmp (not in the repository; no horizontal scroll at 390), then back to 1280×800. */
async function shots(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  // Nothing wider than the phone: a line that cannot wrap would widen the page (and the screenshot).
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at 390 px`).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

type Row = { id: string; step: number; status: string; email: string; name: string };
const draftsOfRun = (runId: string) =>
  withDb(
    async (db) =>
      (
        await db.query<Row>(
          `SELECT d.id, d.step, d.status, l.email, l."firstName" AS name FROM drafts d JOIN leads l ON l.id = d."leadId" WHERE d."runId" = $1 ORDER BY d.step, l.email`,
          [runId],
        )
      ).rows,
  );
const userId = (email: string) => withDb(async (db) => (await db.query(`SELECT id FROM users WHERE email = $1`, [email])).rows[0].id as string);

test("a reviewer reads a follow-up's thread, approves it by keyboard, sees a canceled one and stops a lead from the run page", async ({ page, request }) => {
  test.setTimeout(240_000);
  const workspaceId = await demoWorkspaceId();
  const smtp = await startSmtpSink();
  const csv = await serveCsv(leads("good"));
  let senderId: string | null = null;
  try {
    await putRelay(workspaceId, { host: "127.0.0.1", port: smtp.port, secure: false, from_email: "sam@demo.example", from_name: "Sam Sender" }, system);
    const admin = { userId: await userId(DEMO.admin.email), actor: system };
    // A sender of its own on the sink: other specs leave enabled senders in the demo workspace, and a
    // campaign without sender_ids spreads its leads over every enabled one.
    const relay = { host: "127.0.0.1", port: smtp.port, secure: false };
    const sender = await createSender(
      workspaceId,
      CreateSenderBody.parse({ from_email: "sam@demo.example", from_name: "Sam Sender", title: "Account Executive", signature: "Sam · Demo Co", relay }),
      system,
    );
    senderId = sender.id;
    const campaign = await createCampaign(
      workspaceId,
      {
        name: `Three touches ${Date.now().toString(36)}`,
        pack: "saas-outbound",
        steps: [{}, { wait: "PT2S", prompt: "follow_up" }, { wait: "P3D" }],
        sender_ids: [sender.id],
      },
      admin,
    );
    const run = await createRun(workspaceId, { pack: "saas-outbound", campaign_id: campaign.id, leads_csv_url: csv.url }, system);

    // Step 1: three drafts, approved over the API (no undo window), sent.
    await expect.poll(async () => (await draftsOfRun(run.id)).filter((d) => d.step === 1).length, { timeout: 60_000 }).toBe(3);
    const firsts = await draftsOfRun(run.id);
    const reviewer = { userId: await userId(DEMO.reviewer.email), actor: system };
    for (const draft of firsts) await approveDraft(workspaceId, draft.id, {}, reviewer);
    await expect.poll(() => smtp.mails.length, { timeout: 30_000 }).toBe(3);

    // Step 2 falls due two seconds after each send: the scheduler drafts three follow-ups.
    await expect.poll(async () => (await draftsOfRun(run.id)).filter((d) => d.step === 2).length, { timeout: 60_000 }).toBe(3);
    const [ada, grace] = ["Ada", "Grace"].map((name) => ({ first: firsts.find((d) => d.name === name)! }));
    const firstMail = (email: string) => smtp.mails.find((mail) => mail.to.includes(email))!;
    const subjectOf = (email: string) => firstMail(email).headers.get("subject")!;

    // Ada answers her first email: the worker classifies it and her follow-up is canceled.
    await createReply(workspaceId, {
      draft_id: ada.first.id,
      from: ada.first.email,
      subject: `Re: ${subjectOf(ada.first.email)}`,
      text: "Thanks, this is interesting. Can we talk on Thursday?",
      received_at: new Date().toISOString(),
    });
    await expect.poll(async () => (await draftsOfRun(run.id)).find((d) => d.step === 2 && d.name === "Ada")?.status, { timeout: 30_000 }).toBe("canceled");
    const follow = Object.fromEntries((await draftsOfRun(run.id)).filter((d) => d.step === 2).map((d) => [d.name, d]));

    // The filters: step and campaign over /v1 and the web queue; malformed ones are 400.
    const token = cli("token:create", "--workspace", "demo", "--name", `e2e seq ${Date.now().toString(36)}`);
    const v1 = async (query: string) => request.get(`/v1/drafts?${query}`, { headers: bearer(token) });
    const byStep = await (await v1(`step=2&campaign_id=${campaign.id}&limit=100`)).json();
    expect(byStep.data.map((d: { id: string }) => d.id).sort()).toEqual(
      Object.values(follow)
        .map((d) => d.id)
        .sort(),
    );
    expect((await (await v1(`step=1&campaign_id=${campaign.id}`)).json()).data).toHaveLength(3);
    for (const bad of ["step=9", "step=two", "step=0", "campaign_id=nope"]) expect((await v1(bad)).status(), bad).toBe(400);

    await signIn(page, DEMO.reviewer, `/review?run=${run.id}`);
    for (const bad of ["step=1.5", "campaign_id=cmp_x"]) expect((await page.request.get(`/api/web/review?${bad}`)).status(), bad).toBe(400);
    const list = page.getByRole("list", { name: "Drafts awaiting review" });
    // Grace's and Linus's follow-ups, and the answer to Ada's interested reply (contract §13); her
    // follow-up was canceled.
    await expect(list.getByRole("listitem")).toHaveCount(3);
    const adaAnswer = list.getByRole("listitem").filter({ hasText: "Ada" });
    await expect(adaAnswer.getByTestId("queue-step")).toHaveText("Answer to a reply");
    await page.getByLabel("Step").selectOption("2");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByTestId("queue-count")).toHaveText("2 waiting");
    const graceRow = list.getByRole("listitem").filter({ hasText: "Grace" });
    await expect(graceRow.getByTestId("queue-step")).toHaveText("Step 2 of 3 · follow-up · sent 2 seconds after step 1");
    // Who it goes out From, on each card (contract §13), and it is signed by that sender.
    await expect(graceRow.getByTestId("queue-from")).toHaveText("From Sam Sender <sam@demo.example>");
    await shots(page, "queue-step-2");

    // Enter on Grace's row opens her follow-up: the step, its wait, and the thread so far above it.
    await graceRow.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/review/drafts/${follow.Grace.id}$`));
    await expect(page.getByTestId("draft-step")).toHaveText("Step 2 of 3 · follow-up · sent 2 seconds after step 1");
    await expect(page.getByTestId("draft-from")).toHaveText("From Sam Sender <sam@demo.example>");
    await expect(page.getByLabel("Body")).toHaveValue(/Sam Sender\nAccount Executive/);
    const thread = page.getByRole("region", { name: "The thread so far" });
    const step1 = thread.getByTestId("thread-step-1");
    await expect(step1).toContainText("Step 1 of 3 · first email");
    await expect(step1).toContainText(subjectOf(grace.first.email));
    await expect(step1.locator("pre")).toBeVisible(); // the latest earlier message is open
    await step1.locator("summary").focus();
    await page.keyboard.press("Enter"); // and folds by keyboard
    await expect(step1.locator("pre")).toBeHidden();
    await page.keyboard.press("Enter");
    await expect(step1.locator("pre")).toBeVisible();
    await expect(page.getByLabel("Subject")).toHaveValue(/^Re: /);
    await shots(page, "draft-follow-up");

    // Back in the queue, `a` approves the current row (Grace's is first after focusing it).
    await page.goBack();
    await expect(list.getByRole("listitem")).toHaveCount(2);
    await graceRow.focus();
    await page.keyboard.press("a");
    await expect(page.getByTestId("undo-approval")).toContainText("Sending in");
    await expect(page.getByTestId("queue-count")).toHaveText("1 waiting");
    // After the undo window it goes out in Grace's thread.
    await expect.poll(() => smtp.mails.filter((m) => m.to.includes(grace.first.email)).length, { timeout: 45_000 }).toBe(2);
    const second = smtp.mails.filter((m) => m.to.includes(grace.first.email))[1];
    const firstId = firstMail(grace.first.email).headers.get("message-id");
    expect(second.headers.get("in-reply-to")).toBe(firstId);
    expect(second.headers.get("subject")).toBe(`Re: ${subjectOf(grace.first.email)}`);

    // Ada's canceled follow-up says why, with her reply (classified) in the thread.
    await page.goto(`/review/drafts/${follow.Ada.id}`);
    await expect(page.getByTestId("draft-canceled")).toHaveText("Not sent: the lead replied");
    const reply = page.getByTestId("thread-reply");
    await expect(reply).toContainText("Can we talk on Thursday?");
    await expect(reply).not.toContainText("being classified");
    await shots(page, "draft-canceled");

    // The run page: each lead's step, next send and why it ended; counts per step; stop Linus by keyboard.
    await page.goto(`/runs/${run.id}`);
    const leadRow = (name: string) => page.locator('[data-testid^="run-lead-"]').filter({ hasText: name });
    await expect(leadRow("Ada").getByTestId("lead-sequence")).toContainText("Ended: the lead replied");
    await expect(leadRow("Grace").getByTestId("lead-sequence")).toContainText("Step 2 of 3");
    await expect(leadRow("Grace").getByTestId("lead-sequence")).toContainText(/Next step in 3 days/);
    await expect(leadRow("Grace").locator("time")).toHaveAttribute("title", /\(\d{4}-\d{2}-\d{2}T/);
    await expect(page.getByTestId("count-qualified")).toHaveText("3"); // each lead once, though it has a draft per step
    await expect(page.getByTestId("step-1-drafted")).toHaveText("3");
    await expect(page.getByTestId("step-1-sent")).toHaveText("3");
    await expect(page.getByTestId("step-2-sent")).toHaveText("1");
    await expect(page.getByTestId("step-2-canceled")).toHaveText("1");
    await expect(page.getByTestId("step-2-awaiting_review")).toHaveText("1");
    // The review at a glance (contract §13): three first emails approved unread over the API, and
    // Grace's follow-up approved after its page was open, which alone has a review time.
    await expect(page.getByTestId("run-review")).toHaveText(/^4 drafts decided · median \d+ (s|min( \d+ s)?) from a reviewer's first read to the decision\.$/);
    await expect(leadRow("Ada").getByRole("button", { name: /Stop sequence/ })).toHaveCount(0); // already ended

    const stop = page.getByRole("button", { name: /^Stop sequence for Linus/ });
    await stop.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: /Stop the sequence for Linus/ });
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Stop sequence" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("status").filter({ hasText: "Stopped the sequence for Linus" })).toBeVisible();
    await expect(leadRow("Linus").getByTestId("lead-sequence")).toContainText("Ended: a reviewer stopped the sequence");
    expect((await draftsOfRun(run.id)).find((d) => d.step === 2 && d.name === "Linus")?.status).toBe("canceled");
    await expect(page.getByTestId("step-2-canceled")).toHaveText("2");
    await shots(page, "run-sequence");

    // A follow-up approved with edits feeds its version's follow_up eval set in one click from its
    // page (the edit is made here in the database: Grace's was approved as written above).
    await withDb((db) => db.query(`UPDATE drafts SET edited = true WHERE id = $1`, [follow.Grace.id]));
    await page.goto(`/review/drafts/${follow.Grace.id}`);
    const addEdit = page.getByRole("button", { name: "Add this edit to the eval set" });
    await addEdit.focus();
    await page.keyboard.press("Enter");
    const added = page.getByRole("status").filter({ hasText: "Added to" });
    await expect(added).toContainText("evals/follow_up");
    await expect(added).toContainText("Edited step 2 for Grace");
    await expect(addEdit).toHaveCount(0); // the status took the button's place: no 409 under it
    await shots(page, "draft-follow-up-eval-case");
    await added.getByRole("link", { name: "evals/follow_up" }).click();
    await expect(page.getByRole("heading", { name: "evals/follow_up", level: 1 })).toBeVisible();
    const item = page.getByTestId("eval-cases").getByRole("listitem").filter({ hasText: "Edited step 2 for Grace" });
    await expect(item).toContainText(/From a reviewer.s edit/);
    await expect(item).toContainText("step 2, after 1 sent message");
    await shots(page, "follow-up-eval-set");
    // It is the workspace's own: removed again, so a later run of the spec adds it afresh.
    await item.getByRole("button", { name: "Remove" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
    await expect(item).toHaveCount(0);
  } finally {
    // Later specs' campaigns would spread over it: it goes out of use with its sink.
    if (senderId) await withDb((db) => db.query(`UPDATE senders SET enabled = false WHERE id = $1`, [senderId]));
    await csv.close();
    await smtp.close();
  }
});
