import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { sha256Hex } from "@/lib/crypto/secrets";
import { redis } from "@/lib/redis";
import { call, testWorkspace, type TestWorkspace } from "../helpers/api-fixtures";
import { sameOrigin, signInAs } from "../helpers/web-session";

// Secrets at rest: after creating a personal access token, provider API keys, a webhook endpoint
// (its secret revealed and rotated, so two secrets are live) and SMTP relay passwords through the
// API and the web routes, with Idempotency-Key where the API takes one, a real pg_dump of the test
// database and every value in the Redis database hold none of them: not as plaintext, nor base64
// or hex of it, nor (for webhook secrets) the key bytes in hex or base64url.

const run = promisify(execFile);

let ws: TestWorkspace;
let cookie: string;
const secrets: Record<string, string> = {};
const known: Record<string, string> = {};

function forms(label: string, value: string): [string, string][] {
  const utf8 = Buffer.from(value, "utf8");
  const out: [string, string][] = [
    [label, value],
    [`${label} (base64)`, utf8.toString("base64")],
    [`${label} (base64url)`, utf8.toString("base64url")],
    [`${label} (hex)`, utf8.toString("hex")],
  ];
  if (value.startsWith("whsec_")) {
    const key = Buffer.from(value.slice("whsec_".length), "base64");
    out.push(
      [`${label} (key bytes, hex)`, key.toString("hex")],
      [`${label} (key bytes, base64url)`, key.toString("base64url")],
      [`${label} (key, base64)`, value.slice("whsec_".length)],
    );
  }
  if (value.startsWith("lpat_")) out.push([`${label} (random part)`, value.slice(5, 37)]);
  return out;
}

function findings(haystack: string): string[] {
  return Object.entries(secrets).flatMap(([label, value]) =>
    forms(label, value)
      .filter(([, form]) => haystack.includes(form))
      .map(([name]) => name),
  );
}

async function pgDump(): Promise<string> {
  const binary = process.env.PG_DUMP ?? "pg_dump";
  const { stdout } = await run(binary, ["--no-owner", "--no-privileges", "--format=plain", "--dbname", process.env.DATABASE_URL!], {
    maxBuffer: 1024 * 1024 * 1024,
    encoding: "utf8",
  });
  return stdout;
}

async function redisContents(): Promise<string> {
  const client = redis();
  const parts: string[] = [];
  let cursor = "0";
  do {
    const [next, keys] = await client.scan(cursor, "COUNT", 1000);
    cursor = next;
    for (const name of keys) {
      parts.push(name);
      const type = await client.type(name);
      if (type === "string") parts.push((await client.getBuffer(name))?.toString("latin1") ?? "");
      else if (type === "hash") parts.push(JSON.stringify(await client.hgetall(name)));
      else if (type === "list") parts.push(JSON.stringify(await client.lrange(name, 0, -1)));
      else if (type === "set") parts.push(JSON.stringify(await client.smembers(name)));
      else if (type === "zset") parts.push(JSON.stringify(await client.zrange(name, 0, -1)));
      else if (type === "stream") parts.push(JSON.stringify(await client.xrange(name, "-", "+")));
    }
  } while (cursor !== "0");
  return parts.join("\n");
}

beforeAll(async () => {
  ws = await testWorkspace("secrets", "team");
  const suffix = ws.workspace.slug.slice(-8);
  const admin = ws.tokens.admin;
  cookie = await signInAs(ws.users.admin);
  const idem = (name: string) => ({ "idempotency-key": `${name}-${suffix}` });

  const pat = await call("POST", "/api/web/tokens", { headers: sameOrigin(cookie), body: { name: "secrets check", scope: "write", expires_in_days: null } });
  expect(pat.status).toBe(201);
  secrets.token = pat.body.token as string;
  expect((await call("GET", "/v1/leads", { token: secrets.token })).status).toBe(200); // its authentication is cached in Redis now
  known.token = (pat.body.item as { id: string }).id;

  secrets.providerKey = `sk-live-${suffix}-Xq7Lm2Vp9Rt4Wz8K`;
  const provider = await call("POST", `/v1/providers/llm-${suffix}`, {
    token: admin,
    headers: idem("provider"),
    body: { kind: "openai-compatible", base_url: "https://llm.example.com/v1", default_model: "m", api_key: secrets.providerKey },
  });
  expect(provider.status).toBe(201);
  expect(provider.body).toMatchObject({ has_api_key: true, api_key_last4: secrets.providerKey.slice(-4) });
  known.provider = `llm-${suffix}`;
  secrets.webProviderKey = `sk-ant-${suffix}-Hy3Nc6Bd1Fg5Js0P`;
  expect(
    (
      await call("PUT", `/api/web/providers/claude-${suffix}`, {
        headers: sameOrigin(cookie),
        body: { kind: "anthropic", default_model: "claude-x", api_key: secrets.webProviderKey },
      })
    ).status,
  ).toBe(200);

  const endpoint = await call("POST", "/v1/webhook-endpoints", { token: admin, headers: idem("endpoint"), body: { url: "https://hooks.example.com/secrets" } });
  expect(endpoint.status).toBe(201);
  secrets.webhookSecret = endpoint.body.secret as string;
  known.endpoint = endpoint.body.id as string;
  const replay = await call("POST", "/v1/webhook-endpoints", { token: admin, headers: idem("endpoint"), body: { url: "https://hooks.example.com/secrets" } });
  expect(replay.headers.get("idempotent-replayed")).toBe("true");
  expect(replay.body.secret).toBe(secrets.webhookSecret); // a replay still answers with the secret
  const revealed = await call("POST", `/v1/webhook-endpoints/${known.endpoint}/reveal`, { token: admin, headers: idem("reveal") });
  expect(revealed.body.secret).toBe(secrets.webhookSecret);
  const rotated = await call("POST", `/v1/webhook-endpoints/${known.endpoint}/rotate`, { token: admin, headers: idem("rotate") });
  expect(rotated.status).toBe(200);
  secrets.rotatedWebhookSecret = rotated.body.secret as string;
  expect(secrets.rotatedWebhookSecret).not.toBe(secrets.webhookSecret);
  const webEndpoint = await call("POST", "/api/web/webhook-endpoints", { headers: sameOrigin(cookie), body: { url: "https://hooks.example.com/web" } });
  expect(webEndpoint.status).toBe(201);
  secrets.webWebhookSecret = webEndpoint.body.secret as string;

  secrets.relayPassword = `relay-${suffix}-Tk4Pw8Qz2Mn6`;
  expect(
    (
      await call("PUT", "/v1/relay", {
        token: admin,
        body: { host: "smtp.example.com", port: 587, username: "sam", password: secrets.relayPassword, from_email: "sam@example.com" },
      })
    ).status,
  ).toBe(200);
  secrets.webRelayPassword = `relay-web-${suffix}-Jd5Rs9Xc3Lv7`;
  expect(
    (
      await call("PUT", "/api/web/relay", {
        headers: sameOrigin(cookie),
        body: { host: "smtp.example.com", port: 587, username: "sam", password: secrets.webRelayPassword, from_email: "sam@example.com" },
      })
    ).status,
  ).toBe(200);
  secrets.mailboxPassword = `imap-${suffix}-Vb2Kq7Wn4Hs9`;
  expect(
    (
      await call("PUT", "/v1/mailbox", {
        token: admin,
        body: { host: "imap.example.com", port: 993, username: "sam@example.com", password: secrets.mailboxPassword },
      })
    ).status,
  ).toBe(200);
  secrets.senderRelayPassword = `sender-smtp-${suffix}-Qm4Rz8Lt2Wx6`;
  secrets.senderMailboxPassword = `sender-imap-${suffix}-Pn7Hc3Kv9Bd5`;
  const sender = await call("POST", "/v1/senders", {
    token: admin,
    headers: idem("sender"),
    body: {
      from_email: "ops@example.com",
      relay: { host: "smtp.example.com", port: 587, username: "ops", password: secrets.senderRelayPassword },
      mailbox: { host: "imap.example.com", port: 993, username: "ops@example.com", password: secrets.senderMailboxPassword },
    },
  });
  expect(sender.status).toBe(201);
  known.sender = sender.body.id as string;
  expect(JSON.stringify(sender.body)).not.toContain(secrets.senderRelayPassword);
  secrets.webSenderPassword = `sender-web-${suffix}-Gt6Yw1Ns8Fj3`;
  expect(
    (
      await call("POST", "/api/web/senders", {
        headers: sameOrigin(cookie),
        body: { from_email: "web-ops@example.com", relay: { host: "smtp.example.com", port: 587, username: "ops", password: secrets.webSenderPassword } },
      })
    ).status,
  ).toBe(201);
  secrets.userPassword = `pass-${ws.users.admin.id}`; // what signInAs set
  for (const [label, value] of Object.entries(secrets)) expect(value, label).toMatch(/.{12,}/);
}, 120_000);

describe("secrets at rest", () => {
  it("a pg_dump of the database holds no plaintext token, provider key, webhook secret or SMTP password", async () => {
    const dump = await pgDump();
    // The rows are in the dump: the search would find the secrets if they were stored as they are.
    for (const [label, value] of Object.entries(known)) expect(dump, `${label} in the dump`).toContain(value);
    expect(findings(dump)).toEqual([]);
  });

  it("the Redis database holds none of them either", async () => {
    const contents = await redisContents();
    // The scan reaches this test's keys: the token's cached authentication is filed under its hash.
    expect(contents).toContain(sha256Hex(secrets.token));
    expect(findings(contents)).toEqual([]);
  });

  it("the sealed secrets still work: the provider key and relay password are kept, the webhook secrets reveal", async () => {
    const revealed = await call("POST", `/v1/webhook-endpoints/${known.endpoint}/reveal`, { token: ws.tokens.admin });
    expect(revealed.body.secret).toBe(secrets.rotatedWebhookSecret);
    expect((await call("GET", "/v1/relay", { token: ws.tokens.admin })).body).toMatchObject({ has_password: true });
  });
});
