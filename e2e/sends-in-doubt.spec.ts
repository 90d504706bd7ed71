import { expect, test, type Page } from "@playwright/test";
import { ulid } from "ulid";
import { putRelay } from "@/lib/relay/relay-settings";
import { startSmtpSink } from "../tests/helpers/smtp-sink";
import { closeLib, demoWorkspaceId, draftsOf, leads, serveCsv, startRun } from "./pipeline-fixtures";
import { bearer, cli, DEMO, screenshots, signIn } from "./support";

// Sends in doubt on the run page (contract §12, docs/reliability.md "Sending exactly once"). A run of
// the e2e worker writes three drafts, approved over /v1; the relay is a real SMTP server that, for
// two of the leads, reads the message to its end and hangs up without answering — for one after
// keeping the mail (the relay took it, its answer was lost), for the other without (it died with
// it). The worker cannot know either outcome: both sends become `in_doubt`, the third is sent. (The
// crash between `committing` and the end of the message is the integration test's,
// tests/integration/send-in-doubt.test.ts; this is the other way to the same state.)
// A viewer sees the card without buttons and is refused; a reviewer cancels one confirmation, then
// records the kept one as sent and has the lost one sent again: delivered once, same Message-ID.

test.afterAll(closeLib);

type Send = { id: string; draft_id: string; to: string; status: string; message_id: string; confirmed: boolean | null; note: string | null };

const actor = { type: "system" as const, id: "e2e", name: "e2e setup" };

const cardRows = (page: Page) => page.getByRole("list", { name: "Sends in doubt" }).getByRole("listitem");

test("a reviewer resolves two sends in doubt from the run page: one recorded sent, one sent again once; a viewer only sees them", async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const workspaceId = await demoWorkspaceId();
  const rows = leads("good"); // ada, grace, linus (each with its own tag)
  const [kept, lost, fine] = [...rows].map((r) => r.email).sort();
  const smtp = await startSmtpSink({ hangUp: { [kept]: "kept", [lost]: "lost" } });
  await putRelay(workspaceId, { host: "127.0.0.1", port: smtp.port, secure: false, from_email: "sam@demo.example", from_name: "Sam Sender" }, actor);
  const token = cli("token:create", "--workspace", "demo", "--name", `e2e in doubt ${ulid().slice(-6)}`);
  const api = async <T>(path: string): Promise<T> => {
    const response = await request.get(`/v1${path}`, { headers: bearer(token) });
    expect(response.status(), path).toBe(200);
    return (await response.json()) as T;
  };
  const inDoubt = async (runId: string) => (await api<{ data: Send[] }>(`/sends?status=in_doubt&run_id=${runId}`)).data;
  const mailsTo = (email: string) => smtp.mails.filter((mail) => mail.to.includes(email));
  const csv = await serveCsv(rows);
  try {
    const run = await startRun(workspaceId, csv.url);
    const drafts = await draftsOf(run.id, 3);
    for (const draft of drafts) {
      const response = await request.post(`/v1/drafts/${draft.id}/approve`, { headers: bearer(token), data: {} });
      expect(response.status()).toBe(200);
    }
    await expect.poll(async () => (await inDoubt(run.id)).length, { timeout: 40_000 }).toBe(2);
    await expect.poll(() => mailsTo(fine).length, { timeout: 20_000 }).toBe(1);
    const sends = await inDoubt(run.id);
    const keptSend = sends.find((s) => s.to === kept)!;
    const lostSend = sends.find((s) => s.to === lost)!;
    expect(keptSend.message_id).toMatch(/^<snd_[0-9a-z]{26}@demo\.example>$/);
    expect(mailsTo(kept)).toHaveLength(1); // the relay kept it before hanging up
    expect(mailsTo(lost)).toHaveLength(0);
    expect((await api<{ status: string }>(`/runs/${run.id}`)).status).toBe("sending");

    // A viewer sees them, without the buttons; the server refuses the viewer's decision.
    const viewerContext = await browser.newContext({ baseURL });
    const viewer = await viewerContext.newPage();
    await signIn(viewer, DEMO.viewer, `/runs/${run.id}`);
    await expect(cardRows(viewer)).toHaveCount(2, { timeout: 20_000 }); // a slow machine: the run, then its sends in doubt
    await expect(viewer.getByRole("heading", { name: "Sends in doubt (2)" })).toBeVisible();
    await expect(viewer.getByText("Resolving them needs the reviewer role")).toBeVisible();
    await expect(viewer.getByRole("button", { name: /It was sent|Send again/ })).toHaveCount(0);
    const forced = await viewer.request.post(`/api/web/sends/${lostSend.id}/resolve`, { headers: { origin: baseURL! }, data: { outcome: "resend" } });
    expect(forced.status()).toBe(403);
    expect(await forced.json()).toMatchObject({ code: "forbidden", detail: expect.stringContaining("reviewer role") });
    await screenshots(viewer, "sends-in-doubt-viewer");
    await viewerContext.close();

    await signIn(page, DEMO.reviewer, `/runs/${run.id}`);
    const card = page.getByRole("region", { name: /^Sends in doubt/ });
    await expect(card.getByRole("heading", { name: "Sends in doubt (2)" })).toBeVisible({ timeout: 20_000 });
    const list = cardRows(page);
    await expect(list).toHaveCount(2);
    const keptRow = list.filter({ hasText: kept });
    const lostRow = list.filter({ hasText: lost });
    await expect(keptRow).toContainText(keptSend.message_id);
    await expect(lostRow).toContainText(lostSend.message_id);
    await expect(card).not.toContainText(fine);
    await screenshots(page, "sends-in-doubt");

    // Cancel first: the dialog opens with Cancel focused; Enter on it closes the dialog and changes nothing.
    await keptRow.getByRole("button", { name: "It was sent…" }).focus();
    await page.keyboard.press("Enter");
    const recordDialog = page.getByRole("dialog", { name: "Record this mail as sent?" });
    await expect(recordDialog.getByRole("definition")).toHaveText([kept, keptSend.message_id]);
    await expect(recordDialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await screenshots(page, "sends-in-doubt-confirm");
    await page.keyboard.press("Enter"); // on Cancel
    await expect(recordDialog).toBeHidden();
    await expect(keptRow.getByRole("button", { name: "It was sent…" })).toBeFocused();
    await expect(list).toHaveCount(2);
    expect((await api<Send>(`/sends/${keptSend.id}`)).status).toBe("in_doubt");

    // The kept one: recorded sent, with the mouse.
    await keptRow.getByRole("button", { name: "It was sent…" }).click();
    await recordDialog.getByRole("button", { name: "Yes, it was sent" }).click();
    await expect(recordDialog).toBeHidden();
    await expect(list).toHaveCount(1);
    await expect(card.getByRole("heading", { name: "Sends in doubt (1)" })).toBeFocused(); // the row and its button are gone

    // The lost one: sent again, with the keyboard (Tab from Cancel to the confirmation).
    await lostRow.getByRole("button", { name: "Send again…" }).focus();
    await page.keyboard.press("Enter");
    const resendDialog = page.getByRole("dialog", { name: "Send this mail again?" });
    await expect(resendDialog).toContainText("same Message-ID");
    await page.keyboard.press("Tab");
    await expect(resendDialog.getByRole("button", { name: "Yes, send it again" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(card.getByRole("status")).toHaveText("Each send in doubt of this run is resolved.");
    await expect(card.getByRole("heading", { name: "Sends in doubt (0)" })).toBeFocused();
    await expect(list).toHaveCount(0);
    const looked = page.waitForResponse((response) => response.url().endsWith(`/api/web/runs/${run.id}/in-doubt`) && response.ok());
    await page.reload(); // on a fresh look there is nothing left to show
    await looked;
    await expect(page.getByTestId("run-summary")).toBeVisible();
    await expect(card).toHaveCount(0);

    const recorded = await api<Send>(`/sends/${keptSend.id}`);
    expect(recorded).toMatchObject({
      status: "sent",
      confirmed: false,
      message_id: keptSend.message_id,
      note: expect.stringMatching(/confirmed by a reviewer/i),
    });
    await expect.poll(async () => (await api<Send>(`/sends/${lostSend.id}`)).status, { timeout: 30_000 }).toBe("sent");
    expect(await api<Send>(`/sends/${lostSend.id}`)).toMatchObject({ confirmed: true, message_id: lostSend.message_id });
    expect(mailsTo(lost)).toHaveLength(1);
    expect(mailsTo(lost)[0].headers.get("message-id")).toBe(lostSend.message_id);
    expect(mailsTo(kept)).toHaveLength(1); // never sent again
    expect(mailsTo(fine)).toHaveLength(1);
    await expect.poll(async () => (await api<{ status: string }>(`/runs/${run.id}`)).status, { timeout: 20_000 }).toBe("completed");

    const audit = await api<{ data: { action: string; actor: { name: string }; target: { id: string }; data: { outcome: string; message_id: string } }[] }>(
      "/audit?action=send.resolved&limit=50",
    );
    const entries = audit.data.filter((entry) => [keptSend.id, lostSend.id].includes(entry.target.id));
    expect(entries.map((entry) => [entry.target.id, entry.data.outcome, entry.data.message_id, entry.actor.name]).sort()).toEqual(
      [
        [keptSend.id, "sent", keptSend.message_id, `${DEMO.reviewer.name} (${DEMO.reviewer.email})`],
        [lostSend.id, "resend", lostSend.message_id, `${DEMO.reviewer.name} (${DEMO.reviewer.email})`],
      ].sort(),
    );
  } finally {
    await csv.close();
    await smtp.close();
  }
});
