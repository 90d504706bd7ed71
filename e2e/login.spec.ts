import { expect, test, type Page } from "@playwright/test";

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test.describe("sign-in", () => {
  test("the login page renders", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("heading", { name: "Sign in to your workspace" })).toBeVisible();
    await expect(page.getByLabel("Email")).toBeFocused();
    await page.screenshot({ path: "e2e/screenshots/login-1280.png", fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: "e2e/screenshots/login-390.png", fullPage: true });
  });

  test("a wrong password is refused with a clear message", async ({ page }) => {
    await page.goto("/login");
    await signIn(page, "admin@example.com", "not-the-password");
    await expect(page.locator("form").getByRole("alert")).toHaveText("That email and password do not match an account.");
    await expect(page).toHaveURL(/\/login/);
  });

  test("a signed-out visit goes to /login; the seeded admin signs in and comes back", async ({ page }) => {
    await page.goto("/?welcome=1");
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2F%3Fwelcome%3D1$/);
    await signIn(page, "admin@example.com", "demo-admin-pass");
    await expect(page).toHaveURL(/\/\?welcome=1$/);
    await expect(page.getByRole("heading", { name: "Welcome, Ada Admin" })).toBeVisible();
    await expect(page.getByText("Demo Co").first()).toBeVisible();
    await expect(page.getByText(/as an admin/)).toBeVisible();
    await page.screenshot({ path: "e2e/screenshots/home-1280.png", fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: "e2e/screenshots/home-390.png", fullPage: true });

    // At 390 px the navigation and Sign out sit behind the Menu button.
    await expect(page.getByRole("button", { name: "Sign out" })).toBeHidden();
    await page.getByRole("button", { name: "Menu" }).click();
    await expect(page.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "true");
    const menu = page.getByRole("navigation", { name: "Main" });
    await expect(menu.getByRole("link", { name: "API tokens" })).toBeVisible();
    await page.screenshot({ path: "e2e/screenshots/home-menu-390.png", fullPage: true });
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Menu" }).click();
    await menu.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.goto("/");
    await expect(page).toHaveURL(/\/login/);
  });

  test("sign-in attempts are limited per email and address, with a clear message", async ({ page }) => {
    await page.goto("/login");
    const email = `guess-${Date.now()}@example.com`;
    for (let attempt = 1; attempt <= 10; attempt++) {
      await signIn(page, email, `wrong-${attempt}`);
      await expect(page.locator("form").getByRole("alert")).toHaveText("That email and password do not match an account.");
    }
    await signIn(page, email, "wrong-11");
    await expect(page.locator("form").getByRole("alert")).toHaveText("Too many sign-in attempts. Try again in 15 minutes.");
    await page.screenshot({ path: "e2e/screenshots/login-limited-1280.png", fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: "e2e/screenshots/login-limited-390.png", fullPage: true });
    // Another email from the same address is not affected.
    await signIn(page, "admin@example.com", "demo-admin-pass");
    await expect(page.getByRole("heading", { name: "Welcome, Ada Admin" })).toBeVisible();
  });

  test("the web app reports ready", async ({ request }) => {
    const response = await request.get("/readyz");
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ready", checks: { postgres: { ok: true }, redis: { ok: true } } });
  });
});
