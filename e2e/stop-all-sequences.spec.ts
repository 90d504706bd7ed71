import { expect, test, type Page } from "@playwright/test";
import { createCampaign } from "@/lib/campaigns/campaigns";
import { approveDraft } from "@/lib/drafts/review-draft";
import { putRelay } from "@/lib/relay/relay-settings";
import { createRun } from "@/lib/runs/create-run";
import { CreateSenderBody, createSender } from "@/lib/senders/senders";
import { startSmtpSink } from "../tests/helpers/smtp-sink";
import { closeLib, demoWorkspaceId, leads, serveCsv } from "./pipeline-fixtures";
import { DEMO, signIn, withDb } from "./support";

// Issue 26, "a reviewer can stop … all leads of a run": a real 3-step run through the e2e worker,
// step 1 sent to a real SMTP server and step 2 drafted by the scheduler; a viewer sees no "Stop all
// sequences…"; a reviewer opens it by keyboard, reads how many leads it stops, confirms by keyboard,
// and the page's counts refresh: every follow-up canceled, every lead's sequence ended by a reviewer.

test.afterAll(closeLib);

const system = { type: "system" as const, id: "e2e", name: "e2e setup" };

/** Screenshots at 1280×800 and 390×844 as /tmp/stopall-<name>-<width>.png (no horizontal scroll at 390), then back to 1280×800. */
async function shots(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `/tmp/stopall-${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at 390 px`).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `/tmp/stopall-${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

const draftsOfRun = (runId: string) =>
  withDb(async (db) => (await db.query<{ id: string; step: number; status: string }>(`SELECT id, step, status FROM drafts WHERE "runId" = $1`, [runId])).rows);
const userId = (email: string) => withDb(async (db) => (await db.query(`SELECT id FROM users WHERE email = $1`, [email])).rows[0].id as string);

test("a reviewer stops every sequence of a run by keyboard through the dialog", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const workspaceId = await demoWorkspaceId();
  const smtp = await startSmtpSink();
  const csv = await serveCsv(leads("good"));
  let senderId: string | null = null;
  try {
    await putRelay(workspaceId, { host: "127.0.0.1", port: smtp.port, secure: false, from_email: "sam@demo.example", from_name: "Sam Sender" }, system);
    // A sender of its own on the sink (a campaign without sender_ids spreads over every enabled one).
    const relay = { host: "127.0.0.1", port: smtp.port, secure: false };
    const sender = await createSender(workspaceId, CreateSenderBody.parse({ from_email: "sam@demo.example", from_name: "Sam Sender", relay }), system);
    senderId = sender.id;
    const admin = { userId: await userId(DEMO.admin.email), actor: system };
    const campaign = await createCampaign(
      workspaceId,
      {
        name: `Stop them all ${Date.now().toString(36)}`,
        pack: "saas-outbound",
        steps: [{}, { wait: "PT2S", prompt: "follow_up" }, { wait: "P3D" }],
        sender_ids: [sender.id],
      },
      admin,
    );
    const run = await createRun(workspaceId, { pack: "saas-outbound", campaign_id: campaign.id, leads_csv_url: csv.url }, system);

    // Step 1: drafted, approved over the lib (no undo window) and sent; step 2 drafted two seconds later.
    await expect.poll(async () => (await draftsOfRun(run.id)).filter((d) => d.step === 1).length, { timeout: 60_000 }).toBe(3);
    const reviewer = { userId: await userId(DEMO.reviewer.email), actor: system };
    for (const draft of await draftsOfRun(run.id)) await approveDraft(workspaceId, draft.id, {}, reviewer);
    await expect.poll(() => smtp.mails.length, { timeout: 30_000 }).toBe(3);
    await expect.poll(async () => (await draftsOfRun(run.id)).filter((d) => d.step === 2).length, { timeout: 60_000 }).toBe(3);

    // A viewer reads the run but is offered no stop.
    const baseURL = test.info().project.use.baseURL;
    const viewerContext = await browser.newContext({ baseURL });
    const viewerPage = await viewerContext.newPage();
    await signIn(viewerPage, DEMO.viewer, `/runs/${run.id}`);
    await expect(viewerPage.getByTestId("step-2-drafted")).toHaveText("3");
    await expect(viewerPage.getByRole("button", { name: /Stop all sequences/ })).toHaveCount(0);
    await viewerContext.close();

    await signIn(page, DEMO.reviewer, `/runs/${run.id}`);
    await expect(page.getByTestId("step-2-awaiting_review")).toHaveText("3");
    const stopAll = page.getByRole("button", { name: "Stop all sequences…" });
    await stopAll.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Stop the sequences of 3 leads?" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Nothing more is drafted or sent to the 3 leads of this run");
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await shots(page, "dialog");
    // Escape backs out with nothing changed, the focus back on the button.
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(stopAll).toBeFocused();
    expect((await draftsOfRun(run.id)).filter((d) => d.status === "canceled")).toHaveLength(0);

    await page.keyboard.press("Enter");
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Stop 3 sequences" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("status").filter({ hasText: "Stopped the sequences of 3 leads" })).toBeVisible();
    await expect(stopAll).toHaveCount(0); // nothing is going any more
    await expect(page.getByTestId("step-2-canceled")).toHaveText("3");
    await expect(page.getByTestId("step-2-awaiting_review")).toHaveText("0");
    const sequences = page.locator('[data-testid^="run-lead-"]').getByTestId("lead-sequence");
    await expect(sequences).toHaveCount(3);
    for (const cell of await sequences.all()) await expect(cell).toContainText("Ended: a reviewer stopped the sequence");
    expect((await draftsOfRun(run.id)).filter((d) => d.step === 2).map((d) => d.status)).toEqual(["canceled", "canceled", "canceled"]);
    await shots(page, "after");
  } finally {
    // Later specs' campaigns would spread over it: it goes out of use with its sink.
    if (senderId) await withDb((db) => db.query(`UPDATE senders SET enabled = false WHERE id = $1`, [senderId]));
    await csv.close();
    await smtp.close();
  }
});
