"use client";

import { useMutation } from "@tanstack/react-query";
import { webApi } from "@/components/data/web-api";
import type { ProviderTestResult } from "@/components/providers/types";
import { buttonStyles } from "@/components/ui/styles";

// A provider card's "Test call": one small chat call with the provider's default model, as a run
// would make it, and what came back (or what went wrong), so an admin knows it works before a
// prompt names it.

export function ProviderTest({ slug }: { slug: string }) {
  const test = useMutation({
    mutationFn: () => webApi<ProviderTestResult>(`/providers/${encodeURIComponent(slug)}/test`, { method: "POST" }),
  });
  const result = test.data;
  return (
    <div className="flex flex-wrap items-start gap-3 border-t border-slate-100 px-4 py-3 text-sm">
      <button type="button" className={buttonStyles.secondary} disabled={test.isPending} onClick={() => test.mutate()}>
        {test.isPending ? "Calling…" : "Test call"}
      </button>
      <div role="status" aria-live="polite" className="min-w-0 flex-1 break-words" data-testid={`provider-test-${slug}`}>
        {test.error ? <p className="text-red-700">The test could not run: {test.error.message}</p> : null}
        {result?.ok ? (
          <p className="text-emerald-800">
            Test call worked: {result.model} answered in {result.latency_ms.toLocaleString()} ms
            {result.answer ? (
              <>
                {" "}
                with <span className="font-mono text-xs">{result.answer}</span>
              </>
            ) : null}
            .
          </p>
        ) : null}
        {result && !result.ok ? (
          <p className="text-red-700">
            Test call failed after {result.latency_ms.toLocaleString()} ms: {result.error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
