import { describe, expect, it } from "vitest";
import { MAX_WAIT_SECONDS, parseWait, waitInWords } from "@/lib/campaigns/duration";

describe("a step's wait (ISO 8601 duration)", () => {
  it("reads weeks, days, hours, minutes and seconds", () => {
    expect(parseWait("P3D")).toEqual({ seconds: 3 * 86400 });
    expect(parseWait("PT4H")).toEqual({ seconds: 4 * 3600 });
    expect(parseWait("PT5S")).toEqual({ seconds: 5 });
    expect(parseWait("P1W")).toEqual({ seconds: 7 * 86400 });
    expect(parseWait("P1DT2H30M")).toEqual({ seconds: 86400 + 2 * 3600 + 30 * 60 });
    expect(parseWait("p2d")).toEqual({ seconds: 2 * 86400 });
    expect(parseWait("P365D")).toEqual({ seconds: MAX_WAIT_SECONDS });
  });

  it("refuses what is not a duration, with a reason", () => {
    for (const bad of ["", "3 days", "P", "PT", "P3", "3D", "PT4", "P1.5D", "-P1D", "P1DT", "PT5S ", "P1D2H", "T5S"]) {
      const parsed = parseWait(bad);
      if (bad === "PT5S ") {
        expect(parsed).toEqual({ seconds: 5 }); // surrounding spaces are trimmed
        continue;
      }
      expect(parsed, bad).toHaveProperty("error");
    }
    expect(parseWait("P1M")).toEqual({ error: expect.stringContaining("years and months") });
    expect(parseWait("P1Y")).toEqual({ error: expect.stringContaining("years and months") });
    expect(parseWait("PT0S")).toEqual({ error: "must be at least one second" });
    expect(parseWait("P0D")).toEqual({ error: "must be at least one second" });
    expect(parseWait("P366D")).toEqual({ error: expect.stringContaining("at most 365 days") });
    expect(parseWait("P99999999999999999999D")).toHaveProperty("error");
  });

  it("says the wait in words", () => {
    expect(waitInWords(3 * 86400)).toBe("3 days");
    expect(waitInWords(3600)).toBe("1 hour");
    expect(waitInWords(5)).toBe("5 seconds");
    expect(waitInWords(9 * 86400 + 2 * 3600)).toBe("1 week, 2 days and 2 hours");
  });
});
