import { expect, test } from "@playwright/test";
import { bearer, cli, DEMO, screenshots, signIn } from "./support";

test("an admin creates a token, it works against /v1, it is shown once, and revoking it stops it at once", async ({ page, context, request }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(page, DEMO.admin);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "API tokens" }).click();
  await expect(page.getByRole("heading", { name: "API tokens", level: 1 })).toBeVisible();

  const name = `CRM sync ${Date.now()}`;
  await page.getByLabel("Name").fill(name);
  await page.getByRole("radio", { name: "Read", exact: true }).check();
  await page.getByLabel("Expires after").selectOption({ label: "30 days" });
  await page.getByRole("button", { name: "Create token" }).click();

  const panel = page.getByRole("region", { name: `Token “${name}” created` });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole("heading")).toBeFocused();
  await expect(panel).toContainText("you won’t see it again");
  const token = (await page.getByTestId("new-token").textContent())!.trim();
  expect(token).toMatch(/^lpat_[0-9A-Za-z]{38}$/);
  await panel.getByRole("button", { name: "Copy" }).click();
  await expect(panel.getByRole("status")).toHaveText("Copied to the clipboard.");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText(`${token.slice(0, 9)}…${token.slice(-4)}`);
  await expect(row.getByRole("cell", { name: "Read", exact: true })).toBeVisible();
  await expect(row).toContainText(DEMO.admin.name);
  await expect(row).toContainText("Never"); // not used yet
  await expect(row).toContainText("active");
  await screenshots(page, "tokens-created");

  // The token works against the API with its scope: reads pass, a write is refused.
  const leads = await request.get("/v1/leads", { headers: bearer(token) });
  expect(leads.status()).toBe(200);
  const write = await request.post("/v1/leads", { headers: bearer(token), data: { email: "x@example.com" } });
  expect(write.status()).toBe(403);

  // Shown once: after Done and a reload, the secret is nowhere on the page.
  await panel.getByRole("button", { name: "Done" }).click();
  await expect(panel).toBeHidden();
  await page.reload();
  await expect(row).toContainText("active");
  expect(await page.content()).not.toContain(token);

  await row.getByRole("button", { name: `Revoke ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Revoke “${name}”?` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await screenshots(page, "tokens-revoke-dialog");
  await dialog.getByRole("button", { name: "Revoke token" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: `Token “${name}” was revoked` })).toBeVisible();
  await expect(row).toContainText("revoked");
  await expect(row.getByRole("button", { name: /Revoke/ })).toHaveCount(0);
  await screenshots(page, "tokens-revoked");

  // At once: the token was used a moment ago (so its authentication is cached), and is refused now.
  const after = await request.get("/v1/leads", { headers: bearer(token) });
  expect(after.status()).toBe(401);
  expect((await after.json()).code).toBe("unauthenticated");

  // Both are audit entries, by the admin who did them.
  const auditor = cli("token:create", "--workspace", "demo", "--name", "e2e audit reader", "--scope", "read");
  const audit = await (await request.get("/v1/audit?target_type=api_token&limit=100", { headers: bearer(auditor) })).json();
  const mine = audit.data.filter((entry: { data: { name?: string } }) => entry.data.name === name);
  expect(mine.map((entry: { action: string }) => entry.action).sort()).toEqual(["token.created", "token.revoked"]);
  for (const entry of mine) expect(entry.actor).toMatchObject({ type: "user", name: `${DEMO.admin.name} (${DEMO.admin.email})` });
});
