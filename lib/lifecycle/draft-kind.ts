// A draft's kind (contract §13): the first email of a lead's sequence, a later step (follow_up), or
// an answer to a reply (reply). An answer is no step of the sequence: it is stored with step -1,
// -2, … (its number among the run lead's answers) so that the one-draft-per-step index still holds
// and every query of steps (step >= 1) leaves it out; it is shown with `step` null.
// Pure data: safe to import from components/.

export const DRAFT_KINDS = ["first", "follow_up", "reply"] as const;
export type DraftKind = (typeof DRAFT_KINDS)[number];

/** The kind a sequence step's draft has. */
export const kindOfStep = (step: number): DraftKind => (step === 1 ? "first" : step > 1 ? "follow_up" : "reply");

/** The step as the API and events show it: null for an answer. */
export const publicStep = (step: number): number | null => (step >= 1 ? step : null);
