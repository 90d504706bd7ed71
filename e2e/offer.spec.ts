import { expect, test } from "@playwright/test";
import { bearer, cli, DEMO, screenshots, signIn } from "./support";

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

test("a pack and a campaign override fields of the offer; empty fields show what applies instead", async ({ page, browser, request }) => {
  const tag = Date.now().toString(36);
  const admin = bearer(cli("token:create", "--workspace", "demo", "--name", `e2e offer overrides ${tag}`));
  const slug = `offer-${tag}`;
  expect((await request.post("/v1/packs/saas-outbound/fork", { headers: admin, data: { slug } })).status()).toBe(201);
  const campaign = await (await request.post("/v1/campaigns", { headers: admin, data: { name: `Offer ${tag}`, pack: slug } })).json();

  await signIn(page, DEMO.admin, `/packs/${slug}`);
  const packForm = page.getByRole("form", { name: "Offer overrides" });
  await expect(packForm.getByLabel("Audience")).toHaveAttribute("placeholder", /^Workspace offer: /);
  await expect(packForm).toContainText("Nothing overridden yet.");
  await packForm.getByLabel("Product").fill("Acme Ledger for agencies");
  await packForm.getByLabel("Product").press("Enter");
  await expect(packForm.getByText("Saved. Drafts written from now on use it.")).toBeVisible();
  await expect(packForm).toContainText("1 field overridden.");
  expect((await (await request.get(`/v1/packs/${slug}`, { headers: admin })).json()).offer).toEqual({ product: "Acme Ledger for agencies" });
  await screenshots(page, "pack-offer-override");

  // The campaign's empty fields fall back to its pack's override, then to the workspace.
  await page.goto(`/campaigns/${campaign.id}`);
  const campaignForm = page.getByRole("form", { name: "Offer overrides" });
  await expect(campaignForm.getByLabel("Product")).toHaveAttribute("placeholder", "Pack or workspace offer: Acme Ledger for agencies");
  await campaignForm.getByLabel("Sender name").fill("Jordan Lee");
  await campaignForm.getByLabel("Tone").selectOption("formal");
  await campaignForm.getByRole("button", { name: "Save overrides" }).click();
  await expect(campaignForm.getByText("Saved. Drafts written from now on use it.")).toBeVisible();
  expect((await (await request.get(`/v1/campaigns/${campaign.id}`, { headers: admin })).json()).offer).toEqual({ sender_name: "Jordan Lee", tone: "formal" });
  await page.reload();
  await expect(campaignForm.getByLabel("Sender name")).toHaveValue("Jordan Lee");
  await screenshots(page, "campaign-offer-override");

  // A viewer reads the overrides; only admins edit them.
  const viewerPage = await browser.newPage();
  await signIn(viewerPage, DEMO.viewer, `/campaigns/${campaign.id}`);
  const section = viewerPage.getByRole("region", { name: "Offer for this campaign" });
  await expect(section).toContainText("sender name");
  await expect(section).toContainText("Jordan Lee");
  await expect(section.getByRole("textbox")).toHaveCount(0);
  await viewerPage.close();

  await campaignForm.getByRole("button", { name: "Remove the overrides" }).click();
  await expect(campaignForm).toContainText("Nothing overridden yet.");
  expect((await (await request.get(`/v1/campaigns/${campaign.id}`, { headers: admin })).json()).offer).toBeNull();
});
