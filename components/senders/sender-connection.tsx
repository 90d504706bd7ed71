"use client";

import { useMutation } from "@tanstack/react-query";
import { webApi } from "@/components/data/web-api";
import { Notice } from "@/components/ui/states";
import { buttonStyles } from "@/components/ui/styles";
import { Time } from "@/components/ui/time";
import type { ConnectionCheck } from "@/lib/senders/relay-connection";
import type { SenderItem } from "@/lib/senders/senders";

// A sender's SMTP relay on its card: the last send through it that could not connect or log in (its
// sends are retried until it is fixed; the default relay is not touched), and "Check connection",
// which connects and logs in with the sender's own settings and sends nothing (as Settings → SMTP relay).

export function SenderConnection({ sender }: { sender: SenderItem }) {
  const check = useMutation({ mutationFn: () => webApi<ConnectionCheck>(`/senders/${encodeURIComponent(sender.id)}/check`, { method: "POST" }) });
  return (
    <section className="border-t border-slate-100 px-4 py-3 text-sm" aria-label={`SMTP relay of ${sender.from_email}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 break-all text-slate-700">
          <span className="text-xs text-slate-500">SMTP relay</span> {sender.relay.host}:{sender.relay.port}
          {sender.relay.username ? ` as ${sender.relay.username}` : ""}
        </p>
        <button
          type="button"
          className={buttonStyles.secondary}
          disabled={check.isPending}
          onClick={() => check.mutate()}
          aria-label={`Check connection of ${sender.from_email}`}
        >
          {check.isPending ? "Checking…" : "Check connection"}
        </button>
      </div>
      {sender.last_failure ? (
        <p data-testid={`sender-relay-failure-${sender.id}`} className="mt-2 break-words rounded-md bg-rose-50 px-3 py-2 text-rose-800">
          <span className="font-medium">
            Last send failed <Time iso={sender.last_failure.at} mode="relative" />:{" "}
          </span>
          {sender.last_failure.message}. Its sends are retried until the relay works again; saving its relay settings clears this.
        </p>
      ) : null}
      <div aria-live="polite" className="mt-2 break-words empty:hidden" data-testid={`sender-check-${sender.id}`}>
        {check.data ? <Notice tone={check.data.ok ? "success" : "error"}>{check.data.message}</Notice> : null}
        {check.isError ? <Notice tone="error">{check.error.message}</Notice> : null}
      </div>
    </section>
  );
}
