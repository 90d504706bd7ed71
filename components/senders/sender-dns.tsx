"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { webApi } from "@/components/data/web-api";
import { Notice } from "@/components/ui/states";
import { buttonStyles } from "@/components/ui/styles";
import type { DnsCheckStatus, DnsResult } from "@/lib/dns/sender-checks";

// A sender's DNS checks (contract §13): MX, SPF, DMARC and DKIM, each with what was found and, when
// it does not pass, what the record should look like; and a "Check DNS" button that checks again.

const NAMES = [
  ["mx", "MX"],
  ["spf", "SPF"],
  ["dmarc", "DMARC"],
  ["dkim", "DKIM"],
] as const;

const BADGE: Record<DnsCheckStatus, { label: string; className: string }> = {
  pass: { label: "Pass", className: "bg-emerald-50 text-emerald-800 ring-emerald-200" },
  warn: { label: "Warning", className: "bg-amber-50 text-amber-900 ring-amber-200" },
  fail: { label: "Fail", className: "bg-rose-50 text-rose-800 ring-rose-200" },
  unknown: { label: "Unknown", className: "bg-slate-100 text-slate-700 ring-slate-200" },
};

export function DnsBadge({ status }: { status: DnsCheckStatus }) {
  const badge = BADGE[status];
  return <span className={`inline-flex shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${badge.className}`}>{badge.label}</span>;
}

type Props = { dns: DnsResult | null; path: string; invalidate: readonly unknown[]; label: string; headingLevel?: 3 | 4 };

/**
 * `path`: the web API path that checks again (`/senders/{id}/dns-check` or `/relay/dns-check`, each
 * check audited); `invalidate`: the query to refresh; `headingLevel`: its heading's level where it sits.
 */
export function SenderDns({ dns, path, invalidate, label, headingLevel = 4 }: Props) {
  const Heading = headingLevel === 3 ? "h3" : "h4";
  const queryClient = useQueryClient();
  const check = useMutation({
    mutationFn: () => webApi<DnsResult>(path, { method: "POST" }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: invalidate }),
  });
  return (
    <section className="border-t border-slate-100 px-4 py-3" aria-label={`DNS checks of ${label}`} data-testid="dns-checks">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading className="text-sm font-semibold text-slate-900">
          DNS{dns ? <span className="font-normal text-slate-600"> of {dns.domain}</span> : null}
        </Heading>
        <div className="flex items-center gap-3">
          {dns ? <span className="text-xs text-slate-500">Checked {new Date(dns.checked_at).toLocaleString()}</span> : null}
          <button
            type="button"
            className={buttonStyles.secondary}
            disabled={check.isPending}
            onClick={() => check.mutate()}
            aria-label={`Check DNS of ${label}`}
          >
            {check.isPending ? "Checking…" : "Check DNS"}
          </button>
        </div>
      </div>
      {check.error ? (
        <div className="mt-2">
          <Notice tone="error">{check.error.message}</Notice>
        </div>
      ) : null}
      {dns ? (
        <ul className="mt-2 divide-y divide-slate-100">
          {NAMES.map(([key, name]) => {
            const item = dns[key];
            return (
              <li key={key} className="py-2 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="w-14 font-medium text-slate-900">{name}</span>
                  <DnsBadge status={item.status} />
                  {item.record ? <code className="min-w-0 break-all text-xs text-slate-600">{item.record}</code> : null}
                </div>
                {item.status === "pass" ? null : (
                  <p className={`mt-1 break-words text-sm ${item.status === "fail" ? "text-rose-800" : "text-slate-700"}`}>
                    {item.status === "unknown" ? "" : "How to fix: "}
                    {item.detail}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-slate-600">Not checked yet.</p>
      )}
    </section>
  );
}
