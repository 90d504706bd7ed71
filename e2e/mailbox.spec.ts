import { expect, test } from "@playwright/test";
import { ulid } from "ulid";
import { startDovecot, type Dovecot } from "../tests/helpers/dovecot";
import { replyMessage, sentWorkspace, type SentLead } from "../tests/helpers/mailbox-fixtures";
import { DEMO, screenshots, signIn, withDb } from "./support";

// Settings → Mailbox against a real IMAP server (a private dovecot): an admin saves the mailbox
// (the password write-only), checks the connection and sees the worker's status; replies dropped
// into the mailbox appear on the run's replies page, where a reviewer corrects one by keyboard
// (audited, shown, winning); a stranger's mail is listed as unmatched.

test.describe.configure({ mode: "serial" });

let dovecot: Dovecot;
let runId: string;
let leads: SentLead[];
const tag = ulid().toLowerCase().slice(-8);

test.beforeAll(async () => {
  dovecot = await startDovecot(["e2e-inbox"]);
  ({ runId, leads } = await sentWorkspace("demo", 3, `-${tag}`));
});

test.afterAll(async () => {
  await dovecot?.stop();
});

test("an admin saves the mailbox, the password stays hidden, the connection check logs in, and the worker's status shows", async ({ page }) => {
  const { username, password } = dovecot.user("e2e-inbox");
  await signIn(page, DEMO.admin);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Mailbox", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Mailbox", level: 1 })).toBeVisible();

  await page.getByLabel("Host", { exact: true }).fill("not a host!");
  await page.getByLabel("Port", { exact: true }).fill(String(dovecot.port));
  await page.getByLabel("Username").fill(username);
  await page.getByRole("button", { name: "Save mailbox" }).click();
  await expect(page.getByText("must be a host name or IP address")).toBeVisible();

  // By keyboard: the host, TLS off (dovecot here is plain on loopback), a wrong password, save.
  await page.getByLabel("Host", { exact: true }).focus();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("127.0.0.1");
  await page.getByRole("checkbox", { name: /Use TLS from the start/ }).focus();
  await page.keyboard.press("Space");
  await expect(page.getByRole("checkbox", { name: /Use TLS from the start/ })).not.toBeChecked();
  await page.getByLabel("Password", { exact: true }).focus();
  await page.keyboard.type("wrong-secret");
  await page.keyboard.press("Enter"); // submits the form
  await expect(page.getByRole("status").filter({ hasText: `Mailbox saved. The worker reads INBOX on 127.0.0.1:${dovecot.port}.` })).toBeVisible();
  await page.getByRole("button", { name: "Check connection" }).click();
  await expect(page.getByRole("alert").filter({ hasText: `127.0.0.1:${dovecot.port} refused: login refused` })).toBeVisible();

  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Save mailbox" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Mailbox saved." })).toBeVisible();
  await page.getByRole("button", { name: "Check connection" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: `Connected to 127.0.0.1:${dovecot.port} as ${username}; INBOX (0 messages); new mail by IDLE.` }),
  ).toBeVisible();

  // The worker picks the mailbox up (its status is polled every 5 s).
  await expect(page.getByTestId("mailbox-state")).toHaveText("Connected, waiting for mail", { timeout: 30_000 });
  await expect(page.getByText(`${username} on 127.0.0.1:${dovecot.port}, folders INBOX`)).toBeVisible();

  await page.reload();
  await expect(page.getByLabel("Host", { exact: true })).toHaveValue("127.0.0.1");
  await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("placeholder", "Saved: leave empty to keep it");
  expect(await page.content()).not.toContain(password);
  await screenshots(page, "mailbox");
});

test("replies dropped into the mailbox show on the run's replies page; a reviewer corrects one; unmatched mail is listed", async ({ page }) => {
  await dovecot.append("e2e-inbox", replyMessage(leads[0], "Sounds interesting, tell me more about pricing."));
  await dovecot.append(
    "e2e-inbox",
    replyMessage(leads[1], "Please don't email me again.\n\nOn Mon, 2 Mar 2026 at 10:00, Sam <sam@sender.example> wrote:\n> Would a demo be interesting?"),
  );
  const stranger = { ...leads[2], email: `stranger-${tag}@nowhere.example`, messageId: "<unknown@nowhere.example>" };
  await dovecot.append("e2e-inbox", replyMessage(stranger, `Hello, who is this? (${tag})`, "none", `Question from a stranger ${tag}`));

  await signIn(page, DEMO.reviewer, `/runs/${runId}`);
  await page.getByRole("navigation", { name: "Run views" }).getByRole("link", { name: "Replies" }).click();
  await expect(page).toHaveURL(new RegExp(`/runs/${runId}/replies$`));
  const list = page.getByRole("list", { name: "Replies to this run" });
  const first = list.getByRole("listitem").filter({ hasText: leads[0].email });
  const second = list.getByRole("listitem").filter({ hasText: leads[1].email });
  await expect(first.getByText("interested", { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(second.getByText("unsubscribe", { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(second.getByText("Please don't email me again.")).toBeVisible();
  await expect(second.getByText("Would a demo be interesting?")).toHaveCount(0); // the quote is not kept as theirs

  // Escape leaves the dialog with nothing changed.
  await second.getByRole("button", { name: /^Correct…/ }).click();
  const dialog = page.getByRole("dialog", { name: "Correct the classification" });
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(second.getByTestId("correction-note")).toHaveCount(0);

  // By keyboard: focus the button, Enter opens the dialog with the classification field focused,
  // arrow to the next category (interested → meeting request), Tab to Save, Enter.
  await first.getByRole("button", { name: /^Correct…/ }).focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Classification")).toBeFocused();
  await expect(dialog.getByLabel("Classification")).toHaveValue("interested");
  await page.keyboard.press("ArrowDown");
  await expect(dialog.getByLabel("Classification")).toHaveValue("meeting_request");
  await page.keyboard.press("Tab"); // Cancel
  await page.keyboard.press("Tab"); // Save correction
  await expect(dialog.getByRole("button", { name: "Save correction" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(first.getByText("meeting request", { exact: true })).toBeVisible();
  await expect(first.getByTestId("correction-note")).toContainText(`Corrected by ${DEMO.reviewer.name}`);
  await expect(first.getByTestId("correction-note")).toContainText("the classifier said interested");

  const audit = await withDb(
    async (db) =>
      (
        await db.query(`SELECT a.data FROM audit_entries a JOIN replies r ON r.id = a."targetId" WHERE a.action = 'reply.corrected' AND r."draftId" = $1`, [
          leads[0].draftId,
        ])
      ).rows,
  );
  expect(audit).toEqual([{ data: { from: "interested", to: "meeting_request" } }]);

  // The filter shows only corrected meeting requests now.
  await page.getByRole("search", { name: "Filter replies" }).getByLabel("Classification").selectOption("meeting_request");
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await page.getByRole("search", { name: "Filter replies" }).getByLabel("Classification").selectOption("");
  await expect(second).toBeVisible();
  await screenshots(page, "run-replies");

  // The stranger's mail is kept and listed.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Unmatched mail" }).click();
  const unmatched = page.getByRole("list", { name: "Unmatched mail" }).getByRole("listitem").filter({ hasText: stranger.email });
  await expect(unmatched.getByText(`Question from a stranger ${tag}`)).toBeVisible();
  const toggle = unmatched.getByRole("button", { name: `Text of the mail from ${stranger.email}` });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(unmatched.getByText(`Hello, who is this? (${tag})`)).toBeVisible();
  await screenshots(page, "unmatched-mail");
});
