import { describe, expect, it } from "vitest";
import { checkedEvent, EVENT_CATALOG, EVENT_TYPES, type OutboxEvent } from "@/lib/events/catalog";

const lead = "lead_01jd0000000000000000000000";
const run = "run_01jd0000000000000000000000";

describe("the event catalog", () => {
  it("passes an event whose data fits its kind's schema", () => {
    const event: OutboxEvent = { type: "lead.qualified", data: { lead_id: lead, run_id: run, score: 80, reasons: ["fits"] } };
    expect(checkedEvent(event)).toEqual(event);
  });

  it("refuses data that breaks the schema: a missing field, a wrong type, an extra field", () => {
    expect(() => checkedEvent({ type: "lead.qualified", data: { lead_id: lead, run_id: run, score: 80 } } as unknown as OutboxEvent)).toThrow(/reasons/);
    expect(() => checkedEvent({ type: "lead.qualified", data: { lead_id: lead, run_id: run, score: "80", reasons: [] } } as unknown as OutboxEvent)).toThrow(/score/);
    expect(() => checkedEvent({ type: "draft.approved", data: { lead_id: lead, draft_id: "drf_1", run_id: run, reviewer: "usr_1", edited: false, extra: 1 } } as unknown as OutboxEvent)).toThrow(/extra/);
    expect(() => checkedEvent({ type: "lead.rejected", data: { lead_id: run, run_id: run, stage: "qualify", reason: { code: "not_icp", message: "low" } } })).toThrow(/lead_id/);
  });

  it("refuses an unknown kind", () => {
    expect(() => checkedEvent({ type: "lead.bounced", data: {} } as unknown as OutboxEvent)).toThrow(/Unknown event kind "lead.bounced"/);
  });

  it("lists every kind but webhook.test as subscribable", () => {
    expect([...EVENT_TYPES, "webhook.test"].sort()).toEqual(Object.keys(EVENT_CATALOG).sort());
  });
});
