import { expect, test } from "@playwright/test";
import { ulid } from "ulid";
import { createCampaign } from "@/lib/campaigns/campaigns";
import { createRun } from "@/lib/runs/create-run";
import { CreateSenderBody, createSender } from "@/lib/senders/senders";
import { startSmtpSink } from "../tests/helpers/smtp-sink";
import { closeLib, draftsOf, leads, serveCsv } from "./pipeline-fixtures";
import { cli, screenshots, signIn, withDb } from "./support";

// Issue 33 ("every page that names a send must say what will really happen to it"): a workspace
// with a sender and no default relay. A campaign's drafts go out through its sender within the
// undo window, so approving one says "Sending in N s" and the mail arrives; only a draft of a run
// without a campaign (the default sender) is said to wait for an SMTP relay, and it does wait.

test.afterAll(closeLib);

const system = { type: "system" as const, id: "e2e", name: "e2e setup" };

test("with a sender and no default relay, only drafts without a sender are said to wait for a relay", async ({ page }) => {
  test.setTimeout(180_000);
  const tag = ulid().toLowerCase().slice(-8);
  const slug = `norelay-${tag}`;
  const admin = { email: `admin+${tag}@norelay.example`, password: "long-enough-pass" };
  cli("workspace:create", "--slug", slug, "--name", `No default relay ${tag}`, "--admin-email", admin.email, "--admin-password", admin.password);
  const [workspaceId, adminId] = await withDb(async (db) => [
    (await db.query(`SELECT id FROM workspaces WHERE slug = $1`, [slug])).rows[0].id as string,
    (await db.query(`SELECT id FROM users WHERE email = $1`, [admin.email])).rows[0].id as string,
  ]);
  const smtp = await startSmtpSink();
  const [campaignCsv, plainCsv] = [await serveCsv(leads("good")), await serveCsv(leads("good"))];
  try {
    const relay = { host: "127.0.0.1", port: smtp.port, secure: false };
    const sender = await createSender(workspaceId, CreateSenderBody.parse({ from_email: `sam@${slug}.example`, from_name: "Sam Sender", relay }), system);
    const campaign = await createCampaign(
      workspaceId,
      { name: `Through Sam ${tag}`, pack: "saas-outbound", steps: [{}], sender_ids: [sender.id] },
      { userId: adminId, actor: system },
    );
    const throughSender = await createRun(workspaceId, { pack: "saas-outbound", campaign_id: campaign.id, leads_csv_url: campaignCsv.url }, system);
    const throughDefault = await createRun(workspaceId, { pack: "saas-outbound", leads_csv_url: plainCsv.url }, system);
    await draftsOf(throughSender.id, 3);
    await draftsOf(throughDefault.id, 3);

    // The campaign's draft, approved by keyboard: it is sent through Sam's relay, and the page says so.
    await signIn(page, admin, `/review?run=${throughSender.id}`);
    const list = page.getByRole("list", { name: "Drafts awaiting review" });
    await expect(list.getByRole("listitem")).toHaveCount(3);
    await list.getByRole("listitem").nth(0).focus();
    await page.keyboard.press("a");
    const undo = page.getByTestId("undo-approval");
    await expect(undo).toContainText("Sending in");
    await expect(undo).not.toContainText("SMTP relay");
    await expect(page.getByText("It waits until an SMTP relay is configured")).toHaveCount(0);
    await screenshots(page, "review-sender-no-default-relay");
    await expect.poll(() => smtp.mails.length, { timeout: 60_000 }).toBe(1);
    expect(smtp.mails[0].headers.get("from")).toBe(`Sam Sender <sam@${slug}.example>`);

    // A draft of the run without a campaign has no sender: it waits for the default relay, as said.
    await page.goto(`/review?run=${throughDefault.id}`);
    await expect(list.getByRole("listitem")).toHaveCount(3);
    await list.getByRole("listitem").nth(0).focus();
    await page.keyboard.press("a");
    await expect(undo).toContainText("It waits for an SMTP relay");
    await expect(page.getByText(/It waits until an SMTP relay is configured/)).toBeVisible();
  } finally {
    await Promise.all([campaignCsv.close(), plainCsv.close(), smtp.close()]);
  }
});
