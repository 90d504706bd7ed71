import { expect, test } from "@playwright/test";
import { DEMO, screenshots, signIn } from "./support";

// Settings → Offer and sender: an admin describes the offer and the signer; it is saved over
// /api/web/offer and read back after a reload. A field the server refuses is marked.

test("an admin sets the offer and sender profile, and it is there after a reload", async ({ page }) => {
  await signIn(page, DEMO.admin, "/settings/offer");
  await expect(page.getByRole("heading", { name: "Offer and sender", level: 1 })).toBeVisible();
  const form = page.getByRole("form", { name: "Offer and sender" });
  await form.getByLabel("Product").fill("Acme Ledger");
  await form.getByLabel("Audience").fill("finance teams at software companies");
  await form.getByLabel("Value propositions").fill("It closes the books in three days.\nIt reconciles card payments automatically.");
  await form.getByLabel("Proof points").fill("Northwind cut its close by 70 percent.");
  await form.getByLabel("Call to action").fill("Would a 15-minute call next week be useful?");
  await form.getByLabel("Sender name").fill("Maya Chen");
  await form.getByLabel("Sender title").fill("Head of Partnerships");
  await form.getByLabel("Tone").selectOption("direct");
  await form.getByLabel("Sender title").press("Enter"); // submits like a person would
  await expect(page.getByText("Saved. Drafts written from now on use it.")).toBeVisible();
  await screenshots(page, "settings-offer");
  await page.reload();
  await expect(form.getByLabel("Product")).toHaveValue("Acme Ledger");
  await expect(form.getByLabel("Value propositions")).toHaveValue("It closes the books in three days.\nIt reconciles card payments automatically.");
  await expect(form.getByLabel("Tone")).toHaveValue("direct");
  await expect(form.getByLabel("Sender name")).toHaveValue("Maya Chen");
});
