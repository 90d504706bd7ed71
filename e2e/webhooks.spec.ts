import { createHmac } from "node:crypto";
import { expect, test } from "@playwright/test";
import { startReceiver } from "../tests/helpers/webhook-receiver";
import { DEMO, screenshots, signIn, withDb } from "./support";

// Settings → Webhooks: an admin adds an endpoint on a loopback receiver, copies its secret, sends a
// test event that the receiver gets with a signature that secret verifies, reads the delivery log,
// rotates the secret (both verify for a day) and narrows the events. A viewer can do none of it.

/** The v1 signatures of an X-Service-Signature header that `secret` produces for `body`. */
function verifies(secret: string, header: string, body: string): boolean {
  const parts = header.split(",").map((part) => part.split("=") as [string, string]);
  const timestamp = parts.find(([key]) => key === "t")?.[1];
  const expected = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return parts.some(([key, value]) => key === "v1" && value === expected);
}

test("an admin adds an endpoint, sends a signed test event, reads the log, rotates the secret and filters events", async ({ page }) => {
  const receiver = await startReceiver();
  try {
    await signIn(page, DEMO.admin);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Webhooks" }).click();
    await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();
    // The page states this server's retry window (the tests run with 36 hours), not a fixed figure.
    await expect(page.getByText("retries a failing delivery for 36 hours")).toBeVisible();

    // A private address is refused with the reason next to the field.
    await page.getByLabel("URL").fill("http://10.0.0.1/hook");
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await expect(page.getByText(/private or reserved address/)).toBeVisible();

    await page.getByLabel("URL").fill(receiver.url);
    await page.getByLabel("Description").fill("e2e receiver");
    await page.getByRole("checkbox", { name: "lead.qualified" }).check();
    await page.getByRole("button", { name: "Add endpoint" }).click();
    const card = page.locator('article[data-testid^="endpoint-"]').filter({ hasText: receiver.url });
    await expect(card).toBeVisible();
    await expect(card).toContainText("Receives: lead.qualified");
    const secret = (await card.locator('[data-testid^="secret-"]').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await screenshots(page, "webhooks");

    // A test event reaches the receiver, signed with that secret, and shows as delivered.
    await card.getByRole("button", { name: "Send test event" }).click();
    await expect(card.getByRole("status").filter({ hasText: /Test event evt_\w+ queued/ })).toBeVisible();
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(1);
    const [test] = receiver.received;
    expect(test.headers["x-service-event"]).toBe("webhook.test");
    expect(verifies(secret, test.headers["x-service-signature"] as string, test.body)).toBe(true);
    const logEntry = card.getByTestId(`delivery-${test.headers["x-service-event-id"]}`);
    await expect(logEntry).toContainText("Delivered");
    await expect(logEntry.getByRole("row")).toHaveCount(2); // header + one attempt
    await expect(logEntry).toContainText("HTTP 200");
    await screenshots(page, "webhooks-delivery-log");

    // Rotate: a new secret, and the next delivery verifies with both.
    await card.getByRole("button", { name: "Rotate secret" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Rotate secret" }).click();
    await expect(card).toContainText("previous secret valid until");
    const rotated = (await card.locator('[data-testid^="secret-"]').textContent())!.trim();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    await card.getByRole("button", { name: "Send test event" }).click();
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(2);
    const second = receiver.received[1];
    expect(verifies(rotated, second.headers["x-service-signature"] as string, second.body)).toBe(true);
    expect(verifies(secret, second.headers["x-service-signature"] as string, second.body)).toBe(true);

    // Reveal shows the current secret; the event filter can change.
    await card.getByRole("button", { name: "Hide" }).click();
    await card.getByRole("button", { name: "Reveal secret" }).click();
    await expect(card.locator('[data-testid^="secret-"]')).toHaveText(rotated);
    await card.getByRole("button", { name: "Change" }).click();
    await card.getByRole("checkbox", { name: "draft.ready" }).check();
    await card.getByRole("button", { name: "Save events" }).click();
    await expect(card).toContainText("Receives: lead.qualified, draft.ready");
    await page.reload();
    await expect(page.locator('article[data-testid^="endpoint-"]').filter({ hasText: receiver.url })).toContainText("Receives: lead.qualified, draft.ready");
  } finally {
    await receiver.close();
  }
});

test("an endpoint the worker disabled after days of failures says so on its card, and an admin enables it again", async ({ page }) => {
  const receiver = await startReceiver();
  receiver.setMode("fail");
  try {
    await signIn(page, DEMO.admin);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Webhooks" }).click();
    await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();
    await page.getByLabel("URL").fill(receiver.url);
    await page.getByLabel("Description").fill("failing receiver");
    await expect(page.getByLabel("URL")).toHaveValue(receiver.url);
    await page.getByRole("button", { name: "Add endpoint" }).click();
    const card = page.locator('article[data-testid^="endpoint-"]').filter({ hasText: receiver.url });
    await expect(card).toBeVisible();
    const endpointId = (await card.getAttribute("data-testid"))!.replace("endpoint-", "");
    // The only shortcut: its history. It has failed for four days (the default limit is three).
    await withDb((client) => client.query(`UPDATE webhook_endpoints SET "failingSince" = now() - interval '4 days' WHERE id = $1`, [endpointId]));
    await page.reload();
    await expect(card.getByRole("status").filter({ hasText: "Every delivery has failed since" })).toBeVisible();

    // One more failed attempt, and the worker disables it.
    await card.getByRole("button", { name: "Send test event" }).click();
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(1);
    // Count only once the reloaded list has rendered the card (count() itself does not wait).
    await expect
      .poll(
        async () => {
          await page.reload();
          await card.getByRole("button", { name: "Reveal secret" }).waitFor();
          return card.getByText("Disabled: failing").count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    const health = card.getByRole("status").filter({ hasText: "Disabled automatically" });
    await expect(health).toContainText(/Disabled automatically after 4 days of failures since \w+/);
    await expect(health.getByRole("link", { name: "Dead letters" })).toHaveAttribute("href", "/settings/webhooks/dead-letters");
    await expect(card.getByRole("button", { name: "Send test event" })).toBeDisabled();
    await screenshots(page, "webhooks-auto-disabled");

    const audit = await withDb((client) =>
      client.query<{ action: string; actorType: string; data: Record<string, unknown> }>(
        `SELECT action, "actorType", data FROM audit_entries WHERE "targetId" = $1 ORDER BY "occurredAt"`,
        [endpointId],
      ),
    );
    expect(audit.rows.find((row) => row.action === "webhook.endpoint_disabled")).toMatchObject({
      actorType: "system",
      data: { reason: "failing", disable_after_seconds: 259200 },
    });

    // The receiver is fixed; the admin enables the endpoint from the keyboard.
    receiver.setMode("ok");
    await card.getByRole("button", { name: "Enable" }).focus();
    await page.keyboard.press("Enter");
    await expect(card.getByRole("status").filter({ hasText: "Endpoint enabled. Deliveries start again" })).toBeVisible();
    await expect(card.getByText("Enabled", { exact: true })).toBeVisible();
    await expect(card.getByText("Disabled automatically")).toHaveCount(0);
    await screenshots(page, "webhooks-reenabled");
    const reenabled = await withDb((client) =>
      client.query<{ data: Record<string, unknown> }>(`SELECT data FROM audit_entries WHERE "targetId" = $1 AND action = 'webhook.endpoint_updated'`, [
        endpointId,
      ]),
    );
    expect(reenabled.rows).toMatchObject([{ data: { enabled: true, reenabled_after: "failing" } }]);
    await card.getByRole("button", { name: "Send test event" }).click();
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(2);
  } finally {
    await receiver.close();
  }
});

test("a viewer cannot open the webhooks page, and the server refuses its actions", async ({ page, baseURL }) => {
  await signIn(page, DEMO.viewer);
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Webhooks" })).toHaveCount(0);
  const response = await page.goto("/settings/webhooks");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("button", { name: /Add endpoint|Rotate|Reveal/ })).toHaveCount(0);
  const origin = { origin: baseURL! };
  const forced = [
    await page.request.post("/api/web/webhook-endpoints", { headers: origin, data: { url: "https://hooks.example.com/x" } }),
    await page.request.post("/api/web/webhook-endpoints/whe_01aaaaaaaaaaaaaaaaaaaaaaaa/reveal", { headers: origin }),
    await page.request.post("/api/web/webhook-endpoints/whe_01aaaaaaaaaaaaaaaaaaaaaaaa/rotate", { headers: origin }),
    await page.request.post("/api/web/webhook-endpoints/whe_01aaaaaaaaaaaaaaaaaaaaaaaa/test", { headers: origin }),
    await page.request.patch("/api/web/webhook-endpoints/whe_01aaaaaaaaaaaaaaaaaaaaaaaa", { headers: origin, data: { enabled: false } }),
    await page.request.delete("/api/web/webhook-endpoints/whe_01aaaaaaaaaaaaaaaaaaaaaaaa", { headers: origin }),
    await page.request.get("/api/web/webhook-endpoints/whe_01aaaaaaaaaaaaaaaaaaaaaaaa/deliveries"),
  ];
  for (const answer of forced) expect(answer.status(), answer.url()).toBe(403);
});
