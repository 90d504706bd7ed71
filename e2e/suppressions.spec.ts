import { expect, test } from "@playwright/test";
import { DEMO, screenshots, signIn } from "./support";

// Settings → Suppression list: an admin adds an address with the keyboard, imports a CSV file,
// finds an address, and removes one through the confirmation dialog (Escape cancels). A viewer
// reads the list without the controls.

test("an admin suppresses, imports, finds and removes addresses", async ({ page }) => {
  const tag = Date.now().toString(36);
  await signIn(page, DEMO.admin);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Suppression list" }).click();
  await expect(page.getByRole("heading", { name: "Suppression list", level: 1 })).toBeVisible();

  await page.getByLabel("Email").fill(`not an address ${tag}`);
  await page.getByLabel("Reason").fill("Asked by phone");
  await page.getByLabel("Reason").press("Enter");
  await expect(page.getByLabel("Email")).toBeFocused(); // the browser stops an invalid address before it is sent

  await page.getByLabel("Email").fill(`Stop+${tag}@Example.com`);
  await page.getByLabel("Reason").press("Enter");
  await expect(page.getByRole("status").filter({ hasText: `stop+${tag}@example.com is suppressed` })).toBeVisible();
  await expect(page.getByTestId(`suppression-stop+${tag}@example.com`)).toContainText("Asked by phone");

  await page.getByLabel("CSV file").setInputFiles({
    name: "list.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`email,reason\nbulk1+${tag}@example.com,Bounced elsewhere\nnope,x\nbulk2+${tag}@example.com,\n`),
  });
  await expect(
    page.getByRole("status").filter({ hasText: "Imported: 2 added, 0 already on the list. 1 rows skipped (row 3: not a valid email address)." }),
  ).toBeVisible();
  await expect(page.getByTestId(`suppression-bulk1+${tag}@example.com`)).toContainText("Bounced elsewhere");
  await screenshots(page, "suppressions");

  await page.getByLabel("Find an address").fill(`BULK2+${tag}@example.com`);
  const row = page.getByTestId(`suppression-bulk2+${tag}@example.com`);
  await expect(row).toContainText("Imported");
  await expect(page.getByTestId(`suppression-bulk1+${tag}@example.com`)).toHaveCount(0);

  await row.getByRole("button", { name: "Remove" }).click();
  const dialog = page.getByRole("dialog", { name: "Remove from the suppression list?" });
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(row.getByRole("button", { name: "Remove" })).toBeFocused();
  await row.getByRole("button", { name: "Remove" }).press("Enter");
  await dialog.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByRole("status").filter({ hasText: `bulk2+${tag}@example.com was removed` })).toBeVisible();
  await expect(page.getByText("That address is not suppressed")).toBeVisible();
});

test("a viewer reads the list without the controls, and the server refuses its changes", async ({ page, baseURL }) => {
  await signIn(page, DEMO.viewer);
  await page.goto("/settings/suppressions");
  await expect(page.getByRole("heading", { name: "Suppressed addresses" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Suppress" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Remove" })).toHaveCount(0);
  const post = await page.request.post("/api/web/suppressions", { headers: { origin: baseURL! }, data: { email: "x@example.com", reason: "viewer" } });
  expect(post.status()).toBe(403);
});
