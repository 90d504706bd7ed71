import { expect, test } from "@playwright/test";
import { ulid } from "ulid";
import { sentWorkspace, type SentLead } from "../tests/helpers/mailbox-fixtures";
import { bearer, cli, DEMO, screenshots, signIn, withDb } from "./support";

// A referral (contract §13, issue 37): a lead answers "wrong person, talk to Dana"; the reviewer sees
// who the reply points to in /inbox and, by keyboard, writes to her: her lead and a one-lead run are
// made, and the reply's card links to her run. The audit log names it.

const tag = ulid().toLowerCase().slice(-8);
let lead: SentLead;
let replyId: string;
const dana = `dana.smith-${tag}@referral-${tag}.example`;

test.beforeAll(async ({ request }) => {
  ({
    leads: [lead],
  } = await sentWorkspace("demo", 1, `-ref-${tag}`));
  const token = cli("token:create", "--workspace", "demo", "--name", `e2e referral ${tag}`);
  const answer = await request.post("/v1/replies", {
    headers: bearer(token),
    data: {
      draft_id: lead.draftId,
      from: lead.email,
      subject: "Re: Quick question",
      text: `I'm not the right person for this, sorry. Please talk to Dana Smith at ${dana}, she runs it.`,
      received_at: new Date().toISOString(),
    },
  });
  expect(answer.status()).toBe(201);
  replyId = (await answer.json()).id;
  await expect
    .poll(() => withDb(async (db) => (await db.query(`SELECT classification FROM replies WHERE id = $1`, [replyId])).rows[0].classification), {
      timeout: 30_000,
    })
    .toBe("wrong_person");
});

test("a reviewer writes to the colleague a reply points to, by keyboard, from the inbox", async ({ page }) => {
  await signIn(page, DEMO.reviewer);
  await page.goto("/inbox");
  const card = page.getByRole("list", { name: "Replies" }).getByTestId(`inbox-${replyId}`);
  const note = card.getByTestId("referral");
  await expect(note).toContainText(`Points to Dana Smith (${dana})`);
  await screenshots(page, "inbox-referral");

  const write = note.getByRole("button", { name: "Write to Dana Smith…" });
  await write.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: `Write to Dana Smith (${dana})?` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("a one-lead run");
  await dialog.getByRole("button", { name: "Create the lead and draft" }).focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Lead made for Dana Smith; their first email is being drafted for review.")).toBeVisible();

  const runLink = note.getByRole("link", { name: "their run" });
  await expect(runLink).toBeVisible();
  await expect(note.getByRole("button", { name: /^Write to/ })).toHaveCount(0);
  const row = await withDb(
    async (db) => (await db.query(`SELECT "referralLeadId", "referralRunId" FROM replies WHERE id = $1`, [replyId])).rows[0] as Record<string, string>,
  );
  await expect(runLink).toHaveAttribute("href", `/runs/${row.referralRunId}`);
  const referred = await withDb(
    async (db) =>
      (await db.query(`SELECT email, "firstName", "referredById" FROM leads WHERE id = $1`, [row.referralLeadId])).rows[0] as Record<string, string>,
  );
  expect(referred).toEqual({ email: dana, firstName: "Dana", referredById: lead.leadId });

  await runLink.click();
  await expect(page).toHaveURL(new RegExp(`/runs/${row.referralRunId}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Referral: Dana Smith");
});
