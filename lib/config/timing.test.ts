import { describe, expect, it } from "vitest";
import { ConfigError } from "@/lib/config";
import { parseTiming } from "@/lib/config/timing";

describe("parseTiming", () => {
  it("has the product's waits by default", () => {
    expect(parseTiming({})).toEqual({
      undoWindowMs: 10_000,
      mailboxScanMs: 5_000,
      mailboxLeaseMs: 15_000,
      sequenceTickMs: 1_000,
      sequenceLeaseSeconds: 30,
      sweepMs: 60_000,
      idempotencyLeaseMs: 15_000,
    });
  });

  it("takes each from the environment, ignoring other variables and empty values", () => {
    const timing = parseTiming({ UNDO_WINDOW_MS: "6000", SEQUENCE_LEASE_SECONDS: "12", MAILBOX_SCAN_MS: "", PATH: "/usr/bin" });
    expect(timing.undoWindowMs).toBe(6_000);
    expect(timing.sequenceLeaseSeconds).toBe(12);
    expect(timing.mailboxScanMs).toBe(5_000);
  });

  it("names a bad value", () => {
    expect(() => parseTiming({ UNDO_WINDOW_MS: "soon" })).toThrow(ConfigError);
    expect(() => parseTiming({ SEQUENCE_LEASE_SECONDS: "1" })).toThrow(/SEQUENCE_LEASE_SECONDS/);
  });
});
