"use client";

import { useQuery } from "@tanstack/react-query";
import { endpoint } from "@/components/data/endpoint";
import { queryKeys } from "@/components/data/query-keys";
import { usePagedList } from "@/components/data/use-paged-list";
import type { Page } from "@/components/data/web-api";
import { type RunJson, type RunLead, type RunProgress, type TraceJson } from "@/components/runs/types";
import { isWorkingRun, RUN_STATUS } from "@/lib/states/run";

/** A CSV row a run could not import (the header is row 1). */
export type RowError = { row: number; code: string; message: string; raw: string };

export const runQueries = {
  /** The 50 newest runs, for a filter's options. */
  options: () => endpoint<Page<RunJson>>(queryKeys.runs.options(), "/runs?limit=50"),
  detail: (id: string) => endpoint<RunProgress>(queryKeys.runs.detail(id), `/runs/${id}`),
  trace: (runId: string, leadId: string) => endpoint<{ data: TraceJson[] }>(queryKeys.runs.trace(runId, leadId), `/runs/${runId}/leads/${leadId}/traces`),
};

/** Runs, newest first; polls every 3 s while a run shown is still moving. */
export function useRunsList(status: string) {
  return usePagedList<RunJson>({
    queryKey: queryKeys.runs.list({ status }),
    path: "/runs",
    params: { status },
    limit: 25,
    pollWhile: (rows) => (rows.some((run) => isWorkingRun(run.status)) ? 3000 : false),
  });
}

export function useRunOptions() {
  return useQuery(runQueries.options());
}

/** One run's progress: every second while it moves, every 5 s while drafts wait for review. */
export function useRun(id: string) {
  return useQuery({
    ...runQueries.detail(id),
    refetchInterval: (query) => {
      const status = query.state.data?.run.status;
      return isWorkingRun(status) ? 1000 : status === RUN_STATUS.awaiting_review ? 5000 : false;
    },
  });
}

export function useRunLeads(runId: string, filters: { state: string; stage: string }) {
  return usePagedList<RunLead>({ queryKey: queryKeys.runs.leads(runId, filters), path: `/runs/${runId}/leads`, params: filters, limit: 25 });
}

/** The run's invalid CSV rows, 50 a page; not fetched while there are none. The key carries the count, so a new one refetches. */
export function useRunRowErrors(runId: string, count: number) {
  return usePagedList<RowError>({ queryKey: queryKeys.runs.errors(runId, count), path: `/runs/${runId}/errors`, limit: 50, enabled: count > 0 });
}

export function useLeadTrace(runId: string, leadId: string) {
  return useQuery(runQueries.trace(runId, leadId));
}

/** A send whose outcome is unknown (GET /api/web/runs/{id}/in-doubt; lib/sending/list-sends.ts). */
export type SendInDoubt = {
  id: string;
  draft_id: string;
  lead_id: string;
  to: string;
  subject: string;
  message_id: string;
  attempts: number;
  note: string | null;
  in_doubt_since: string | null;
  sent_folder_checked_at: string | null;
};

/** The run's sends in doubt; polled every 5 s while the run is sending (the Sent folder may resolve them). */
export function useRunSendsInDoubt(runId: string, sending: boolean) {
  return useQuery({
    ...endpoint<Page<SendInDoubt>>(queryKeys.runs.inDoubt(runId), `/runs/${runId}/in-doubt`),
    refetchInterval: sending ? 5000 : false,
  });
}
