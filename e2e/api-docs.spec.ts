import { expect, test } from "@playwright/test";

test("the API reference lists every operation for a signed-in user", async ({ page, request }) => {
  await page.goto("/docs/api");
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fdocs%2Fapi/);
  await page.getByLabel("Email").fill("viewer@example.com");
  await page.getByLabel("Password").fill("demo-viewer-pass");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "API reference" })).toBeVisible();

  const document = await (await request.get("/v1/openapi.json")).json();
  for (const [path, operations] of Object.entries(document.paths as Record<string, Record<string, { summary: string }>>)) {
    for (const operation of Object.values(operations)) {
      await expect(page.getByRole("heading", { name: operation.summary, exact: true }), `${path}`).toBeVisible();
    }
  }
  await page.screenshot({ path: "e2e/screenshots/docs-api-1280.png" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "e2e/screenshots/docs-api-390.png" });
});
