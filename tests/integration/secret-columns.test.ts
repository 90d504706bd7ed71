import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, SECRET_COLUMNS } from "@/lib/db";
import { newId } from "@/lib/ids";
import { resetDatabase } from "../helpers/db";

// lib/db.ts omits every secret column (hashed or sealed at rest) from ordinary Prisma reads: plain
// reads, relation loads, reads inside a transaction and what a write returns. A query that needs a
// secret asks for it (`omit: { field: false }` or `select`).

type Model = keyof typeof SECRET_COLUMNS;
type Delegate = {
  findFirstOrThrow(args: object): Promise<Record<string, unknown>>;
  findMany(args: object): Promise<Record<string, unknown>[]>;
};
const delegate = (client: object, model: Model) => (client as Record<Model, Delegate>)[model];
const secretFields = (model: Model) => Object.keys(SECRET_COLUMNS[model]);
const models = Object.keys(SECRET_COLUMNS) as Model[];

let workspaceId = "";
const where = (model: Model) => (model === "user" ? { memberships: { some: { workspaceId } } } : { workspaceId });

beforeAll(async () => {
  await resetDatabase();
  workspaceId = newId("ws");
  const userId = newId("usr");
  await db().workspace.create({ data: { id: workspaceId, slug: "secret-columns", name: "Secret columns" } });
  await db().user.create({ data: { id: userId, email: "secret@columns.example", name: "S", passwordHash: "sealed-password-hash" } });
  await db().membership.create({ data: { workspaceId, userId, role: "admin" } });
  await db().apiToken.create({
    data: { id: newId("tok"), workspaceId, userId, name: "t", tokenHash: "sealed-token-hash", prefix: "lpat_abcd", last4: "wxyz", scope: "write" },
  });
  await db().provider.create({
    data: {
      id: newId("prov"),
      workspaceId,
      slug: "openai",
      kind: "openai-compatible",
      defaultModel: "m",
      apiKeyEncrypted: "sealed-api-key",
      apiKeyLast4: "1234",
    },
  });
  await db().relaySettings.create({
    data: { workspaceId, host: "smtp.example.com", port: 587, username: "u", passwordEncrypted: "sealed-relay-password", fromEmail: "a@example.com" },
  });
  await db().mailboxSettings.create({
    data: { workspaceId, host: "imap.example.com", port: 993, username: "u", passwordEncrypted: "sealed-mailbox-password" },
  });
  await db().sender.create({
    data: {
      id: newId("sdr"),
      workspaceId,
      fromEmail: "sales@example.com",
      relayHost: "smtp.example.com",
      relayPort: 587,
      relayPasswordEncrypted: "sealed-sender-relay-password",
      mailboxHost: "imap.example.com",
      mailboxPort: 993,
      mailboxPasswordEncrypted: "sealed-sender-mailbox-password",
    },
  });
  await db().webhookEndpoint.create({
    data: {
      id: newId("whe"),
      workspaceId,
      url: "https://hooks.example.com/x",
      secretEncrypted: "sealed-secret",
      previousSecretEncrypted: "sealed-previous-secret",
      previousSecretExpiresAt: new Date(Date.now() + 60_000),
    },
  });
});

afterAll(async () => {
  await db().$disconnect();
});

describe("secret columns", () => {
  it("every column named like a hash or a sealed value in the schema is omitted, or is known not to be secret", () => {
    const schema = readFileSync(path.join(import.meta.dirname, "../../prisma/schema.prisma"), "utf8");
    const notSecret = new Set(["Run.promptSetHash", "IdempotencyKey.bodyHash", "PromptSetApproval.setHash"]); // digests of public content
    const found: string[] = [];
    let model = "";
    for (const line of schema.split("\n")) {
      const opened = /^model (\w+) \{/.exec(line);
      if (opened) model = opened[1];
      const field = /^\s+(\w*(?:Hash|Encrypted|Secret|Password|Credentials?))\s/.exec(line);
      if (model && field) found.push(`${model}.${field[1]}`);
    }
    const omitted = models.flatMap((name) => secretFields(name).map((field) => `${name[0].toUpperCase()}${name.slice(1)}.${field}`));
    expect(found.filter((column) => !notSecret.has(column)).sort()).toEqual(omitted.sort());
  });

  it.each(models)("a plain read of %s leaves its secrets out; omit: false brings them back", async (model) => {
    const row = await delegate(db(), model).findFirstOrThrow({ where: where(model) });
    for (const field of secretFields(model)) expect(row).not.toHaveProperty(field);
    const omit = Object.fromEntries(secretFields(model).map((field) => [field, false]));
    const withSecrets = await delegate(db(), model).findFirstOrThrow({ where: where(model), omit });
    for (const field of secretFields(model)) expect(withSecrets[field]).toMatch(/^sealed-/);
  });

  it("select names a secret column explicitly and gets it", async () => {
    const token = await db().apiToken.findFirstOrThrow({ where: { workspaceId }, select: { tokenHash: true } });
    expect(token.tokenHash).toBe("sealed-token-hash");
  });

  it("relation loads and reads inside a transaction leave secrets out too", async () => {
    const workspace = await db().workspace.findUniqueOrThrow({
      where: { id: workspaceId },
      include: { tokens: true, providers: true, relay: true, mailbox: true, senders: true, webhookEndpoints: true, memberships: { include: { user: true } } },
    });
    const loaded: [Model, object | null][] = [
      ["apiToken", workspace.tokens[0]],
      ["provider", workspace.providers[0]],
      ["relaySettings", workspace.relay],
      ["mailboxSettings", workspace.mailbox],
      ["sender", workspace.senders[0]],
      ["webhookEndpoint", workspace.webhookEndpoints[0]],
      ["user", workspace.memberships[0].user],
    ];
    for (const [model, row] of loaded) {
      expect(row).not.toBeNull();
      for (const field of secretFields(model)) expect(row).not.toHaveProperty(field);
    }
    const inTransaction = await db().$transaction(async (tx) => Promise.all(models.map((model) => delegate(tx, model).findMany({ where: where(model) }))));
    inTransaction.forEach((rows, index) => {
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) for (const field of secretFields(models[index])) expect(row).not.toHaveProperty(field);
    });
  });

  it("what a write returns leaves the secret out", async () => {
    const updated = await db().relaySettings.update({ where: { workspaceId }, data: { passwordEncrypted: "sealed-relay-password-2" } });
    expect(updated).not.toHaveProperty("passwordEncrypted");
    const stored = await db().relaySettings.findUniqueOrThrow({ where: { workspaceId }, select: { passwordEncrypted: true } });
    expect(stored.passwordEncrypted).toBe("sealed-relay-password-2");
  });
});
