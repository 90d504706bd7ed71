import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { decryptSecret } from "@/lib/crypto/secrets";
import { call, testWorkspace, type ApiAnswer, type TestWorkspace } from "../helpers/api-fixtures";

// /v1/senders (contract §12 "Senders", first slice): admins add, list, read, change and remove
// senders; passwords are write-only and sealed; the workspace's /relay stays its default sender.

let ws: TestWorkspace;
let other: TestWorkspace;
beforeAll(async () => {
  ws = await testWorkspace("senders");
  other = await testWorkspace("senders-other");
});

const RELAY_PASSWORD = "smtp-Secret-7Hq2Lw9Zx4";
const MAILBOX_PASSWORD = "imap-Secret-3Jr8Mv5Nc1";

const body = () => ({
  from_email: "alex@example.com",
  from_name: "Alex Seller",
  title: "Head of Sales",
  signature: "Alex Seller · Example Inc",
  relay: { host: "smtp.example.com", port: 587, username: "alex", password: RELAY_PASSWORD },
  mailbox: { host: "imap.example.com", port: 993, username: "alex@example.com", password: MAILBOX_PASSWORD, folders: ["INBOX", "Bounces"] },
  daily_cap: 50,
  ramp: { start: 10, step_per_day: 5 },
});

const paths = (answer: ApiAnswer) => ((answer.body.errors ?? []) as { path: string }[]).map((error) => error.path);

function expectProblem(answer: ApiAnswer, status: number, code: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.headers.get("content-type")).toBe("application/problem+json");
  expect(answer.body.code).toBe(code);
}

describe("senders", () => {
  it("creates, lists, reads, changes and deletes a sender; passwords are never returned", async () => {
    const created = await call("POST", "/v1/senders", { token: ws.tokens.admin, body: body() });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect(id).toMatch(/^sdr_[0-9a-z]{26}$/);
    expect(created.headers.get("location")).toBe(`/v1/senders/${id}`);
    expect(created.body).toMatchObject({
      from_email: "alex@example.com",
      from_name: "Alex Seller",
      title: "Head of Sales",
      signature: "Alex Seller · Example Inc",
      relay: { host: "smtp.example.com", port: 587, secure: false, username: "alex", has_password: true },
      mailbox: { host: "imap.example.com", port: 993, secure: true, username: "alex@example.com", has_password: true, folders: ["INBOX", "Bounces"] },
      daily_cap: 50,
      ramp: { start: 10, step_per_day: 5 },
      enabled: true,
    });
    expect(JSON.stringify(created.body)).not.toContain("Secret");
    expect(created.body.relay).not.toHaveProperty("password");
    // What the intake worker saw of its mailbox (read-only; nothing has read it yet).
    expect(created.body.mailbox).toMatchObject({ status: { state: "not_started", last_error: null, last_checked_at: null, changed_at: null } });

    const list = await call("GET", "/v1/senders", { token: ws.tokens.admin });
    expect(list.status).toBe(200);
    expect(list.body.data!.map((sender) => sender.id)).toEqual([id]);
    expect(JSON.stringify(list.body)).not.toContain("Secret");

    const got = await call("GET", `/v1/senders/${id}`, { token: ws.tokens.admin });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(created.body);

    // The worker's report (it alone writes sender_mailbox_status) shows on the sender and in the list.
    await db().senderMailboxStatus.create({
      data: {
        senderId: id,
        state: "failed",
        lastError: "login refused",
        lastCheckedAt: new Date("2026-11-24T08:00:00Z"),
        changedAt: new Date("2026-11-24T08:05:00Z"),
      },
    });
    const failing = { state: "failed", last_error: "login refused", last_checked_at: "2026-11-24T08:00:00.000Z", changed_at: "2026-11-24T08:05:00.000Z" };
    expect((await call("GET", `/v1/senders/${id}`, { token: ws.tokens.admin })).body).toMatchObject({ mailbox: { status: failing } });
    expect((await call("GET", "/v1/senders", { token: ws.tokens.admin })).body.data![0]).toMatchObject({ mailbox: { status: failing } });

    // A new relay without its password keeps the saved one; the mailbox is removed.
    const patched = await call("PATCH", `/v1/senders/${id}`, {
      token: ws.tokens.admin,
      body: {
        daily_cap: 80,
        enabled: false,
        title: null,
        signature: "Alex\nExample Inc",
        relay: { host: "smtp2.example.com", port: 465, secure: true, username: "alex" },
        mailbox: null,
      },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      from_email: "alex@example.com",
      from_name: "Alex Seller",
      title: null,
      signature: "Alex\nExample Inc",
      daily_cap: 80,
      ramp: { start: 10, step_per_day: 5 },
      enabled: false,
      relay: { host: "smtp2.example.com", port: 465, secure: true, has_password: true },
      mailbox: null,
    });
    const row = await db().sender.findUniqueOrThrow({ where: { id }, omit: { relayPasswordEncrypted: false, mailboxPasswordEncrypted: false } });
    expect(row.relayPasswordEncrypted).not.toContain(RELAY_PASSWORD);
    expect(decryptSecret(row.relayPasswordEncrypted!)).toBe(RELAY_PASSWORD);
    expect(row.mailboxPasswordEncrypted).toBeNull();

    const removed = await call("PATCH", `/v1/senders/${id}`, {
      token: ws.tokens.admin,
      body: { relay: { host: "smtp2.example.com", port: 465, password: null } },
    });
    expect(removed.body).toMatchObject({ relay: { has_password: false, username: null } });

    const deleted = await call("DELETE", `/v1/senders/${id}`, { token: ws.tokens.admin });
    expect(deleted.status).toBe(204);
    expectProblem(await call("GET", `/v1/senders/${id}`, { token: ws.tokens.admin }), 404, "not_found");
    expectProblem(await call("DELETE", `/v1/senders/${id}`, { token: ws.tokens.admin }), 404, "not_found");

    const audit = await call("GET", `/v1/audit?target_id=${id}`, { token: ws.tokens.admin });
    expect(audit.body.data!.map((entry) => entry.action).sort()).toEqual(["sender.created", "sender.deleted", "sender.updated", "sender.updated"]);
    expect(JSON.stringify(audit.body)).not.toContain("Secret");
  });

  it("seals both passwords at rest", async () => {
    const created = await call("POST", "/v1/senders", { token: ws.tokens.admin, body: body() });
    const row = await db().sender.findUniqueOrThrow({
      where: { id: created.body.id as string },
      omit: { relayPasswordEncrypted: false, mailboxPasswordEncrypted: false },
    });
    expect(row.relayPasswordEncrypted).not.toContain(RELAY_PASSWORD);
    expect(row.mailboxPasswordEncrypted).not.toContain(MAILBOX_PASSWORD);
    expect(decryptSecret(row.mailboxPasswordEncrypted!)).toBe(MAILBOX_PASSWORD);
    // Ordinary queries leave the sealed columns out.
    const plain = await db().sender.findUniqueOrThrow({ where: { id: created.body.id as string } });
    expect(plain).not.toHaveProperty("relayPasswordEncrypted");
  });

  it("answers 422 naming the field", async () => {
    const cases: [unknown, string][] = [
      [{ ...body(), from_email: "not-an-address" }, "from_email"],
      [{ ...body(), relay: { host: "10.0.0.5", port: 25 } }, "relay.host"],
      [{ ...body(), relay: { host: "169.254.169.254", port: 25 } }, "relay.host"],
      [{ ...body(), relay: { host: "smtp.example.com", port: 70000 } }, "relay.port"],
      [{ ...body(), mailbox: { host: "imap.example.com", port: 993 } }, "mailbox.username"],
      [{ ...body(), mailbox: { ...body().mailbox, folders: ["IN*BOX"] } }, "mailbox.folders.0"],
      [{ ...body(), daily_cap: 0 }, "daily_cap"],
      [{ ...body(), ramp: { start: 10 } }, "ramp.step_per_day"],
      [{ ...body(), daily_cap: null }, "ramp"],
      [{ ...body(), ramp: { start: 60, step_per_day: 5 } }, "ramp.start"],
      [{ ...body(), surprise: true }, "surprise"],
      [{ ...body(), title: "x".repeat(201) }, "title"],
      [{ ...body(), signature: 42 }, "signature"],
      [{ from_email: "a@example.com" }, "relay"],
    ];
    for (const [input, path] of cases) {
      const answer = await call("POST", "/v1/senders", { token: ws.tokens.admin, body: input });
      expectProblem(answer, 422, "validation_failed");
      expect(paths(answer), JSON.stringify(input)).toContain(path);
    }
    const created = await call("POST", "/v1/senders", { token: ws.tokens.admin, body: { ...body(), ramp: null, daily_cap: 5 } });
    const id = created.body.id as string;
    const tooHigh = await call("PATCH", `/v1/senders/${id}`, { token: ws.tokens.admin, body: { ramp: { start: 6, step_per_day: 1 } } });
    expectProblem(tooHigh, 422, "validation_failed");
    expect(paths(tooHigh)).toEqual(["ramp.start"]);
    const badHost = await call("PATCH", `/v1/senders/${id}`, { token: ws.tokens.admin, body: { mailbox: { ...body().mailbox, host: "192.168.1.1" } } });
    expect(paths(badHost)).toEqual(["mailbox.host"]);
    // A send's id (snd_) names no sender.
    expectProblem(await call("GET", "/v1/senders/snd_01hzzzzzzzzzzzzzzzzzzzzzzz", { token: ws.tokens.admin }), 404, "not_found");
  });

  it("is for admins only: reviewers and viewers get 403", async () => {
    const created = await call("POST", "/v1/senders", { token: ws.tokens.admin, body: body() });
    const id = created.body.id as string;
    for (const token of [ws.tokens.reviewer, ws.tokens.viewer]) {
      expectProblem(await call("GET", "/v1/senders", { token }), 403, "forbidden");
      expectProblem(await call("POST", "/v1/senders", { token, body: body() }), 403, "forbidden");
      expectProblem(await call("GET", `/v1/senders/${id}`, { token }), 403, "forbidden");
      expectProblem(await call("PATCH", `/v1/senders/${id}`, { token, body: { enabled: false } }), 403, "forbidden");
      expectProblem(await call("DELETE", `/v1/senders/${id}`, { token }), 403, "forbidden");
    }
    expect((await call("GET", `/v1/senders/${id}`, { token: ws.tokens.admin })).body).toMatchObject({ enabled: true });
  });

  it("another workspace's sender is 404 and not listed", async () => {
    const created = await call("POST", "/v1/senders", { token: ws.tokens.admin, body: body() });
    const id = created.body.id as string;
    expectProblem(await call("GET", `/v1/senders/${id}`, { token: other.tokens.admin }), 404, "not_found");
    expectProblem(await call("PATCH", `/v1/senders/${id}`, { token: other.tokens.admin, body: { enabled: false } }), 404, "not_found");
    expectProblem(await call("DELETE", `/v1/senders/${id}`, { token: other.tokens.admin }), 404, "not_found");
    expect((await call("GET", "/v1/senders", { token: other.tokens.admin })).body.data).toEqual([]);
    expect((await call("GET", `/v1/senders/${id}`, { token: ws.tokens.admin })).body).toMatchObject({ enabled: true });
  });

  it("leaves the default sender (/relay) as it was", async () => {
    const relay = { host: "smtp.example.com", port: 587, username: "sam", password: "relay-pass-123456", from_email: "sam@example.com" };
    expect((await call("PUT", "/v1/relay", { token: ws.tokens.admin, body: relay })).status).toBe(200);
    await call("POST", "/v1/senders", { token: ws.tokens.admin, body: body() });
    expect((await call("GET", "/v1/relay", { token: ws.tokens.admin })).body).toMatchObject({ from_email: "sam@example.com", has_password: true });
    const list = await call("GET", "/v1/senders", { token: ws.tokens.admin });
    expect(list.body.data!.map((sender) => sender.from_email)).not.toContain("sam@example.com");
  });
});
