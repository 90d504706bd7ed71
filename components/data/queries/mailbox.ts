"use client";

import { useQuery } from "@tanstack/react-query";
import { endpoint } from "@/components/data/endpoint";
import { queryKeys } from "@/components/data/query-keys";
import { usePagedList } from "@/components/data/use-paged-list";

import type { ShownMailboxState } from "@/lib/states/mailbox";

export type MailboxState = ShownMailboxState;
export type Mailbox = {
  host: string;
  port: number;
  secure: boolean;
  username: string;
  has_password: boolean;
  folders: string[];
  status: { state: MailboxState; last_error: string | null; last_checked_at: string | null; changed_at: string | null };
  updated_at: string;
};
export type UnmatchedMessage = {
  id: string;
  folder: string;
  uid: number;
  message_id: string | null;
  from: string;
  subject: string;
  received_at: string;
  text: string;
  size: number;
};
export type RunReply = {
  id: string;
  lead_id: string | null;
  draft_id: string | null;
  run_id: string | null;
  from: string;
  subject: string;
  text: string;
  received_at: string;
  classification: string | null;
  confidence: number | null;
  classified_at: string | null;
  source: "mailbox" | "api";
  corrected_by: string | null;
  corrected_by_name: string | null;
  corrected_at: string | null;
  classifier_classification: string | null;
  lead: { email: string; name: string | null; company: string | null } | null;
  draft_subject: string | null;
};

export const mailboxQueries = {
  /** The saved mailbox, or null before one is saved (the API's 404). */
  detail: () => endpoint<Mailbox | null>(queryKeys.mailbox.detail(), "/mailbox"),
};

/** Polls the worker's status every 5 s. */
export function useMailbox() {
  return useQuery({ ...mailboxQueries.detail(), refetchInterval: 5_000 });
}

export function useUnmatched() {
  return usePagedList<UnmatchedMessage>({ queryKey: queryKeys.mailbox.unmatched(), path: "/mailbox/unmatched", limit: 25 });
}

export function useRunReplies(runId: string, filters: { classification: string }) {
  return usePagedList<RunReply>({
    queryKey: queryKeys.runs.replies(runId, filters),
    path: `/runs/${runId}/replies`,
    params: filters,
    limit: 25,
    pollWhile: () => 5_000,
  });
}
