import { expect, test } from "@playwright/test";
import { bearer, cli, DEMO, screenshots, signIn } from "./support";

test("an admin adds a member, changes their role (their API token follows at once), and cannot demote the last admin", async ({ page, request, browser }) => {
  await signIn(page, DEMO.admin);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Members" }).click();
  await expect(page.getByRole("heading", { name: "Members", level: 1 })).toBeVisible();

  const email = `rita-${Date.now()}@example.com`;
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Name").fill("Rita Newcomer");
  await page.getByLabel("Initial password").fill("short");
  await page.getByLabel("Role", { exact: true }).selectOption("admin");
  await page.getByLabel("Initial password").evaluate((input: HTMLInputElement) => input.removeAttribute("minlength")); // let the server judge it
  await page.getByRole("button", { name: "Add member" }).click();
  await expect(page.getByText("Use at least 10 characters")).toBeVisible();
  await expect(page.getByLabel("Initial password")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Initial password").fill("rita-initial-pass");
  await page.getByRole("button", { name: "Add member" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Rita Newcomer (${email}) was added as an admin.` })).toBeVisible();
  const rita = page.getByTestId(`member-${email}`);
  await expect(rita).toBeVisible();

  // Her token can do admin things; after the change to viewer it cannot, on the very next request.
  const token = cli("token:create", "--workspace", "demo", "--name", "rita's script", "--user", email);
  expect((await request.get("/v1/dead-letters", { headers: bearer(token) })).status()).toBe(200);
  await rita.getByLabel("Role of Rita Newcomer").selectOption("viewer");
  await rita.getByRole("button", { name: "Save role" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Rita Newcomer is now a viewer." })).toBeVisible();
  expect((await request.get("/v1/dead-letters", { headers: bearer(token) })).status()).toBe(403);

  // She signs in with the initial password and sees a viewer's navigation.
  const ritaPage = await (await browser.newContext()).newPage();
  await signIn(ritaPage, { email, password: "rita-initial-pass" });
  await expect(ritaPage.getByText("as a viewer")).toBeVisible();
  await ritaPage.context().close();

  // Ada is the only admin: demoting her is refused by the server, and she stays an admin.
  const ada = page.getByTestId(`member-${DEMO.admin.email}`);
  await ada.getByLabel(`Role of ${DEMO.admin.name}`).selectOption("reviewer");
  await ada.getByRole("button", { name: "Save role" }).click();
  await expect(ada.getByRole("alert")).toHaveText("This is the workspace's last admin. Make someone else an admin first.");
  await screenshots(page, "members");
  await page.reload();
  await expect(page.getByTestId(`member-${DEMO.admin.email}`).getByLabel(`Role of ${DEMO.admin.name}`)).toHaveValue("admin");
});
