// The review queue page's browser helpers: which key presses are shortcuts, and the filters the address keeps.

import type { QueueFilters as Filters } from "@/components/review/types";

/** Keys typed into a field, or with a modifier, or while a dialog is open, are not shortcuts. */
export function isShortcut(event: KeyboardEvent): boolean {
  if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return false;
  const target = event.target as HTMLElement | null;
  if (target?.closest("input, textarea, select, [contenteditable=true], dialog[open]")) return false;
  return !document.querySelector("dialog[open]");
}

/** The filters the address keeps (`?run=&step=&risk=&sort=`), so a reload or a shared link shows the same queue. */
export function keepInAddress(filters: Filters) {
  const url = new URL(window.location.href);
  for (const [key, value] of [
    ["run", filters.runId],
    ["step", filters.step],
    ["risk", filters.risk],
    ["sort", filters.sort],
  ] as const) {
    if (value) url.searchParams.set(key, value);
    else url.searchParams.delete(key);
  }
  window.history.replaceState(window.history.state, "", url);
}

/**
 * The filters the address holds now. Going Back to the queue restores the server's first render of it
 * (its searchParams as they were on arrival), while keepInAddress has since written the applied
 * filters into this history entry: the address is the truth. Validated as the page validates them.
 */
export function filtersInAddress(): Partial<Filters> {
  if (typeof window === "undefined") return {};
  const params = new URL(window.location.href).searchParams;
  const pick = (key: string, valid: RegExp) => {
    const value = params.get(key);
    return value && valid.test(value) ? value : "";
  };
  return {
    runId: pick("run", /^run_[0-9a-z]{26}$/),
    step: pick("step", /^[1-8]$/),
    risk: pick("risk", /^(low|medium|high)$/),
    sort: pick("sort", /^risk$/),
  };
}
