// When the next delivery attempt happens (contract §7): after the first attempt, wait the
// schedule's delays in turn (±10 % jitter), and make a last attempt at the window's end
// (first attempt + WEBHOOK_RETRY_WINDOW_SECONDS); after that the delivery is dead-lettered.
// Jitter never carries an attempt past the window.

export type NextAttempt = { at: Date } | { deadLetter: true };

export function nextAttempt(options: {
  attemptsMade: number;
  firstAttemptAt: Date;
  now: Date;
  scheduleSeconds: number[];
  windowSeconds: number;
  random?: () => number;
}): NextAttempt {
  const { attemptsMade, firstAttemptAt, now, scheduleSeconds, windowSeconds, random = Math.random } = options;
  const windowEnd = firstAttemptAt.getTime() + windowSeconds * 1000;
  if (now.getTime() >= windowEnd) return { deadLetter: true };
  const delay = scheduleSeconds[attemptsMade - 1];
  if (delay === undefined) return { at: new Date(windowEnd) };
  const jittered = delay * 1000 * (0.9 + 0.2 * random());
  return { at: new Date(Math.min(now.getTime() + jittered, windowEnd)) };
}
