import { waitInWords } from "@/lib/campaigns/duration";

// The step editor's model (components/campaigns/step-editor.tsx), pure so it is unit-tested and
// safe in the browser. People type a wait as a number and a unit; the API takes an ISO 8601
// duration (contract §12), so the editor writes "P3D", "PT4H", "PT30M" or "PT5S" from the pair and
// reads a stored wait back as the largest unit that divides it ("P1DT12H" reads as 36 hours).

/** As lib/campaigns/steps.ts (which the browser cannot import: it reads the database); a unit test holds them equal. */
export const MAX_STEPS = 8;

export const WAIT_UNITS = [
  { unit: "days", seconds: 86400, label: "days" },
  { unit: "hours", seconds: 3600, label: "hours" },
  { unit: "minutes", seconds: 60, label: "minutes" },
  { unit: "seconds", seconds: 1, label: "seconds" },
] as const;
export type WaitUnit = (typeof WAIT_UNITS)[number]["unit"];

/** A later step as the editor holds it. `prompt` "" is follow_up as the workspace resolves it. */
export type StepDraft = { key: string; amount: string; unit: WaitUnit; prompt: string };

/** The number and unit a wait in seconds is shown as. */
export function waitParts(seconds: number): { amount: string; unit: WaitUnit } {
  const fit = WAIT_UNITS.find((entry) => seconds % entry.seconds === 0) ?? WAIT_UNITS[WAIT_UNITS.length - 1];
  return { amount: String(seconds / fit.seconds), unit: fit.unit };
}

/** A whole number of at least 1, or null (the editor says so before asking the server). */
export function wholeAmount(amount: string): number | null {
  const text = amount.trim();
  if (!/^\d+$/.test(text)) return null;
  const value = Number(text);
  return value >= 1 && Number.isSafeInteger(value) ? value : null;
}

/** The ISO 8601 duration for a number and a unit: 3 days "P3D", 4 hours "PT4H", 5 seconds "PT5S". */
export function waitIso(amount: string, unit: WaitUnit): string | null {
  const value = wholeAmount(amount);
  if (value === null) return null;
  if (unit === "days") return `P${value}D`;
  return `PT${value}${unit === "hours" ? "H" : unit === "minutes" ? "M" : "S"}`;
}

/**
 * The wait in words ("3 days", "1 day and 12 hours"), or null when it is not a whole number. A wait
 * past the server's limit is still said: the server's 422 names the limit.
 */
export function waitWords(amount: string, unit: WaitUnit): string | null {
  const value = wholeAmount(amount);
  if (value === null) return null;
  return waitInWords(value * WAIT_UNITS.find((entry) => entry.unit === unit)!.seconds);
}

/** The later steps of a campaign as GET shows them, as editor rows with fresh keys. */
export function draftsFromSteps(
  steps: { step: number; wait_seconds: number | null; prompt: string; version: { name: string; version: string } | null }[],
  pins: readonly string[],
): StepDraft[] {
  return steps
    .filter((step) => step.step > 1)
    .map((step) => {
      const parts = waitParts(step.wait_seconds ?? 86400);
      return { key: `saved-${step.step}`, ...parts, prompt: pinValue(step, pins) };
    });
}

/**
 * The picker's value for a stored step: "" for "follow_up", else the option whose pin is the one
 * stored, or, when the pin was written another way ("follow_up@demo:v1.0.0" vs the option's
 * spelling), the option of the version it resolved to.
 */
function pinValue(step: { prompt: string; version: { name: string; version: string } | null }, pins: readonly string[]): string {
  if (step.prompt === "follow_up") return "";
  if (pins.includes(step.prompt)) return step.prompt;
  const resolved = step.version ? `${step.version.name}:${step.version.version}` : null;
  return resolved && pins.includes(resolved) ? resolved : step.prompt;
}

/** The body PATCH /campaigns/{id} takes: step 1 `{}`, then each later step's wait and prompt (invalid waits sent as typed, for the server to name). */
export function stepsBody(drafts: StepDraft[]): { wait?: string; prompt?: string }[] {
  return [{}, ...drafts.map((draft) => ({ wait: waitIso(draft.amount, draft.unit) ?? draft.amount.trim(), prompt: draft.prompt || "follow_up" }))];
}

/** Moves the later step at `index` by `by` places (-1 up, +1 down); step 1 is not in the list, so it never moves. */
export function moveStep<T>(list: T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (target < 0 || target >= list.length) return list;
  const next = [...list];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}
