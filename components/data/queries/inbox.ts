"use client";

import { useQuery } from "@tanstack/react-query";
import { endpoint } from "@/components/data/endpoint";
import { queryKeys } from "@/components/data/query-keys";
import { usePagedList } from "@/components/data/use-paged-list";
import type { InboxReply } from "@/lib/replies/inbox";
import type { ReplyThread, ReplyThreadEntry } from "@/lib/replies/reply-thread";
import { DRAFT_STATUS } from "@/lib/states/draft";

export type { InboxReply, ReplyThread, ReplyThreadEntry };
export type InboxFilters = { handled: string; classification: string };

export const inboxQueries = {
  count: () => endpoint<{ unhandled: number }>(queryKeys.inbox.count(), "/inbox/count"),
  thread: (replyId: string) => endpoint<ReplyThread>(queryKeys.inbox.thread(replyId), `/replies/${replyId}`),
};

/** Replies across runs and campaigns, positive first; polled every 10 s. */
export function useInbox(filters: InboxFilters) {
  return usePagedList<InboxReply>({ queryKey: queryKeys.inbox.list(filters), path: "/inbox", params: filters, limit: 25, pollWhile: () => 10_000 });
}

/** The navigation's count of replies not yet handled; polled every 30 s. */
export function useInboxCount(enabled = true) {
  return useQuery({ ...inboxQueries.count(), refetchInterval: 30_000, enabled });
}

/** A reply's whole thread (what we sent, the replies, their answers); polled every 5 s while an answer is on its way. */
export function useReplyThread(replyId: string) {
  return useQuery({
    ...inboxQueries.thread(replyId),
    refetchInterval: (query) =>
      query.state.data?.entries.some((entry) => entry.type === "reply" && entry.answer?.status === DRAFT_STATUS.approved) ? 2000 : 10_000,
  });
}
