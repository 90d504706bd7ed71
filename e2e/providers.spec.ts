import { expect, test } from "@playwright/test";
import { DEMO, screenshots, signIn, withDb } from "./support";

// Settings → Providers: an admin adds a hosted provider with prices and a key (stored sealed, shown
// as its last four characters), changes its limits without touching the key, and deletes it; the
// built-in local provider cannot be deleted. A viewer can do none of it.

test("an admin adds, changes and deletes a provider; the key stays write-only", async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Providers" }).click();
  await expect(page.getByRole("heading", { name: "Providers", level: 1 })).toBeVisible();
  const local = page.getByTestId("provider-local");
  await expect(local).toContainText("Built-in engine");
  await expect(local.getByRole("button", { name: "Delete" })).toHaveCount(0);

  const add = page.getByRole("form", { name: "Add a provider" });
  const slug = `fakeai-${Date.now().toString(36)}`;
  await add.getByLabel("Name").fill(slug);
  await add.getByLabel("Kind").selectOption("openai-compatible");
  await add.getByLabel("Default model").fill("gpt-test");
  await add.getByLabel("Input $ per M tokens").fill("3");
  await add.getByLabel("Output $ per M tokens").fill("15");
  await add.getByLabel("API key").fill("sk-test-secret-9876");
  await add.getByRole("button", { name: "Add provider" }).click();
  // openai-compatible needs a base URL: the domain says so at the field.
  await expect(add.getByText("is required for an openai-compatible provider")).toBeVisible();
  await add.getByLabel("Base URL").fill("https://models.example.com/v1");
  await add.getByRole("button", { name: "Add provider" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Provider “${slug}” added.` })).toBeVisible();

  const card = page.getByTestId(`provider-${slug}`);
  await expect(card).toContainText("OpenAI-compatible");
  await expect(card).toContainText("$3.00 in · $15.00 out");
  await expect(card).toContainText("…9876");
  expect(await page.content()).not.toContain("sk-test-secret-9876");
  const sealed = await withDb(
    async (db) => (await db.query(`SELECT "apiKeyEncrypted" FROM providers WHERE slug = $1`, [slug])).rows[0].apiKeyEncrypted as string,
  );
  expect(sealed).not.toContain("sk-test-secret");
  await screenshots(page, "providers");

  // Change the limits, leave the key alone: it is kept.
  await card.getByRole("button", { name: "Change" }).click();
  const edit = card.getByRole("form", { name: `Change ${slug}` });
  await expect(edit.getByLabel("API key")).toHaveAttribute("placeholder", "Saved (…9876): leave empty to keep it");
  await edit.getByLabel("Requests per minute").fill("120");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Provider “${slug}” saved.` })).toBeVisible();
  await expect(card).toContainText("120/min");
  await expect(card).toContainText("…9876");

  await card.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete provider" }).click();
  await expect(page.getByTestId(`provider-${slug}`)).toHaveCount(0);
});

test("a viewer cannot open the providers page, and the server refuses its changes", async ({ page, baseURL }) => {
  await signIn(page, DEMO.viewer);
  expect((await page.goto("/settings/providers"))?.status()).toBe(403);
  const origin = { origin: baseURL! };
  const put = await page.request.put("/api/web/providers/sneaky", {
    headers: origin,
    data: { kind: "openai-compatible", base_url: "https://x.example", default_model: "m" },
  });
  expect(put.status()).toBe(403);
  expect((await page.request.delete("/api/web/providers/local", { headers: origin })).status()).toBe(403);
  expect((await page.request.get("/api/web/providers")).status()).toBe(403);
});
