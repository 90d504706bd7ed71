// Per-provider limits inside one worker process: at most `maxConcurrency` calls in flight and
// `requestsPerMinute` started per minute (a token bucket). With several worker processes, each
// applies the limits on its own (docs/pipeline.md).

type Limits = { maxConcurrency: number; requestsPerMinute: number };
type State = { active: number; waiting: (() => void)[]; tokens: number; refilledAt: number; limits: Limits };

const states = new Map<string, State>();

function state(key: string, limits: Limits): State {
  let current = states.get(key);
  if (!current) {
    current = { active: 0, waiting: [], tokens: limits.requestsPerMinute, refilledAt: Date.now(), limits };
    states.set(key, current);
  }
  current.limits = limits;
  return current;
}

function takeRateToken(current: State): number {
  const now = Date.now();
  const perMs = current.limits.requestsPerMinute / 60_000;
  current.tokens = Math.min(current.limits.requestsPerMinute, current.tokens + (now - current.refilledAt) * perMs);
  current.refilledAt = now;
  if (current.tokens >= 1) {
    current.tokens -= 1;
    return 0;
  }
  return Math.ceil((1 - current.tokens) / perMs);
}

export async function withProviderSlot<T>(key: string, limits: Limits, call: () => Promise<T>): Promise<T> {
  const current = state(key, limits);
  while (current.active >= current.limits.maxConcurrency) await new Promise<void>((resolve) => current.waiting.push(resolve));
  current.active++;
  try {
    for (let wait = takeRateToken(current); wait > 0; wait = takeRateToken(current)) await new Promise((resolve) => setTimeout(resolve, wait));
    return await call();
  } finally {
    current.active--;
    current.waiting.shift()?.();
  }
}
