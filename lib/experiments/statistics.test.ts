import { describe, expect, it } from "vitest";
import { logGamma, probabilityBBeatsA, probabilityBest, sendsPerVariant, verdict, wilsonInterval } from "@/lib/experiments/statistics";

// Reference values computed independently: Wilson by hand from the textbook formula; the Beta
// probabilities by numerical integration of ∫ pdf_B(x)·cdf_A(x) dx with SciPy (quad) and, for three
// variants, by two million NumPy draws; the sample sizes with Python from the same normal formula.

describe("wilsonInterval", () => {
  it("matches the known interval for 30/100", () => {
    const [low, high] = wilsonInterval({ successes: 30, trials: 100 });
    expect(low).toBeCloseTo(0.2189, 4);
    expect(high).toBeCloseTo(0.3958, 4);
  });
  it("stays inside [0, 1] at the edges and is [0, 1] without trials", () => {
    const [low0, high0] = wilsonInterval({ successes: 0, trials: 20 });
    expect(low0).toBe(0);
    expect(high0).toBeCloseTo(0.1611, 4);
    const [low5, high5] = wilsonInterval({ successes: 5, trials: 5 });
    expect(low5).toBeCloseTo(0.5655, 4);
    expect(high5).toBe(1);
    expect(wilsonInterval({ successes: 0, trials: 0 })).toEqual([0, 1]);
  });
});

describe("probability of being best", () => {
  it("logGamma agrees with factorials", () => {
    expect(logGamma(1)).toBeCloseTo(0, 12);
    expect(logGamma(11)).toBeCloseTo(Math.log(3628800), 10);
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 12);
  });
  it("knows the closed cases: two uniforms tie, Beta(2,1) beats a uniform two times in three", () => {
    expect(probabilityBBeatsA(1, 1, 1, 1)).toBeCloseTo(0.5, 12);
    expect(probabilityBBeatsA(1, 1, 2, 1)).toBeCloseTo(2 / 3, 12);
  });
  it("matches numerical integration (SciPy) for two variants", () => {
    // A: 30 of 100 replied, B: 10 of 100 → P(B best) = 0.000188866
    const [a, b] = probabilityBest([
      { successes: 30, trials: 100 },
      { successes: 10, trials: 100 },
    ]);
    expect(b).toBeCloseTo(0.00018886567537, 9);
    expect(a + b).toBeCloseTo(1, 12);
    // 5/100 vs 3/100 → P(second best) = 0.248896
    expect(
      probabilityBest([
        { successes: 5, trials: 100 },
        { successes: 3, trials: 100 },
      ])[1],
    ).toBeCloseTo(0.24889622631, 8);
    // 50/1000 vs 40/1000 → 0.141619
    expect(
      probabilityBest([
        { successes: 50, trials: 1000 },
        { successes: 40, trials: 1000 },
      ])[1],
    ).toBeCloseTo(0.14161851775, 8);
  });
  it("simulates three variants close to two million NumPy draws, the same on every call", () => {
    const counts = [
      { successes: 12, trials: 100 },
      { successes: 8, trials: 100 },
      { successes: 15, trials: 100 },
    ];
    const first = probabilityBest(counts);
    expect(first[0]).toBeCloseTo(0.2586, 1);
    expect(Math.abs(first[0] - 0.2586)).toBeLessThan(0.015);
    expect(Math.abs(first[1] - 0.0352)).toBeLessThan(0.008);
    expect(Math.abs(first[2] - 0.7062)).toBeLessThan(0.015);
    expect(first.reduce((sum, p) => sum + p, 0)).toBeCloseTo(1, 12);
    expect(probabilityBest(counts)).toEqual(first);
  });
  // Its speed is not asserted here (a timing assertion flakes on a loaded machine): the experiments
  // benchmark measures it (npm run bench:experiments). This checks the large-count answer.
  it("answers for large counts (100,000 sends each)", () => {
    const [, b] = probabilityBest([
      { successes: 5_000, trials: 100_000 },
      { successes: 5_100, trials: 100_000 },
    ]);
    expect(b).toBeGreaterThan(0.8);
    expect(b).toBeLessThan(0.9);
  });
});

describe("sample size", () => {
  it("matches the two-proportion formula (5 % → 7 %: 2213 per variant; 10 % → 12 %: 3841)", () => {
    expect(sendsPerVariant(0.05)).toBe(2213);
    expect(sendsPerVariant(0.1)).toBe(3841);
  });
  it("says not enough data below the minimum, with the sends still needed", () => {
    const result = verdict(
      [
        { successes: 1, trials: 5 },
        { successes: 0, trials: 5 },
      ],
      50,
    );
    expect(result.enough_data).toBe(false);
    expect(result.needs_more_per_variant).toBeGreaterThan(45);
    expect(result.message).toMatch(/^Not enough data yet: needs ~[\d,]+ more sends per variant to tell a 2-point difference/);
    expect(
      verdict(
        [
          { successes: 30, trials: 100 },
          { successes: 10, trials: 100 },
        ],
        100,
      ).enough_data,
    ).toBe(true);
  });
});
