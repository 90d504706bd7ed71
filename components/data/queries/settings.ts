"use client";

import { useQuery } from "@tanstack/react-query";
import { endpoint } from "@/components/data/endpoint";
import { queryKeys } from "@/components/data/query-keys";
import { usePagedList } from "@/components/data/use-paged-list";
import type { Provider } from "@/components/providers/types";
import type { DnsResult } from "@/lib/dns/sender-checks";
import type { MemberItem } from "@/lib/members/list-members";
import type { RelayReadiness } from "@/lib/relay/relay-readiness";
import type { SenderHealth } from "@/lib/senders/health";
import type { SenderItem as Sender } from "@/lib/senders/senders";
import type { TokenListItem } from "@/lib/tokens/list-tokens";

export type Relay = {
  host: string;
  port: number;
  secure: boolean;
  username: string | null;
  has_password: boolean;
  from_email: string;
  from_name: string | null;
  /** The default sender's health (lib/senders/health.ts). */
  health: SenderHealth;
  dkim_selector: string | null;
  dns: DnsResult | null;
  updated_at: string;
};

/** One browser signed in as the current user. */
export type Session = { id: string; started_at: string; user_agent: string | null; address: string | null; current: boolean };

export const settingsQueries = {
  members: () => endpoint<{ data: MemberItem[] }>(queryKeys.members.list(), "/members"),
  /** The saved relay, or null when none is saved yet. */
  relay: () => endpoint<Relay | null>(queryKeys.relay.detail(), "/relay"),
  /** Whether approved drafts can go out now (the warning on the review pages). */
  relayReadiness: () => endpoint<RelayReadiness>(queryKeys.relay.readiness(), "/relay/readiness"),
  /** The signed-in user's live sessions. */
  sessions: () => endpoint<{ data: Session[] }>(queryKeys.sessions.list(), "/sessions"),
};

export function useTokens() {
  return usePagedList<TokenListItem>({ queryKey: queryKeys.tokens.list(), path: "/tokens", limit: 50 });
}

export function useMembers() {
  return useQuery(settingsQueries.members());
}

export function useSenders() {
  // Polled while a sender's mailbox is read, so the worker's view of it (mailbox.status) stays current.
  return usePagedList<Sender>({
    queryKey: queryKeys.senders.list(),
    path: "/senders",
    limit: 50,
    pollWhile: (rows) => (rows.some((sender) => sender.enabled && sender.mailbox) ? 5_000 : false),
  });
}

export function useProviders() {
  return usePagedList<Provider>({ queryKey: queryKeys.providers.list(), path: "/providers", limit: 50 });
}

export function useRelay() {
  return useQuery(settingsQueries.relay());
}

/** Fresh for 15 s: the review queue and the draft page share it. */
export function useRelayReadiness() {
  return useQuery({ ...settingsQueries.relayReadiness(), staleTime: 15_000 });
}

export function useSessions() {
  return useQuery(settingsQueries.sessions());
}
