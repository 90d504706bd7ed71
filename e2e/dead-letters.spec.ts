import { createHmac } from "node:crypto";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { ulid } from "ulid";
import { startReceiver } from "../tests/helpers/webhook-receiver";
import { bearer, cli, DEMO, screenshots, signIn, withDb } from "./support";

// A customer endpoint on loopback, and deliveries to it that ran out of attempts (written with SQL,
// as the worker leaves them after the retry window). Replayed from the page, the receiver gets
// each event again with its original id and a fresh, valid signature.

const newId = (prefix: string) => `${prefix}_${ulid().toLowerCase()}`;

async function deadLetter(workspaceId: string, endpointId: string, type: string, deadMinutesAgo: number) {
  const eventId = newId("evt");
  const deliveryId = newId("dly");
  await withDb(async (db) => {
    await db.query(
      `INSERT INTO events (id, "workspaceId", type, "occurredAt", data, "dispatchedAt") VALUES ($1, $2, $3, now() - interval '25 hours', $4, now() - interval '25 hours')`,
      [eventId, workspaceId, type, JSON.stringify({ lead_id: newId("lead"), run_id: newId("run") })],
    );
    await db.query(
      `INSERT INTO deliveries (id, "workspaceId", "eventId", "endpointId", status, "attemptCount", "firstAttemptAt", "lastError", "deadLetteredAt", "createdAt")
       VALUES ($1, $2, $3, $4, 'dead', 7, now() - interval '25 hours', 'HTTP 500: receiver broke', now() - make_interval(mins => $5), now() - interval '25 hours')`,
      [deliveryId, workspaceId, eventId, endpointId, deadMinutesAgo],
    );
  });
  return { eventId, deliveryId };
}

function verified(secret: string, header: string, body: string): boolean {
  const parts = Object.fromEntries(header.split(",").map((part) => part.split("=") as [string, string]));
  const expected = createHmac("sha256", secret).update(`${parts.t}.${body}`).digest("hex");
  return parts.v1 === expected && Math.abs(Date.now() / 1000 - Number(parts.t)) < 300;
}

async function createEndpoint(request: APIRequestContext, token: string, url: string) {
  const response = await request.post("/v1/webhook-endpoints", { headers: bearer(token), data: { url, events: ["lead.qualified", "lead.rejected"] } });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: string; secret: string };
}

test("dead letters are listed, filtered and replayed one, a selection, and all since a time; the receiver gets the same event ids", async ({
  page,
  request,
}) => {
  const receiver = await startReceiver();
  const other = await startReceiver();
  try {
    const admin = cli("token:create", "--workspace", "demo", "--name", "e2e dead-letter setup");
    const endpoint = await createEndpoint(request, admin, receiver.url);
    const otherEndpoint = await createEndpoint(request, admin, other.url);
    const workspaceId = await withDb(async (db) => (await db.query(`SELECT id FROM workspaces WHERE slug = 'demo'`)).rows[0].id as string);
    const single = await deadLetter(workspaceId, endpoint.id, "lead.qualified", 300);
    await withDb((db) =>
      db.query(
        `INSERT INTO delivery_attempts (id, "deliveryId", "attemptNo", "startedAt", "durationMs", "statusCode", "responseBody") VALUES ($1, $2, 7, now() - interval '2 hours', 41, 500, $3)`,
        [newId("att"), single.deliveryId, '{"error":"receiver broke at line 12"}'],
      ),
    );
    const pickedA = await deadLetter(workspaceId, endpoint.id, "lead.rejected", 240);
    const pickedB = await deadLetter(workspaceId, endpoint.id, "lead.qualified", 180);
    const recent = await deadLetter(workspaceId, otherEndpoint.id, "lead.qualified", 30);
    const older = await deadLetter(workspaceId, otherEndpoint.id, "lead.rejected", 600);

    await signIn(page, DEMO.admin, "/settings/webhooks/dead-letters");
    await expect(page.getByRole("heading", { name: "Dead letters", level: 1 })).toBeVisible();
    const table = page.getByRole("table");
    for (const letter of [single, pickedA, pickedB, recent, older]) await expect(page.getByTestId(`dead-letter-${letter.deliveryId}`)).toBeVisible();
    await expect(page.getByTestId(`dead-letter-${single.deliveryId}`)).toContainText(receiver.url);
    await expect(page.getByTestId(`dead-letter-${single.deliveryId}`)).toContainText("HTTP 500: receiver broke");
    await expect(page.getByRole("button", { name: "Replay selected (0)" })).toBeDisabled();
    // The configured window (36 h in the e2e environment), not a fixed "24 hours".
    await expect(page.getByText("failed every attempt for 36 hours")).toBeVisible();
    await expect(page.getByText("dead-lettered after 36 hours of failed attempts")).toBeVisible();

    // The payload that was sent and the last answer, opened from the row.
    const singleRow = page.getByTestId(`dead-letter-${single.deliveryId}`);
    await singleRow.getByText("Payload and last response").click();
    await expect(singleRow).toContainText('"lead_id": "lead_');
    await expect(singleRow).toContainText("Last response: HTTP 500");
    await expect(singleRow).toContainText('{"error":"receiver broke at line 12"}');
    const pickedRow = page.getByTestId(`dead-letter-${pickedA.deliveryId}`);
    await pickedRow.getByText("Payload and last response").click();
    await expect(pickedRow).toContainText("No attempt reached the endpoint.");
    await screenshots(page, "dead-letters");

    // Filter by endpoint: only that endpoint's letters remain.
    await page.getByLabel("Endpoint", { exact: true }).selectOption({ label: receiver.url });
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page.getByTestId(`dead-letter-${recent.deliveryId}`)).toHaveCount(0);
    await expect(table.getByRole("row")).toHaveCount(4); // header + 3
    // The true count behind the filters.
    await expect(page.getByRole("heading", { name: "Dead-lettered deliveries (3 matching)" })).toBeVisible();

    // One, by its row's button.
    await page
      .getByTestId(`dead-letter-${single.deliveryId}`)
      .getByRole("button", { name: /^Replay / })
      .click();
    await expect(page.getByRole("status").filter({ hasText: "Replayed 1 delivery" })).toBeVisible();
    await expect.poll(() => receiver.received.map((r) => r.headers["x-service-event-id"])).toContain(single.eventId);
    await expect(page.getByTestId(`dead-letter-${single.deliveryId}`)).toHaveCount(0);

    // A selection of two.
    await page.getByRole("checkbox", { name: `Select lead.rejected ${pickedA.eventId}` }).check();
    await page.getByRole("checkbox", { name: `Select lead.qualified ${pickedB.eventId}` }).check();
    await page.getByRole("button", { name: "Replay selected (2)" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Replayed 2 deliveries" })).toBeVisible();
    await expect.poll(() => receiver.received.length).toBe(3);
    await expect(page.getByText("No dead letters match these filters")).toBeVisible();

    for (const got of receiver.received) {
      const body = JSON.parse(got.body);
      expect(body.id).toBe(got.headers["x-service-event-id"]);
      expect(verified(endpoint.secret, String(got.headers["x-service-signature"]), got.body)).toBe(true);
    }
    expect(receiver.received.map((r) => JSON.parse(r.body).id).sort()).toEqual([single.eventId, pickedA.eventId, pickedB.eventId].sort());

    // All of the other endpoint's since a time: the recent one goes, the older one stays.
    await page.getByLabel("Endpoint", { exact: true }).selectOption({ label: other.url });
    const since = new Date(Date.now() - 2 * 3600_000);
    const local = new Date(since.getTime() - since.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    await page.getByLabel("Dead-lettered since").fill(local);
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page.getByTestId(`dead-letter-${older.deliveryId}`)).toHaveCount(0);
    await expect(page.getByTestId(`dead-letter-${recent.deliveryId}`)).toBeVisible();
    await page.getByRole("button", { name: "Replay all since…" }).click();
    const dialog = page.getByRole("dialog", { name: "Replay all of this endpoint’s dead letters?" });
    await expect(dialog).toContainText(other.url);
    await screenshots(page, "dead-letters-replay-all-dialog");
    await dialog.getByRole("button", { name: "Replay all" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Replayed 1 delivery" })).toBeVisible();
    await expect.poll(() => other.received.map((r) => JSON.parse(r.body).id)).toEqual([recent.eventId]);
    await screenshots(page, "dead-letters-replayed");

    // The older one is still a dead letter; each replay is an audit entry.
    await page.getByRole("button", { name: "Clear" }).click();
    await expect(page.getByTestId(`dead-letter-${older.deliveryId}`)).toBeVisible();
    const audit = await (await request.get("/v1/audit?action=webhook.replayed&limit=10", { headers: bearer(admin) })).json();
    expect(audit.data.map((entry: { data: { count: number } }) => entry.data.count).sort()).toEqual([1, 1, 2]);
  } finally {
    await receiver.close();
    await other.close();
  }
});
