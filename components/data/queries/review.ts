"use client";

import { useQuery } from "@tanstack/react-query";
import { endpoint } from "@/components/data/endpoint";
import { queryKeys } from "@/components/data/query-keys";
import { usePagedList } from "@/components/data/use-paged-list";
import type { DraftDetail, QueueFilters, ReviewQueueItem } from "@/components/review/types";
import { DRAFT_STATUS, RUN_LEAD_STATE, SEND_STATUS } from "@/lib/statuses";

const params = (filters: QueueFilters) => ({ run_id: filters.runId, campaign_id: filters.campaignId, step: filters.step, q: filters.q });

export const reviewQueries = {
  draft: (id: string) => endpoint<DraftDetail>(queryKeys.review.draft(id), `/drafts/${id}`),
};

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
