import type { RunReview } from "@/lib/runs/run-review";

// The run page's line about its review (contract §13: decision_ms and the run's median), in words.

/** "14 s", "2 min 5 s", "1 h 3 min": a review time as a reviewer reads it. */
export function reviewTime(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return seconds % 60 ? `${minutes} min ${seconds % 60} s` : `${minutes} min`;
  return minutes % 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${Math.floor(minutes / 60)} h`;
}

export function reviewWords(review: RunReview): string {
  if (review.decided === 0) return "No draft of this run decided yet.";
  const decided = `${review.decided.toLocaleString()} draft${review.decided === 1 ? "" : "s"} decided`;
  if (review.median_decision_ms === null) return `${decided}; none was opened before its decision, so no review time.`;
  return `${decided} · median ${reviewTime(review.median_decision_ms)} from a reviewer's first read to the decision.`;
}
