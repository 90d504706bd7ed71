"use client";

import { useQuery } from "@tanstack/react-query";
import { endpoint } from "@/components/data/endpoint";
import { queryKeys } from "@/components/data/query-keys";
import { webApi } from "@/components/data/web-api";
import type { EvalComparison, EvalSetJson, EvalSetSummary, EvaluationSummary } from "@/components/evals/types";
import type { VersionOutcomes } from "@/lib/evals/outcomes";
import { JOB_ROW_STATUS } from "@/lib/statuses";

/** One version's outcomes in a prompt's table. */
export type PromptOutcomeRow = VersionOutcomes & { version: string };

const promptPath = (name: string) => `/prompts/${encodeURIComponent(name)}`;
const versionPath = (name: string, version: string) => `${promptPath(name)}/versions/${encodeURIComponent(version)}`;

export const evalQueries = {
  /** A version's evaluation against its parent (the campaign page asks for every fork's at once). */
  comparison: (name: string, version: string) =>
    endpoint<EvalComparison>(queryKeys.evals.comparison(name, version), `${versionPath(name, version)}/evaluation`),
  sets: () => endpoint<{ data: EvalSetSummary[] }>(queryKeys.evals.sets(), "/eval-sets"),
  set: (id: string) => endpoint<EvalSetJson>(queryKeys.evals.set(id), `/eval-sets/${id}`),
  /** How one version did with this workspace's leads. */
  outcomes: (name: string, version: string) => endpoint<VersionOutcomes>(queryKeys.evals.outcomes(name, version), `${versionPath(name, version)}/outcomes`),
  /** Every version of a prompt with its outcomes in this workspace. */
  promptOutcomes: (name: string) => endpoint<{ data: PromptOutcomeRow[] }>(queryKeys.evals.promptOutcomes(name), `${promptPath(name)}/outcomes`),
};

export function useComparison(name: string, version: string) {
  return useQuery(evalQueries.comparison(name, version));
}

export function useEvalSets() {
  return useQuery(evalQueries.sets());
}

export function useEvalSet(id: string) {
  return useQuery(evalQueries.set(id));
}

export function useVersionOutcomes(name: string, version: string) {
  return useQuery(evalQueries.outcomes(name, version));
}

export function usePromptOutcomes(name: string) {
  return useQuery(evalQueries.promptOutcomes(name));
}

/** Starts an evaluation and waits for the worker to finish it (polling every 400 ms, at most 2 minutes). */
export async function evaluateAndWait(body: { prompt: string; version: string; provider?: string }): Promise<EvaluationSummary> {
  const created = await webApi<EvaluationSummary>("/evaluations", { method: "POST", body });
  const until = Date.now() + 120_000;
  for (;;) {
    const current = await webApi<EvaluationSummary>(`/evaluations/${created.id}`);
    if (current.status === JOB_ROW_STATUS.done) return current;
    if (current.status === JOB_ROW_STATUS.failed) throw new Error(`The evaluation failed: ${current.error ?? "unknown error"}`);
    if (Date.now() > until) throw new Error("The evaluation is still running; reload the page in a moment.");
    await new Promise((resolve) => setTimeout(resolve, 400));
  }
}
