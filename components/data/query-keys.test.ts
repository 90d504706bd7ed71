import { matchQuery, QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { queryKeys } from "@/components/data/query-keys";

// Invalidation matches by key prefix: `queryKeys.<domain>.all` must prefix every key of its domain,
// and the narrower keys the mutations invalidate must prefix the filtered keys the lists use.

const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) => prefix.every((part, index) => JSON.stringify(key[index]) === JSON.stringify(part));

describe("queryKeys", () => {
  it("starts every key with its domain, so <domain>.all invalidates all of it", () => {
    for (const [domain, factory] of Object.entries(queryKeys)) {
      expect(factory.all).toEqual([domain]);
      for (const [name, make] of Object.entries(factory)) {
        if (name === "all" || typeof make !== "function") continue;
        const key = (make as (...args: unknown[]) => readonly unknown[])("a", "b");
        expect(key[0], `${domain}.${name}`).toBe(domain);
        expect(startsWith(key, factory.all), `${domain}.${name}`).toBe(true);
      }
    }
  });

  it("lets a mutation on one run's leads or replies refresh every filtered page of them, and no other run's", () => {
    expect(startsWith(queryKeys.runs.leads("run_1", { state: "failed", stage: "" }), queryKeys.runs.leads("run_1"))).toBe(true);
    expect(startsWith(queryKeys.runs.replies("run_1", { classification: "" }), queryKeys.runs.replies("run_1"))).toBe(true);
    expect(startsWith(queryKeys.runs.leads("run_2", {}), queryKeys.runs.leads("run_1"))).toBe(false);
  });

  it("keeps a paged list and a single page of the same resource apart", () => {
    expect(queryKeys.campaigns.list()).not.toEqual(queryKeys.campaigns.options());
    expect(queryKeys.runs.list({})).not.toEqual(queryKeys.runs.options());
    expect(queryKeys.packs.list()).not.toEqual(queryKeys.packs.options());
  });

  it("matches the way React Query does: filters in the key separate lists, the domain prefix reaches them all", () => {
    const client = new QueryClient();
    const cache = client.getQueryCache();
    const a = cache.build(client, { queryKey: queryKeys.audit.list({ action: "run.created" }) });
    const b = cache.build(client, { queryKey: queryKeys.audit.list({ action: "" }) });
    expect(matchQuery({ queryKey: queryKeys.audit.all }, a)).toBe(true);
    expect(matchQuery({ queryKey: queryKeys.audit.all }, b)).toBe(true);
    expect(matchQuery({ queryKey: queryKeys.audit.list({ action: "run.created" }), exact: true }, b)).toBe(false);
    expect(matchQuery({ queryKey: queryKeys.review.draft("d_1") }, a)).toBe(false);
  });
});
