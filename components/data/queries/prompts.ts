"use client";

import { useQuery } from "@tanstack/react-query";
import { endpoint } from "@/components/data/endpoint";
import { queryKeys } from "@/components/data/query-keys";
import type { PinOption } from "@/lib/packs/pin-options";
import type { PromptListItem } from "@/lib/prompts/list-prompts";
import type { PromptHistory } from "@/lib/prompts/prompt-history";

export type PinOptions = Record<string, PinOption[]>;

export const promptQueries = {
  list: () => endpoint<{ data: PromptListItem[] }>(queryKeys.prompts.list(), "/prompts"),
  history: (name: string) => endpoint<PromptHistory>(queryKeys.prompts.detail(name), `/prompts/${encodeURIComponent(name)}`),
  /** Every prompt version a pack stage may pin, by stage. */
  pinOptions: () => endpoint<PinOptions>(queryKeys.prompts.pinOptions(), "/pin-options"),
  /** The follow_up versions and forks a campaign step may pin. */
  followUpOptions: () => endpoint<{ follow_up: PinOption[] }>(queryKeys.prompts.followUpOptions(), "/pin-options?stage=follow_up"),
};

export function usePromptList() {
  return useQuery(promptQueries.list());
}

export function usePromptHistory(name: string) {
  return useQuery(promptQueries.history(name));
}

export function usePinOptions() {
  return useQuery(promptQueries.pinOptions());
}

export function useFollowUpOptions() {
  return useQuery(promptQueries.followUpOptions());
}
