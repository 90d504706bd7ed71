import { describe, expect, it } from "vitest";
import { assertEventData, EVENT_CATALOG, EVENT_KINDS } from "@/lib/events/catalog";
import { eventCatalog } from "@/lib/events/catalog-docs";
import { EVENT_TYPES } from "@/lib/events/types";

const sent = {
  lead_id: "lead_x",
  draft_id: "drf_x",
  run_id: "run_x",
  message_id: "<m@x>",
  accepted_at: "2026-11-21T10:00:00.000Z",
  sender_id: "sdr_x",
  scheduled_for: null,
  step: 1,
  kind: "first",
};

describe("the event catalog", () => {
  it("has a data schema for every subscribable event type, and webhook.test", () => {
    expect([...EVENT_KINDS].sort()).toEqual([...EVENT_TYPES, "webhook.test"].sort());
    for (const kind of EVENT_KINDS) expect(Object.keys(EVENT_CATALOG[kind].data.shape).length, kind).toBeGreaterThan(1);
  });

  it("accepts data that fits its kind and refuses a missing field, a wrong type, an extra field or an unknown kind", () => {
    expect(() => assertEventData({ type: "send.completed", data: sent })).not.toThrow();
    expect(() => assertEventData({ type: "send.completed", data: { ...sent, accepted_at: undefined } })).toThrow(/send\.completed.*accepted_at/);
    expect(() => assertEventData({ type: "send.completed", data: { ...sent, accepted_at: "yesterday" } })).toThrow(/accepted_at/);
    expect(() => assertEventData({ type: "send.completed", data: { ...sent, sender_id: undefined } })).toThrow(/sender_id/);
    expect(() => assertEventData({ type: "send.completed", data: { ...sent, scheduled_for: "soon" } })).toThrow(/scheduled_for/);
    expect(() => assertEventData({ type: "send.completed", data: { ...sent, secret: "x" } })).toThrow(/secret/);
    expect(() => assertEventData({ type: "lead.vanished", data: {} })).toThrow(/Unknown event kind/);
  });

  it("documents every subscribable event type for /docs/api: when it is sent, and each data field with its type and description", () => {
    const docs = eventCatalog();
    expect(docs.map((entry) => entry.type)).toEqual([...EVENT_TYPES]);
    for (const entry of docs) {
      expect(entry.when, entry.type).toBe(EVENT_CATALOG[entry.type].when);
      expect(
        entry.data.map((field) => field.name),
        entry.type,
      ).toEqual(Object.keys(EVENT_CATALOG[entry.type].data.shape));
      for (const field of entry.data) expect(field.type, `${entry.type}.${field.name}`).not.toBe("any");
    }
    const sentDoc = docs.find((entry) => entry.type === "send.completed")!;
    expect(sentDoc.data.find((field) => field.name === "accepted_at")).toEqual({
      name: "accepted_at",
      type: "string (date-time)",
      description: "When the relay accepted it",
    });
    const replyDoc = docs.find((entry) => entry.type === "reply.received")!;
    expect(replyDoc.data.find((field) => field.name === "confidence")?.type).toBe("number | null");
  });
});
