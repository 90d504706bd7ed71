import { describe, expect, it } from "vitest";
import { newId } from "@/lib/ids";
import { leadPoint, variantFor } from "@/lib/experiments/assign";

const experiment = (weights: number[]) => ({
  id: "exp_01jz0000000000000000000000",
  variants: weights.map((weight, i) => ({ promptVersionId: `pv_${i}`, weight })),
});

describe("variantFor", () => {
  it("is a pure function of the experiment and lead ids", () => {
    const e = experiment([1, 1]);
    const leads = Array.from({ length: 50 }, () => newId("lead"));
    expect(leads.map((lead) => variantFor(e, lead))).toEqual(leads.map((lead) => variantFor({ ...e, variants: [...e.variants] }, lead)));
    expect(leadPoint(e.id, "lead_x")).toBe(leadPoint(e.id, "lead_x"));
    expect(leadPoint(e.id, "lead_x")).not.toBe(leadPoint("exp_other", "lead_x"));
  });

  // Known values: a change to the hash or to the mapping would move running experiments' leads to
  // other variants mid-run, so the assignment of these ids is pinned, not compared with itself.
  it("keeps the assignment of known leads (pinned values)", () => {
    const e = experiment([1, 1, 2]);
    const pinned: [string, number, string][] = [
      ["lead_pin0", 0.954201, "pv_2"],
      ["lead_pin1", 0.556458, "pv_2"],
      ["lead_pin2", 0.19104, "pv_0"],
      ["lead_pin3", 0.661248, "pv_2"],
      ["lead_pin4", 0.368864, "pv_1"],
      ["lead_pin5", 0.858835, "pv_2"],
    ];
    for (const [lead, point, version] of pinned) {
      expect(leadPoint(e.id, lead)).toBeCloseTo(point, 6);
      expect(variantFor(e, lead)).toBe(version);
    }
  });

  // Fixed lead ids (not newId) so the figures are the same on every run, and cheap enough for a
  // loaded machine (newId for 60,000 leads took most of the 5 s timeout there).
  it("splits in proportion to the weights (3:1, 1:1:2 and 4 × 0.25 over 20,000 leads, within 1.5 points)", () => {
    for (const weights of [
      [3, 1],
      [1, 1, 2],
      [0.25, 0.25, 0.25, 0.25],
    ]) {
      const e = experiment(weights);
      const counts = new Map<string, number>();
      for (let i = 0; i < 20_000; i++) {
        const version = variantFor(e, `lead_${i.toString(36).padStart(26, "0")}`);
        counts.set(version, (counts.get(version) ?? 0) + 1);
      }
      const total = weights.reduce((sum, w) => sum + w, 0);
      weights.forEach((weight, i) => expect(Math.abs((counts.get(`pv_${i}`) ?? 0) / 20_000 - weight / total)).toBeLessThan(0.015));
    }
  });

  it("gives points in [0, 1)", () => {
    for (let i = 0; i < 1000; i++) {
      const point = leadPoint("exp_a", newId("lead"));
      expect(point).toBeGreaterThanOrEqual(0);
      expect(point).toBeLessThan(1);
    }
  });
});
