import { expect, test } from "@playwright/test";
import { DEMO, screenshots, signIn, withDb } from "./support";

// Issue 27: an admin adds a sender with a daily cap, then on a campaign's page ticks it, sets a
// sending window (a bad zone is refused first, naming the field) and reads the forecast: the
// sender's cap today and what is scheduled. A viewer's forecast names the sender by its address.

test("an admin adds a sender, sets it and a window on a campaign, and sees the forecast", async ({ page, browser }) => {
  await signIn(page, DEMO.admin, "/settings/senders");
  const tag = Date.now().toString(36);
  const email = `rota-${tag}@example.com`;
  const add = page.getByRole("form", { name: "Add a sender" });
  await add.getByLabel("From address").fill(email);
  await add.getByLabel("SMTP host").fill("smtp.example.com");
  await add.getByLabel("Daily cap").fill("25");
  await add.getByLabel("Daily cap").press("Enter");
  await expect(page.getByRole("status").filter({ hasText: `Sender ${email} added.` })).toBeVisible();
  const senderId = await withDb(async (db) => (await db.query(`SELECT id FROM senders WHERE "fromEmail" = $1`, [email])).rows[0].id as string);

  await page.goto("/campaigns");
  const form = page.getByRole("form", { name: "Create a campaign" });
  await form.getByLabel("Name").fill(`Rotation ${tag}`);
  await form.getByLabel("Pack").selectOption("saas-outbound");
  await form.getByRole("button", { name: "Create campaign" }).click();
  await expect(page).toHaveURL(/\/campaigns\/cmp_[0-9a-z]{26}$/);
  const campaignId = page.url().split("/").at(-1)!;

  const card = page.getByRole("region", { name: "Sending" });
  await expect(card.getByTestId("campaign-schedule")).toContainText("Any time");
  const sending = card.getByRole("form", { name: "Senders and sending window" });
  // Keyboard: tick the sender and the window with Space.
  await sending.getByRole("checkbox", { name: new RegExp(email.replace(/[.]/g, "\\.")) }).focus();
  await page.keyboard.press("Space");
  await sending.getByRole("checkbox", { name: "Send only inside a window" }).focus();
  await page.keyboard.press("Space");
  const zone = sending.getByLabel("Time zone");
  await expect(zone).toHaveValue("lead");
  await zone.focus();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("Mars/Olympus");
  await sending.getByRole("button", { name: "Save senders and window" }).focus();
  await page.keyboard.press("Enter");
  await expect(sending.getByText(/schedule\.time_zone/)).toBeVisible();

  await zone.focus();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("Europe/Berlin");
  await sending.getByLabel("From").fill("08:30");
  await sending.getByLabel("Until").fill("16:00");
  await sending.getByRole("button", { name: "Save senders and window" }).focus();
  await page.keyboard.press("Enter");
  await expect(sending.getByText("Senders and window saved.")).toBeVisible();
  await expect(card.getByTestId("campaign-schedule")).toContainText("Mon, Tue, Wed, Thu, Fri, 08:30–16:00 in Europe/Berlin.");
  const stored = await withDb(async (db) => (await db.query(`SELECT "senderIds", schedule FROM campaigns WHERE id = $1`, [campaignId])).rows[0]);
  expect(stored).toEqual({
    senderIds: [senderId],
    schedule: { time_zone: "Europe/Berlin", days: ["mon", "tue", "wed", "thu", "fri"], start: "08:30", end: "16:00" },
  });

  const forecast = card.getByTestId("campaign-forecast");
  await expect(forecast.getByRole("row", { name: new RegExp(`${email.replace(/[.]/g, "\\.")}\\s+25\\s+0`) })).toBeVisible();
  await expect(forecast.getByRole("table", { name: "Per step" })).toContainText("1");
  await card.scrollIntoViewIfNeeded();
  await screenshots(page, "campaign-sending");
  await page.setViewportSize({ width: 1280, height: 800 });
  await card.screenshot({ path: "/tmp/sendsched-campaign-sending-1280.png" });
  await page.setViewportSize({ width: 390, height: 844 });
  await card.screenshot({ path: "/tmp/sendsched-campaign-sending-390.png" });

  // A viewer reads the same forecast: the sender named by its address, never its id (issue 33);
  // at 390 px the address is cut with an ellipsis, whole in its title, not broken mid-word.
  const viewer = await browser.newPage();
  try {
    await signIn(viewer, DEMO.viewer, `/campaigns/${campaignId}`);
    const seen = viewer.getByRole("region", { name: "Sending" }).getByTestId("campaign-forecast");
    await expect(seen.getByTestId("forecast-sender")).toHaveText(email);
    await expect(seen).not.toContainText(senderId);
    await expect(seen.getByTestId("forecast-sender")).toHaveAttribute("title", email);
    await viewer.setViewportSize({ width: 390, height: 844 });
    await expect(seen.getByTestId("forecast-sender")).toHaveCSS("text-overflow", "ellipsis");
    await screenshots(viewer, "campaign-forecast-viewer");
  } finally {
    await viewer.close();
  }
});
