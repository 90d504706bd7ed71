import { expect, test } from "@playwright/test";
import { ulid } from "ulid";
import { cli, screenshots, signIn } from "./support";

// Settings → Your sessions: a user signed in on two browsers sees both, ends the other one (it is
// sent to sign-in at its next click), then signs out everywhere from a confirmation dialog.

test("a user ends another browser's session, then signs out everywhere", async ({ page, browser }) => {
  const tag = ulid().toLowerCase().slice(-8);
  const user = { email: `sessions+${tag}@example.com`, password: "long-enough-pass" };
  cli("user:create", "--workspace", "demo", "--email", user.email, "--password", user.password, "--role", "viewer");

  const other = await browser.newContext({
    userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
  });
  const phone = await other.newPage();
  await signIn(phone, user, "/");
  await signIn(page, user, "/");

  await page.getByRole("link", { name: "Your sessions" }).click();
  await expect(page).toHaveURL("/settings/sessions");
  const list = page.getByRole("list", { name: "Sessions" });
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await expect(list.getByRole("listitem").filter({ hasText: "This session" })).toHaveCount(1);
  await expect(list).toContainText("Safari on iOS");
  await screenshots(page, "settings-sessions");

  // End the phone's session: its next page load goes to sign-in.
  await list.getByRole("button", { name: /^Sign out Safari on iOS/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "That session is signed out" })).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await phone.goto("/settings/sessions");
  await expect(phone).toHaveURL(/\/login/);

  // Sign in there again, then sign out everywhere from here, through the dialog.
  await signIn(phone, user, "/");
  await page.reload();
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await page.getByRole("button", { name: "Sign out everywhere…" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign out everywhere?" });
  await expect(dialog).toContainText("this one and 1 other");
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused(); // nothing happens by accident
  await screenshots(page, "settings-sessions-confirm");
  await dialog.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page).toHaveURL(/\/login\?signedOut=everywhere/);
  await expect(page.getByRole("status")).toContainText("You are signed out everywhere");
  await phone.goto("/");
  await expect(phone).toHaveURL(/\/login/);
  await other.close();
});
