import { describe, expect, it } from "vitest";
import { assertEventData, EVENT_CATALOG, EVENT_KINDS } from "@/lib/events/catalog";
import { EVENT_TYPES } from "@/lib/webhooks/event-types";

const sent = { lead_id: "lead_x", draft_id: "drf_x", run_id: "run_x", message_id: "<m@x>", accepted_at: "2026-11-21T10:00:00.000Z" };

describe("the event catalog", () => {
  it("has a data schema for every subscribable event type, and webhook.test", () => {
    expect([...EVENT_KINDS].sort()).toEqual([...EVENT_TYPES, "webhook.test"].sort());
    for (const kind of EVENT_KINDS) expect(Object.keys(EVENT_CATALOG[kind].data.shape).length, kind).toBeGreaterThan(1);
  });

  it("accepts data that fits its kind and refuses a missing field, a wrong type, an extra field or an unknown kind", () => {
    expect(() => assertEventData({ type: "send.completed", data: sent })).not.toThrow();
    expect(() => assertEventData({ type: "send.completed", data: { ...sent, accepted_at: undefined } })).toThrow(/send\.completed.*accepted_at/);
    expect(() => assertEventData({ type: "send.completed", data: { ...sent, accepted_at: "yesterday" } })).toThrow(/accepted_at/);
    expect(() => assertEventData({ type: "send.completed", data: { ...sent, secret: "x" } })).toThrow(/secret/);
    expect(() => assertEventData({ type: "lead.vanished", data: {} })).toThrow(/Unknown event kind/);
  });
});
