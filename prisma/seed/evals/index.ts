import { DRAFT_EMAIL_SET } from "./draft-email";
import { EXTRACT_SIGNALS_SET } from "./extract-signals";
import { QUALIFY_SET } from "./qualify";
import { TRACK_SET } from "./track";
import type { SeedEvalSet } from "./types";

// The built-in evaluation sets: one per machine stage, named by every shipped version's evals_ref.
export const SEED_EVAL_SETS: SeedEvalSet[] = [EXTRACT_SIGNALS_SET, QUALIFY_SET, DRAFT_EMAIL_SET, TRACK_SET];
