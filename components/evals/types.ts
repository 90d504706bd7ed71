import type { ReplayJson } from "@/lib/replays/replays";
import type { JobRowStatus } from "@/lib/states/job-row";

// Shapes of /api/web/eval-sets/**, /api/web/evaluations/** and a version's comparison (lib/evals/).

export type EvaluationSummary = {
  id: string;
  prompt: { name: string; version: string; version_id: string };
  set: { id: string; ref: string; name: string; stage: string };
  provider: string;
  model: string;
  status: JobRowStatus;
  case_count: number;
  passed: number;
  valid: number;
  pass_rate: number | null;
  validity: number | null;
  latency_ms: number;
  mean_case_latency_ms: number | null;
  cost_usd: number;
  error: string | null;
  created_at: string;
  finished_at: string | null;
};

export type CaseSide = { passed: boolean; valid: boolean; output_text: string; failures: string[] };

export type EvalComparison = {
  version: { id: string; name: string; version: string };
  parent: { id: string; name: string; version: string } | null;
  set: { id: string; ref: string; name: string } | null;
  fork_evaluation: EvaluationSummary | null;
  parent_evaluation: EvaluationSummary | null;
  regression: boolean;
  changed: { case_id: string; case_name: string; parent: CaseSide; fork: CaseSide }[];
};

export type EvalCaseJson = {
  id: string;
  name: string;
  input: unknown;
  expect: unknown;
  source: string;
  draft_id: string | null;
  own: boolean;
  created_at: string;
};
export type EvalSetSummary = {
  id: string;
  ref: string;
  stage: string;
  name: string;
  description: string;
  built_in: boolean;
  case_count: number;
  created_at: string;
};
export type EvalSetJson = EvalSetSummary & { context: unknown; cases: EvalCaseJson[] };

// Behaviour diffs, /api/web/replays/** (lib/replays/replays.ts).
export type { ReplayJson };
export type ReplaySummary = Omit<ReplayJson, "results">;
export type ReplayResultJson = ReplayJson["results"][number];
