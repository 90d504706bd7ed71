import { expect, test } from "@playwright/test";
import { DEMO, screenshots, signIn, withDb } from "./support";

// Sender health (issue 33, contract §13): a sender that paused itself on its bounce rate reads
// "Paused" on Settings → Senders with why; an admin resumes it by keyboard, giving the reason in the
// dialog (audited), and it reads "Active" again. A viewer cannot open the page at all (role matrix).

test("an admin sees a paused sender and resumes it by keyboard with a reason", async ({ page }) => {
  const tag = Date.now().toString(36);
  const id = `sdr_${tag.padStart(26, "0")}`;
  const email = `pat-${tag}@example.com`;
  // A sender as the automatic pause leaves it (lib/senders/health.ts pauses in the bounce's transaction).
  await withDb((db) =>
    db.query(
      `INSERT INTO senders (id, "workspaceId", "fromEmail", "fromName", "relayHost", "relayPort", "mailboxFolders", "pausedAt", "pausedReason")
       SELECT $1, id, $2, 'Pat Paused', 'smtp.example.com', 587, '{}', now(), 'bounce_rate' FROM workspaces WHERE slug = 'demo'`,
      [id, email],
    ),
  );

  await signIn(page, DEMO.admin, "/settings/senders");
  const card = page.getByTestId(`sender-${id}`);
  await expect(card).toContainText(`Pat Paused <${email}>`);
  const health = card.getByTestId("sender-health");
  await expect(health).toContainText("Paused");
  await expect(health).toContainText("its hard bounces reached the sending policy");
  await screenshots(page, "sender-paused");

  const resume = health.getByRole("button", { name: `Resume ${email}` });
  await resume.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: `Resume ${email}?` });
  await expect(dialog).toBeVisible();
  // The reason field has the focus: typing goes into it.
  await expect(dialog.getByLabel("Why may it send again?")).toBeFocused();
  await page.keyboard.type("Removed the dead addresses from the list");
  await dialog.getByRole("button", { name: "Resume sending" }).focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();

  await expect(health).toContainText("Active");
  await expect(health.getByRole("button", { name: /Resume/ })).toHaveCount(0);
  await screenshots(page, "sender-resumed");
  const audit = await withDb(
    async (db) =>
      (await db.query(`SELECT "actorName", data FROM audit_entries WHERE action = 'sender.resumed' AND "targetId" = $1`, [id])).rows as {
        actorName: string;
        data: { reason?: string };
      }[],
  );
  expect(audit).toHaveLength(1);
  expect(audit[0].actorName).toContain(DEMO.admin.name);
  expect(JSON.stringify(audit[0].data)).toContain("Removed the dead addresses from the list");
});
