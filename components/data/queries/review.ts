"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { endpoint } from "@/components/data/endpoint";
import { webApi, type Page } from "@/components/data/web-api";
import type { DraftReviewResult } from "@/components/review/draft-checks";
import { queryKeys } from "@/components/data/query-keys";
import { usePagedList } from "@/components/data/use-paged-list";
import type { DraftDetail, QueueFilters, ReviewQueueItem } from "@/components/review/types";
import { DRAFT_STATUS, RUN_LEAD_STATE, SEND_STATUS } from "@/lib/statuses";

const params = (filters: QueueFilters) => ({
  run_id: filters.runId,
  campaign_id: filters.campaignId,
  step: filters.step,
  q: filters.q,
  risk: filters.risk,
  sort: filters.sort,
});

export const reviewQueries = {
  draft: (id: string) => endpoint<DraftDetail>(queryKeys.review.draft(id), `/drafts/${id}`),
  /** The count of a run's low-risk drafts awaiting review and the first three (the low-risk approval's confirmation). */
  lowRisk: (runId: string) => endpoint<Page<ReviewQueueItem>>(queryKeys.review.lowRisk(runId), `/review?run_id=${runId}&risk=low&limit=3`),
};

/** The run's low-risk drafts awaiting review: `total` and three of them; off without a run. */
export function useLowRiskDrafts(runId: string) {
  return useQuery({ ...reviewQueries.lowRisk(runId), enabled: Boolean(runId) });
}

/** `value`, once it has stayed the same for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Evidence, checks and risk of the reviewer's edit (POST /drafts/{id}/check, nothing saved), asked
 * 400 ms after the typing stops; null while the text is the draft's own (its stored review holds).
 */
export function useDraftCheck(id: string, edit: { subject: string; body: string } | null) {
  const key = edit ? JSON.stringify({ subject: edit.subject.trim(), body: edit.body.trim() }) : null;
  const settled = useSettled(key, 400);
  const query = useQuery({
    queryKey: queryKeys.review.check(id, settled ?? ""),
    // The answer keeps the text it was for: its spans are offsets into that text (trimmed, as the server checks it).
    queryFn: async ({ signal }) => {
      const text = JSON.parse(settled!) as { subject: string; body: string };
      const review = await webApi<DraftReviewResult>(`/drafts/${id}/check`, {
        method: "POST",
        body: { subject: text.subject || undefined, body: text.body || undefined },
        signal,
      });
      return { ...review, ...text };
    },
    enabled: settled !== null && key !== null,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
  return { ...query, settling: key !== settled };
}

export function useReviewQueue(filters: QueueFilters) {
  return usePagedList<ReviewQueueItem>({ queryKey: queryKeys.review.queue(params(filters)), path: "/review", params: params(filters), limit: 50 });
}

/** One draft; while an approved draft is on its way to the relay, looks again every 2 s until the send is recorded. */
export function useDraft(id: string) {
  return useQuery({
    ...reviewQueries.draft(id),
    // An approved draft on its way to the relay: look again until the send is recorded.
    refetchInterval: (query) => {
      const data = query.state.data;
      return data && data.draft.status === DRAFT_STATUS.approved && data.run_lead.state === RUN_LEAD_STATE.running && data.send?.status !== SEND_STATUS.sent
        ? data.send?.status === SEND_STATUS.waiting_relay
          ? 10_000
          : 2000
        : false;
    },
  });
}
