"use client";

import { useQuery } from "@tanstack/react-query";
import { endpoint } from "@/components/data/endpoint";
import { queryKeys } from "@/components/data/query-keys";
import { usePagedList } from "@/components/data/use-paged-list";
import type { InboxReply } from "@/lib/replies/inbox";

export type { InboxReply };
export type InboxFilters = { handled: string; classification: string };

export const inboxQueries = {
  count: () => endpoint<{ unhandled: number }>(queryKeys.inbox.count(), "/inbox/count"),
};

/** Replies across runs and campaigns, positive first; polled every 10 s. */
export function useInbox(filters: InboxFilters) {
  return usePagedList<InboxReply>({ queryKey: queryKeys.inbox.list(filters), path: "/inbox", params: filters, limit: 25, pollWhile: () => 10_000 });
}

/** The navigation's count of replies not yet handled; polled every 30 s. */
export function useInboxCount(enabled = true) {
  return useQuery({ ...inboxQueries.count(), refetchInterval: 30_000, enabled });
}
