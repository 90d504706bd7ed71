import { describe, expect, it } from "vitest";
import { eventCatalog } from "@/lib/webhooks/event-catalog";
import { EVENT_TYPES } from "@/lib/webhooks/event-types";

describe("the webhook event catalog", () => {
  it("documents every event type, each with when it is sent and its data fields", () => {
    const catalog = eventCatalog();
    expect(catalog.map((entry) => entry.type)).toEqual([...EVENT_TYPES]);
    for (const entry of catalog) {
      expect(entry.when.length, entry.type).toBeGreaterThan(10);
      expect(entry.data.length, entry.type).toBeGreaterThan(1);
      expect(new Set(entry.data.map((field) => field.name)).size, entry.type).toBe(entry.data.length);
    }
  });
});
