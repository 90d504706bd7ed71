"use client";

import { useQuery } from "@tanstack/react-query";
import type { AuditEntryJson } from "@/components/audit/types";
import { queryKeys } from "@/components/data/query-keys";
import { usePagedList } from "@/components/data/use-paged-list";
import { webApi } from "@/components/data/web-api";
import type { AuditFacets } from "@/lib/audit/audit-facets";

export type AuditQuery = { action?: string; actor_id?: string; since?: string; until?: string };

export function useAuditEntries(filters: AuditQuery) {
  return usePagedList<AuditEntryJson>({ queryKey: queryKeys.audit.list(filters), path: "/audit", params: filters, limit: 25 });
}

export function useAuditFacets() {
  return useQuery({ queryKey: queryKeys.audit.facets(), queryFn: ({ signal }) => webApi<AuditFacets>("/audit/facets", { signal }) });
}
