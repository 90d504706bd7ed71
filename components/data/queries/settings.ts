"use client";

import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "@/components/data/query-keys";
import { usePagedList } from "@/components/data/use-paged-list";
import { webApi, WebApiError } from "@/components/data/web-api";
import type { Provider } from "@/components/providers/types";
import type { MemberItem } from "@/lib/members/list-members";
import type { RelayReadiness } from "@/lib/relay/relay-readiness";
import type { TokenListItem } from "@/lib/tokens/list-tokens";

export type Relay = { host: string; port: number; secure: boolean; username: string | null; has_password: boolean; from_email: string; from_name: string | null; updated_at: string };

/** One browser signed in as the current user. */
export type Session = { id: string; started_at: string; user_agent: string | null; address: string | null; current: boolean };

export function useTokens() {
  return usePagedList<TokenListItem>({ queryKey: queryKeys.tokens.list(), path: "/tokens", limit: 50 });
}

export function useMembers() {
  return useQuery({ queryKey: queryKeys.members.list(), queryFn: ({ signal }) => webApi<{ data: MemberItem[] }>("/members", { signal }) });
}

export function useProviders() {
  return usePagedList<Provider>({ queryKey: queryKeys.providers.list(), path: "/providers", limit: 50 });
}

/** The saved relay, or null when none is saved yet (the API's 404). */
export function useRelay() {
  return useQuery({
    queryKey: queryKeys.relay.detail(),
    queryFn: async ({ signal }) => {
      try {
        return await webApi<Relay>("/relay", { signal });
      } catch (error) {
        if (error instanceof WebApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

/** Whether approved drafts can go out now (the warning on the review pages); fresh for 15 s. */
export function useRelayReadiness() {
  return useQuery({ queryKey: queryKeys.relay.readiness(), queryFn: ({ signal }) => webApi<RelayReadiness>("/relay/readiness", { signal }), staleTime: 15_000 });
}

/** The signed-in user's live sessions. */
export function useSessions() {
  return useQuery({ queryKey: queryKeys.sessions.list(), queryFn: ({ signal }) => webApi<{ data: Session[] }>("/sessions", { signal }) });
}
