"use client";

import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "@/components/data/query-keys";
import { webApi } from "@/components/data/web-api";
import type { EvalComparison, EvalSetJson, EvalSetSummary, EvaluationSummary } from "@/components/evals/types";
import type { VersionOutcomes } from "@/lib/evals/outcomes";

/** One version's outcomes in a prompt's table. */
export type PromptOutcomeRow = VersionOutcomes & { version: string };

const versionPath = (name: string, version: string) => `/prompts/${encodeURIComponent(name)}/versions/${encodeURIComponent(version)}`;

export const comparisonPath = (name: string, version: string) => `${versionPath(name, version)}/evaluation`;

export function comparisonQuery(name: string, version: string) {
  return { queryKey: queryKeys.evals.comparison(name, version), queryFn: ({ signal }: { signal: AbortSignal }) => webApi<EvalComparison>(comparisonPath(name, version), { signal }) };
}

export function useComparison(name: string, version: string) {
  return useQuery(comparisonQuery(name, version));
}

export function useEvalSets() {
  return useQuery({ queryKey: queryKeys.evals.sets(), queryFn: ({ signal }) => webApi<{ data: EvalSetSummary[] }>("/eval-sets", { signal }) });
}

export function useEvalSet(id: string) {
  return useQuery({ queryKey: queryKeys.evals.set(id), queryFn: ({ signal }) => webApi<EvalSetJson>(`/eval-sets/${id}`, { signal }) });
}

/** How one version did with this workspace's leads. */
export function useVersionOutcomes(name: string, version: string) {
  return useQuery({ queryKey: queryKeys.evals.outcomes(name, version), queryFn: ({ signal }) => webApi<VersionOutcomes>(`${versionPath(name, version)}/outcomes`, { signal }) });
}

/** Every version of a prompt with its outcomes in this workspace. */
export function usePromptOutcomes(name: string) {
  return useQuery({ queryKey: queryKeys.evals.promptOutcomes(name), queryFn: ({ signal }) => webApi<{ data: PromptOutcomeRow[] }>(`/prompts/${encodeURIComponent(name)}/outcomes`, { signal }) });
}

/** Starts an evaluation and waits for the worker to finish it (polling every 400 ms, at most 2 minutes). */
export async function evaluateAndWait(body: { prompt: string; version: string; provider?: string }): Promise<EvaluationSummary> {
  const created = await webApi<EvaluationSummary>("/evaluations", { method: "POST", body });
  const until = Date.now() + 120_000;
  for (;;) {
    const current = await webApi<EvaluationSummary>(`/evaluations/${created.id}`);
    if (current.status === "done") return current;
    if (current.status === "failed") throw new Error(`The evaluation failed: ${current.error ?? "unknown error"}`);
    if (Date.now() > until) throw new Error("The evaluation is still running; reload the page in a moment.");
    await new Promise((resolve) => setTimeout(resolve, 400));
  }
}
