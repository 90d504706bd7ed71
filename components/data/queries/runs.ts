"use client";

import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "@/components/data/query-keys";
import { usePagedList } from "@/components/data/use-paged-list";
import { webApi, type Page } from "@/components/data/web-api";
import { ACTIVE_STATUSES, type RunJson, type RunLead, type RunProgress, type TraceJson } from "@/components/runs/types";

/** Runs, newest first; polls every 3 s while a run shown is still moving. */
export function useRunsList(status: string) {
  return usePagedList<RunJson>({
    queryKey: queryKeys.runs.list({ status }), path: "/runs", params: { status }, limit: 25,
    pollWhile: (rows) => (rows.some((run) => ACTIVE_STATUSES.includes(run.status)) ? 3000 : false),
  });
}

/** The 50 newest runs, for a filter's options. */
export function useRunOptions() {
  return useQuery({ queryKey: queryKeys.runs.options(), queryFn: ({ signal }) => webApi<Page<RunJson>>("/runs?limit=50", { signal }) });
}

/** One run's progress: every second while it moves, every 5 s while drafts wait for review. */
export function useRun(id: string) {
  return useQuery({
    queryKey: queryKeys.runs.detail(id),
    queryFn: ({ signal }) => webApi<RunProgress>(`/runs/${id}`, { signal }),
    refetchInterval: (query) => {
      const status = query.state.data?.run.status;
      return status && ACTIVE_STATUSES.includes(status) ? 1000 : status === "awaiting_review" ? 5000 : false;
    },
  });
}

export function useRunLeads(runId: string, filters: { state: string; stage: string }) {
  return usePagedList<RunLead>({ queryKey: queryKeys.runs.leads(runId, filters), path: `/runs/${runId}/leads`, params: filters, limit: 25 });
}

/** A CSV row a run could not import (the header is row 1). */
export type RowError = { row: number; code: string; message: string; raw: string };

/** The run's invalid CSV rows, 50 a page; not fetched while there are none. The key carries the count, so a new one refetches. */
export function useRunRowErrors(runId: string, count: number) {
  return usePagedList<RowError>({ queryKey: queryKeys.runs.errors(runId, count), path: `/runs/${runId}/errors`, limit: 50, enabled: count > 0 });
}

export function useLeadTrace(runId: string, leadId: string) {
  return useQuery({ queryKey: queryKeys.runs.trace(runId, leadId), queryFn: ({ signal }) => webApi<{ data: TraceJson[] }>(`/runs/${runId}/leads/${leadId}/traces`, { signal }) });
}
