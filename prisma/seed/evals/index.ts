import { DRAFT_EMAIL_SET } from "./draft-email";
import { EXTRACT_SIGNALS_SET } from "./extract-signals";
import { FOLLOW_UP_SET } from "./follow-up";
import { QUALIFY_SET } from "./qualify";
import { REPLY_SET } from "./reply";
import { TRACK_SET } from "./track";
import type { SeedEvalSet } from "./types";

// The built-in evaluation sets: one per prompt stage (follow_up and reply included), named by every shipped version's evals_ref.
export const SEED_EVAL_SETS: SeedEvalSet[] = [EXTRACT_SIGNALS_SET, QUALIFY_SET, DRAFT_EMAIL_SET, TRACK_SET, FOLLOW_UP_SET, REPLY_SET];
