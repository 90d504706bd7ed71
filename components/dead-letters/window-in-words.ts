// Pure: used by the dead-letter page (server) and its view (client).
/** "24 hours", "90 minutes", "2 days": the configured retry window in words. */
export function windowInWords(seconds: number): string {
  const unit = (count: number, word: string) => `${count.toLocaleString()} ${word}${count === 1 ? "" : "s"}`;
  if (seconds % 86400 === 0 && seconds >= 172800) return unit(seconds / 86400, "day");
  if (seconds % 3600 === 0) return unit(seconds / 3600, "hour");
  if (seconds % 60 === 0) return unit(seconds / 60, "minute");
  return unit(seconds, "second");
}
