// The statistics of an experiment, pure (no database, no clock): each variant's rate with a 95 %
// Wilson score interval, the probability that each variant is the best under independent
// Beta(1 + successes, 1 + failures) posteriors (uniform priors), and how many more sends per variant
// would tell a 2-point difference apart. docs/pipeline.md, "Experiments", explains the choices.

export type Count = { successes: number; trials: number };

const Z95 = 1.959963984540054; // two-sided 95 %
const Z80 = 0.8416212335729143; // one-sided 80 % power

/** Wilson score interval (95 %) for successes out of trials; [0, 1] with no trials. */
export function wilsonInterval({ successes, trials }: Count, z = Z95): [number, number] {
  if (trials <= 0) return [0, 1];
  const p = successes / trials;
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const center = (p + z2 / (2 * trials)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / denominator;
  return [Math.max(0, center - half), Math.min(1, center + half)];
}

/** ln Γ(x) for x > 0 (Lanczos, g = 7, n = 9): about 15 significant digits. */
export function logGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012,
    9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const y = x - 1;
  let a = c[0];
  const t = y + 7.5;
  for (let i = 1; i < 9; i++) a += c[i] / (y + i);
  return 0.5 * Math.log(2 * Math.PI) + (y + 0.5) * Math.log(t) - t + Math.log(a);
}

const logBeta = (a: number, b: number) => logGamma(a) + logGamma(b) - logGamma(a + b);

/**
 * P(X_b > X_a) for X_a ~ Beta(αa, βa), X_b ~ Beta(αb, βb) with integer αb, exactly (a finite sum of
 * αb terms, Evan Miller's closed form), in log space so large counts neither overflow nor underflow.
 */
export function probabilityBBeatsA(alphaA: number, betaA: number, alphaB: number, betaB: number): number {
  let total = 0;
  for (let i = 0; i < alphaB; i++) {
    total += Math.exp(logBeta(alphaA + i, betaA + betaB) - Math.log(betaB + i) - logBeta(1 + i, betaB) - logBeta(alphaA, betaA));
  }
  return Math.min(1, Math.max(0, total));
}

/** mulberry32: a small seeded generator, so a simulated probability is the same on every read. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function normal(random: () => number): number {
  // Box–Muller; 1 - u keeps the logarithm finite.
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/** Gamma(shape, 1) by Marsaglia and Tsang (shape ≥ 1, always true here: shapes are 1 + a count). */
function gamma(shape: number, random: () => number): number {
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x: number;
    let v: number;
    do {
      x = normal(random);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = 1 - random();
    if (Math.log(u) < 0.5 * x * x + d - d * v + d * Math.log(v)) return d * v;
  }
}

function beta(a: number, b: number, random: () => number): number {
  const x = gamma(a, random);
  return x / (x + gamma(b, random));
}

export const SIMULATION_DRAWS = 20_000;
export const SIMULATION_SEED = 20_261_126;

/**
 * For each variant, the probability that its true rate is the highest, under Beta(1 + s, 1 + n − s)
 * posteriors. Two variants: exact. Three or four: a seeded simulation of SIMULATION_DRAWS draws
 * (standard error under 0.004), the same answer on every read.
 */
export function probabilityBest(counts: Count[], draws = SIMULATION_DRAWS, seed = SIMULATION_SEED): number[] {
  if (counts.length === 0) return [];
  if (counts.length === 1) return [1];
  const params = counts.map(({ successes, trials }) => ({ a: 1 + successes, b: 1 + Math.max(0, trials - successes) }));
  if (counts.length === 2) {
    const second = probabilityBBeatsA(params[0].a, params[0].b, params[1].a, params[1].b);
    return [1 - second, second];
  }
  const random = seededRandom(seed);
  const wins = new Array<number>(counts.length).fill(0);
  for (let draw = 0; draw < draws; draw++) {
    let best = 0;
    let bestValue = -1;
    for (let i = 0; i < params.length; i++) {
      const value = beta(params[i].a, params[i].b, random);
      if (value > bestValue) [best, bestValue] = [i, value];
    }
    wins[best]++;
  }
  return wins.map((won) => won / draws);
}

/**
 * Sends per variant for a two-sided test at 5 % with 80 % power to tell `baseline` from
 * `baseline + difference` (the normal approximation for two proportions).
 */
export function sendsPerVariant(baseline: number, difference = 0.02): number {
  const p1 = Math.min(Math.max(baseline, 0), 1 - difference);
  const p2 = p1 + difference;
  const pooled = (p1 + p2) / 2;
  const root = Z95 * Math.sqrt(2 * pooled * (1 - pooled)) + Z80 * Math.sqrt(p1 * (1 - p1) + p2 * (1 - p2));
  return Math.ceil((root * root) / (difference * difference));
}

/** The baseline rate assumed before any send: a typical cold-email reply rate. */
export const PRIOR_BASELINE = 0.05;

export type Verdict = {
  enough_data: boolean;
  /** Sends still needed per variant (the variant with the fewest) to tell a 2-point difference; 0 when there are enough. */
  needs_more_per_variant: number;
  message: string;
};

/**
 * Whether the variants have enough sends to say anything: every variant at least `minPerVariant`.
 * The sample size to tell a 2-point difference is computed at the pooled observed rate (or
 * PRIOR_BASELINE before any send); the message asks for the larger of the two.
 */
export function verdict(counts: Count[], minPerVariant: number, difference = 0.02): Verdict {
  const sent = counts.map((count) => count.trials);
  const fewest = sent.length ? Math.min(...sent) : 0;
  const totalTrials = sent.reduce((sum, n) => sum + n, 0);
  const totalSuccesses = counts.reduce((sum, count) => sum + count.successes, 0);
  const baseline = totalTrials > 0 ? totalSuccesses / totalTrials : PRIOR_BASELINE;
  const toTell = sendsPerVariant(baseline, difference);
  const enough = fewest >= minPerVariant;
  const needs = Math.max(0, Math.max(toTell, minPerVariant) - fewest);
  const points = Math.round(difference * 100);
  const sends = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "send" : "sends"}`;
  if (!enough)
    return {
      enough_data: false,
      needs_more_per_variant: needs,
      message: `Not enough data yet: needs ~${needs.toLocaleString("en-US")} more sends per variant to tell a ${points}-point difference (the minimum is ${sends(minPerVariant)} per variant).`,
    };
  return {
    enough_data: true,
    needs_more_per_variant: needs,
    message:
      needs > 0
        ? `Every variant has its minimum of ${sends(minPerVariant)}; ~${needs.toLocaleString("en-US")} more per variant would tell a ${points}-point difference.`
        : `Every variant has enough sends to tell a ${points}-point difference.`,
  };
}
