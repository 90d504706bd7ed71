import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { call, testWorkspace, type TestWorkspace } from "../helpers/api-fixtures";

// The DNS checks asked for by a person or a token (POST /v1/senders/{id}/dns-check, POST
// /v1/relay/dns-check) are audited: one entry per check naming the sender (or the relay) and its
// address, each record's status and the worst of them as `outcome`, as the check answered. The
// checks run by a create or an address change are not entries of their own. Whatever the machine's
// resolver answers for the `.invalid` domain (RFC 2606: NXDOMAIN, or nothing in time), the entry
// must say what the answer said. The checks' verdicts themselves are in lib/dns/sender-checks.test.ts.

let ws: TestWorkspace;
let other: TestWorkspace;
beforeAll(async () => {
  ws = await testWorkspace("dns-audit");
  other = await testWorkspace("dns-audit-other");
});

type Result = Record<"mx" | "spf" | "dmarc" | "dkim", { status: string }> & { domain: string };
const worst = (result: Result) =>
  ["fail", "unknown", "warn", "pass"].find((status) => [result.mx, result.spf, result.dmarc, result.dkim].some((check) => check.status === status));

describe("DNS checks are audited", () => {
  it("writes sender.dns_checked naming the sender and the outcome; relay.dns_checked for the relay; nothing for a refused or missing one", async () => {
    const created = await call("POST", "/v1/senders", {
      token: ws.tokens.admin,
      body: { from_email: "pat@dns-audit.invalid", relay: { host: "smtp.example.com", port: 587 } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    // The check run on create is part of sender.created, not an entry of its own.
    expect(await db().auditEntry.count({ where: { workspaceId: ws.workspace.id, action: "sender.dns_checked" } })).toBe(0);

    const checked = await call("POST", `/v1/senders/${id}/dns-check`, { token: ws.tokens.admin });
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    const result = checked.body as unknown as Result;
    const entries = await db().auditEntry.findMany({ where: { workspaceId: ws.workspace.id, action: "sender.dns_checked" } });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ targetType: "sender", targetId: id, actorType: "token" });
    expect(entries[0].data).toEqual({
      sender_id: id,
      from_email: "pat@dns-audit.invalid",
      domain: "dns-audit.invalid",
      outcome: worst(result),
      mx: result.mx.status,
      spf: result.spf.status,
      dmarc: result.dmarc.status,
      dkim: result.dkim.status,
    });
    // Read back through the API as well.
    const listed = await call("GET", `/v1/audit?action=sender.dns_checked&target_type=sender&target_id=${id}`, { token: ws.tokens.viewer });
    expect(listed.status).toBe(200);
    expect((listed.body.data as { data: { outcome: string } }[]).map((entry) => entry.data.outcome)).toEqual([worst(result)]);

    // Refused (a reviewer), or another workspace's sender: no check, no entry.
    expect((await call("POST", `/v1/senders/${id}/dns-check`, { token: ws.tokens.reviewer })).status).toBe(403);
    expect((await call("POST", `/v1/senders/${id}/dns-check`, { token: other.tokens.admin })).status).toBe(404);
    expect(await db().auditEntry.count({ where: { action: "sender.dns_checked", targetId: id } })).toBe(1);

    // The relay (the default sender): 404 before one is saved, then an entry of its own.
    expect((await call("POST", "/v1/relay/dns-check", { token: ws.tokens.admin })).status).toBe(404);
    const relay = await call("PUT", "/v1/relay", {
      token: ws.tokens.admin,
      body: { host: "smtp.example.com", port: 587, from_email: "desk@relay-audit.invalid" },
    });
    expect(relay.status, JSON.stringify(relay.body)).toBe(200);
    const relayChecked = await call("POST", "/v1/relay/dns-check", { token: ws.tokens.admin });
    expect(relayChecked.status).toBe(200);
    const relayResult = relayChecked.body as unknown as Result;
    const relayEntries = await db().auditEntry.findMany({ where: { workspaceId: ws.workspace.id, action: "relay.dns_checked" } });
    expect(relayEntries).toHaveLength(1);
    expect(relayEntries[0]).toMatchObject({ targetType: "relay", targetId: ws.workspace.id });
    expect(relayEntries[0].data).toMatchObject({
      sender_id: null,
      from_email: "desk@relay-audit.invalid",
      domain: "relay-audit.invalid",
      outcome: worst(relayResult),
    });
  });
});
