"use client";

import { useQuery } from "@tanstack/react-query";
import type { AuditEntryJson } from "@/components/audit/types";
import { endpoint } from "@/components/data/endpoint";
import { queryKeys } from "@/components/data/query-keys";
import { usePagedList } from "@/components/data/use-paged-list";
import type { AuditFacets } from "@/lib/audit/audit-facets";

export type AuditQuery = { action?: string; actor_id?: string; since?: string; until?: string };

export const auditQueries = {
  facets: () => endpoint<AuditFacets>(queryKeys.audit.facets(), "/audit/facets"),
};

export function useAuditEntries(filters: AuditQuery) {
  return usePagedList<AuditEntryJson>({ queryKey: queryKeys.audit.list(filters), path: "/audit", params: filters, limit: 25 });
}

export function useAuditFacets() {
  return useQuery(auditQueries.facets());
}
