import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type APIRequestContext } from "@playwright/test";
import { ulid } from "ulid";
import { closeDb } from "@/lib/db";
import { closeQueues } from "@/lib/queues";
import { putRelay } from "@/lib/relay/relay-settings";
import { createRun } from "@/lib/runs/create-run";
import { GOOD_LEADS, POOR_LEADS, toCsv } from "../tests/helpers/csv-fixtures";
import { startReceiver } from "../tests/helpers/webhook-receiver";
import { startSmtpSink } from "../tests/helpers/smtp-sink";
import { bearer, cli, withDb } from "./support";

// Runs for the review and runs pages, made the way the product makes them: createRun (the local
// provider of the built-in saas-outbound pack), a CSV served on loopback, the e2e worker doing the
// stages; the workspace's relay pointed at a real SMTP server; a webhook endpoint on loopback.

const actor = { type: "system" as const, id: "e2e", name: "e2e setup" };

export async function demoWorkspaceId(): Promise<string> {
  return withDb(async (db) => (await db.query(`SELECT id FROM workspaces WHERE slug = 'demo'`)).rows[0].id as string);
}

/** The fixture leads with addresses of their own (a lead already known would join unchanged). */
export function leads(kind: "good" | "poor" | "all", tag = ulid().toLowerCase().slice(-8)) {
  const rows = kind === "good" ? GOOD_LEADS : kind === "poor" ? POOR_LEADS : [...GOOD_LEADS, ...POOR_LEADS];
  return rows.map((row) => ({ ...row, email: row.email.replace("@", `+${tag}@`) }));
}

/** A CSV on loopback; with `hold`, the answer waits until release() (the run stays importing). */
export async function serveCsv(rows: Record<string, string>[], options: { hold?: boolean } = {}) {
  let release: () => void = () => undefined;
  const gate = options.hold ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
  const body = toCsv(rows);
  const server = http.createServer((_req, res) => void gate.then(() => res.writeHead(200, { "content-type": "text/csv" }).end(body)));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/leads.csv`,
    release: () => release(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export async function startRun(workspaceId: string, csvUrl: string, stopAfter?: "qualify" | "draft_email") {
  return createRun(workspaceId, { pack: "saas-outbound", leads_csv_url: csvUrl, ...(stopAfter ? { stop_after: stopAfter } : {}) }, actor);
}

export async function draftsOf(runId: string, count: number): Promise<{ id: string; email: string; name: string }[]> {
  const query = () =>
    withDb(
      async (db) =>
        (
          await db.query(`SELECT d.id, l.email, l."firstName" AS name FROM drafts d JOIN leads l ON l.id = d."leadId" WHERE d."runId" = $1 ORDER BY l.email`, [
            runId,
          ])
        ).rows,
    );
  await expect.poll(async () => (await query()).length, { timeout: 30_000 }).toBe(count);
  return query();
}

export async function draftStatuses(ids: string[]): Promise<Record<string, string>> {
  return withDb(async (db) =>
    Object.fromEntries((await db.query(`SELECT id, status FROM drafts WHERE id = ANY($1)`, [ids])).rows.map((r) => [r.id, r.status])),
  );
}

/** A receiver with an endpoint for the draft events, and the relay pointed at an SMTP sink. */
export async function receiverAndRelay(request: APIRequestContext, workspaceId: string) {
  const receiver = await startReceiver();
  const smtp = await startSmtpSink();
  const admin = cli("token:create", "--workspace", "demo", "--name", `e2e review ${ulid().slice(-6)}`);
  const response = await request.post("/v1/webhook-endpoints", {
    headers: bearer(admin),
    data: { url: receiver.url, events: ["draft.ready", "draft.approved", "draft.rejected", "send.completed"] },
  });
  expect(response.status()).toBe(201);
  await putRelay(workspaceId, { host: "127.0.0.1", port: smtp.port, secure: false, from_email: "sam@demo.example", from_name: "Sam Sender" }, actor);
  const events = (type: string) => receiver.received.map((r) => JSON.parse(r.body)).filter((e) => e.event === type);
  return {
    receiver,
    smtp,
    events,
    close: async () => {
      await receiver.close();
      await smtp.close();
    },
  };
}

export async function closeLib() {
  await closeQueues();
  await closeDb();
}
