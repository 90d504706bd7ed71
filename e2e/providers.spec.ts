import { expect, test } from "@playwright/test";
import { startFakeChatServer } from "../tests/helpers/fake-chat-server";
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

test("an admin makes a test call to a hosted provider and reads what it answered, or why it failed", async ({ page }) => {
  const llm = await startFakeChatServer();
  try {
    await signIn(page, DEMO.admin, "/settings/providers");
    const add = page.getByRole("form", { name: "Add a provider" });
    const slug = `probe-${Date.now().toString(36)}`;
    await add.getByLabel("Name").fill(slug);
    await add.getByLabel("Kind").selectOption("openai-compatible");
    await add.getByLabel("Base URL").fill(llm.url);
    await add.getByLabel("Default model").fill("probe-model");
    await add.getByLabel("API key").fill("sk-good-1234");
    await add.getByRole("button", { name: "Add provider" }).click();
    const card = page.getByTestId(`provider-${slug}`);
    await expect(card).toBeVisible();
    await expect(page.getByTestId("provider-local").getByRole("button", { name: "Test call" })).toHaveCount(0);

    // From the keyboard: the call reaches the provider with its key and model, and the card says so.
    await card.getByRole("button", { name: "Test call" }).focus();
    await page.keyboard.press("Enter");
    const result = card.getByRole("status");
    await expect(result).toContainText("Test call worked: probe-model answered in");
    const seen = llm.seen.at(-1)!;
    expect(seen).toMatchObject({ authorization: "Bearer sk-good-1234", model: "probe-model" });
    await screenshots(page, "providers-test-call");

    // A refused key: the card says what the provider answered and what to fix.
    await card.getByRole("button", { name: "Change" }).click();
    const edit = card.getByRole("form", { name: `Change ${slug}` });
    await edit.getByLabel("API key").fill("sk-wrong");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Provider “${slug}” saved.` })).toBeVisible();
    await card.getByRole("button", { name: "Test call" }).click();
    await expect(result).toContainText("Test call failed");
    await expect(result).toContainText("401");
    await expect(result).toContainText("Check the provider's API key");

    await card.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete provider" }).click();
    await expect(page.getByTestId(`provider-${slug}`)).toHaveCount(0);
  } finally {
    await llm.close();
  }
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
  expect((await page.request.post("/api/web/providers/local/test", { headers: origin })).status()).toBe(403);
});
