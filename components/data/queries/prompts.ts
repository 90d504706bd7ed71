"use client";

import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "@/components/data/query-keys";
import { webApi } from "@/components/data/web-api";
import type { PinOption } from "@/lib/packs/pin-options";
import type { PromptListItem } from "@/lib/prompts/list-prompts";
import type { PromptHistory } from "@/lib/prompts/prompt-history";

export type PinOptions = Record<string, PinOption[]>;

export function usePromptList() {
  return useQuery({ queryKey: queryKeys.prompts.list(), queryFn: ({ signal }) => webApi<{ data: PromptListItem[] }>("/prompts", { signal }) });
}

export function usePromptHistory(name: string) {
  return useQuery({ queryKey: queryKeys.prompts.detail(name), queryFn: ({ signal }) => webApi<PromptHistory>(`/prompts/${encodeURIComponent(name)}`, { signal }) });
}

/** Every prompt version a pack stage may pin, by stage. */
export function usePinOptions() {
  return useQuery({ queryKey: queryKeys.prompts.pinOptions(), queryFn: ({ signal }) => webApi<PinOptions>("/pin-options", { signal }) });
}
