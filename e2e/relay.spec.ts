import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { startSmtpSink } from "../tests/helpers/smtp-sink";
import { ulid } from "ulid";
import { cli, DEMO, screenshots, signIn, withDb } from "./support";

// Settings → SMTP relay: an admin points the workspace at a real SMTP server on loopback, the
// password is kept write-only, and "Check connection" logs in to it; the From address's domain's DNS
// checks are shown and checked again (audited). A viewer cannot.

test("an admin saves the relay, the password stays hidden, and the connection check logs in", async ({ page }) => {
  const smtp = await startSmtpSink();
  try {
    await signIn(page, DEMO.admin);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "SMTP relay" }).click();
    await expect(page.getByRole("heading", { name: "SMTP relay", level: 1 })).toBeVisible();

    await page.getByLabel("Host", { exact: true }).fill("not a host!");
    await page.getByLabel("Port", { exact: true }).fill(String(smtp.port));
    await page.getByLabel("From address").fill("sam@demo.example");
    await page.getByRole("button", { name: "Save relay" }).click();
    await expect(page.getByText("must be a host name or IP address")).toBeVisible();

    await page.getByLabel("Host", { exact: true }).fill("127.0.0.1");
    await page.getByLabel("Username").fill("sam");
    await page.getByLabel("Password", { exact: true }).fill("wrong-secret");
    await page.getByLabel("From name").fill("Sam Seller");
    // The optional DKIM selector the domain's DKIM check looks up (contract §13).
    await page.getByLabel("DKIM selector").fill("s2026");
    await page.getByRole("button", { name: "Save relay" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Relay saved. Approved drafts go out through 127.0.0.1:${smtp.port}.` })).toBeVisible();
    await page.getByRole("button", { name: "Check connection" }).click();
    await expect(page.getByRole("alert").filter({ hasText: /refused: .*Invalid username or password/ })).toBeVisible();

    await page.getByLabel("Password", { exact: true }).fill("relay-secret");
    await page.getByRole("button", { name: "Save relay" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Relay saved." })).toBeVisible();
    await page.getByRole("button", { name: "Check connection" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Connected to 127.0.0.1:${smtp.port} and logged in as sam.` })).toBeVisible();

    // After a reload the settings are there and the password is not.
    await page.reload();
    await expect(page.getByLabel("Host", { exact: true })).toHaveValue("127.0.0.1");
    await expect(page.getByLabel("From name")).toHaveValue("Sam Seller");
    await expect(page.getByLabel("DKIM selector")).toHaveValue("s2026");
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("placeholder", "Saved: leave empty to keep it");
    expect(await page.content()).not.toContain("relay-secret");
    // The From address's domain checked as Settings → Senders shows it (contract §13), checked again
    // by keyboard; each check asked for is audited, naming its outcome.
    const dns = page.getByRole("region", { name: "DNS checks of the relay" });
    await expect(dns.getByRole("heading", { name: "DNS of demo.example", level: 3 })).toBeVisible();
    await expect(dns.getByRole("listitem")).toHaveCount(4);
    await expect(page.getByRole("region", { name: "Sending domain" })).toContainText("DKIM selector s2026");
    const before = await withDb(async (c) => (await c.query(`SELECT count(*)::int AS n FROM audit_entries WHERE action = 'relay.dns_checked'`)).rows[0].n);
    await dns.getByRole("button", { name: "Check DNS of the relay" }).focus();
    await page.keyboard.press("Enter");
    await expect(dns.getByRole("button", { name: "Check DNS of the relay" })).toHaveText("Check DNS", { timeout: 15_000 });
    await expect
      .poll(async () => await withDb(async (c) => (await c.query(`SELECT count(*)::int AS n FROM audit_entries WHERE action = 'relay.dns_checked'`)).rows[0].n))
      .toBeGreaterThan(before);
    const entry = await withDb(
      async (c) => (await c.query(`SELECT data FROM audit_entries WHERE action = 'relay.dns_checked' ORDER BY "occurredAt" DESC LIMIT 1`)).rows[0].data,
    );
    expect(entry).toMatchObject({ from_email: "sam@demo.example", domain: "demo.example" });
    expect(["pass", "warn", "fail", "unknown"]).toContain(entry.outcome);
    await screenshots(page, "relay");
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ]) {
      await page.setViewportSize({ width, height });
      const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      expect(axe.violations.map((v) => `${width}px ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    // Saving without touching the password keeps it.
    await page.getByRole("button", { name: "Save relay" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Relay saved." })).toBeVisible();
    await page.getByRole("button", { name: "Check connection" }).click();
    await expect(page.getByRole("status").filter({ hasText: "logged in as sam" })).toBeVisible();
  } finally {
    await smtp.close();
  }
});

test("a viewer cannot open the relay page, and the server refuses its changes", async ({ page, baseURL }) => {
  await signIn(page, DEMO.viewer);
  expect((await page.goto("/settings/relay"))?.status()).toBe(403);
  const origin = { origin: baseURL! };
  const put = await page.request.put("/api/web/relay", { headers: origin, data: { host: "evil.example", port: 25, from_email: "x@evil.example" } });
  expect(put.status()).toBe(403);
  expect((await page.request.post("/api/web/relay/check", { headers: origin })).status()).toBe(403);
  expect((await page.request.get("/api/web/relay")).status()).toBe(403);
});

test("a new workspace's relay and mailbox pages load empty, without a failing request", async ({ page }) => {
  const tag = ulid().toLowerCase().slice(-8);
  const admin = { email: `admin+${tag}@fresh.example`, password: "long-enough-pass" };
  cli("workspace:create", "--slug", `fresh-${tag}`, "--name", `Fresh ${tag}`, "--admin-email", admin.email, "--admin-password", admin.password);
  await signIn(page, admin, "/");
  const failed: string[] = [];
  page.on("response", (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  page.on("console", (message) => {
    if (message.type() === "error") failed.push(`console: ${message.text()}`);
  });
  await page.goto("/settings/relay");
  await expect(page.getByText("No relay yet: nothing can be sent until one is saved.")).toBeVisible();
  await expect(page.getByLabel("Host", { exact: true })).toHaveValue("");
  await page.goto("/settings/mailbox");
  await expect(page.getByLabel("Host", { exact: true })).toHaveValue("");
  await page.waitForLoadState("networkidle");
  expect(failed).toEqual([]);
});
