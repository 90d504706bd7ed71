"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { queryKeys } from "@/components/data/query-keys";
import { webApi } from "@/components/data/web-api";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CopySecret } from "@/components/ui/copy-secret";
import { Notice } from "@/components/ui/states";
import { buttonStyles, cardStyles } from "@/components/ui/styles";
import { Time } from "@/components/ui/time";
import { DeliveryLog } from "@/components/webhooks/delivery-log";
import { EndpointHealthNotice } from "@/components/webhooks/endpoint-health-notice";
import { EventPicker } from "@/components/webhooks/event-picker";
import type { Endpoint, EndpointWithSecret } from "@/components/webhooks/types";

type Shown = { secret: string; why: "created" | "revealed" | "rotated" };

/** One endpoint: its settings, secret actions, a test event and its delivery log. */
export function EndpointCard({ endpoint, initialSecret }: { endpoint: Endpoint; initialSecret?: string }) {
  const queryClient = useQueryClient();
  const [shown, setShown] = useState<Shown | null>(initialSecret ? { secret: initialSecret, why: "created" } : null);
  const [events, setEvents] = useState<string[] | null>(null); // null: not editing
  const [confirm, setConfirm] = useState<"rotate" | "delete" | null>(null);
  const [logOpen, setLogOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all });
  const path = `/webhook-endpoints/${endpoint.id}`;

  const action = useMutation({
    mutationFn: async (kind: "reveal" | "rotate" | "test" | "delete" | "toggle" | "events") => {
      if (kind === "reveal" || kind === "rotate") return { kind, value: await webApi<EndpointWithSecret>(`${path}/${kind}`, { method: "POST" }) };
      if (kind === "test") return { kind, value: await webApi<{ event_id: string }>(`${path}/test`, { method: "POST" }) };
      if (kind === "delete") return { kind, value: await webApi(path, { method: "DELETE" }) };
      const body = kind === "toggle" ? { enabled: !endpoint.enabled } : { events: events ?? [] };
      return { kind, value: await webApi<Endpoint>(path, { method: "PATCH", body }) };
    },
    onSuccess: ({ kind, value }) => {
      setConfirm(null);
      if (kind === "reveal" || kind === "rotate") setShown({ secret: (value as EndpointWithSecret).secret, why: kind === "reveal" ? "revealed" : "rotated" });
      if (kind === "test") {
        setNotice(`Test event ${(value as { event_id: string }).event_id} queued. Its delivery shows in the log below.`);
        setLogOpen(true);
      }
      if (kind === "events") setEvents(null);
      if (kind === "events" || kind === "toggle")
        setNotice(
          kind === "events"
            ? "Event filter saved."
            : endpoint.enabled
              ? "Endpoint disabled: nothing is sent to it."
              : endpoint.disabled_reason === "failing"
                ? "Endpoint enabled. Deliveries start again with new events; replay its dead letters to send the ones it missed."
                : "Endpoint enabled.",
        );
      refresh();
    },
  });
  const run = (kind: Parameters<typeof action.mutate>[0]) => {
    setNotice(null);
    action.mutate(kind);
  };

  return (
    <article className={cardStyles} aria-labelledby={`endpoint-${endpoint.id}`} data-testid={`endpoint-${endpoint.id}`}>
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 px-4 py-3">
        <div className="min-w-0">
          <h3 id={`endpoint-${endpoint.id}`} className="break-all font-mono text-sm font-semibold text-slate-900">
            {endpoint.url}
          </h3>
          <p className="mt-0.5 text-xs text-slate-500">
            {endpoint.description ? `${endpoint.description} · ` : ""}added <Time iso={endpoint.created_at} mode="date" />
            {endpoint.secret_rotating_until ? (
              <>
                {" "}
                · previous secret valid until <Time iso={endpoint.secret_rotating_until} />
              </>
            ) : null}
          </p>
        </div>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${endpoint.enabled ? "bg-emerald-50 text-emerald-800 ring-emerald-200" : endpoint.disabled_reason === "failing" ? "bg-amber-50 text-amber-900 ring-amber-300" : "bg-slate-100 text-slate-700 ring-slate-300"}`}
        >
          {endpoint.enabled ? "Enabled" : endpoint.disabled_reason === "failing" ? "Disabled: failing" : "Disabled"}
        </span>
      </header>
      <div className="space-y-4 px-4 py-4">
        <EndpointHealthNotice endpoint={endpoint} />
        {shown ? (
          <section aria-label="Signing secret" className="rounded-lg border border-emerald-300 bg-emerald-50 p-4">
            <p className="mb-2 text-sm text-emerald-900">
              {shown.why === "rotated"
                ? "New signing secret. The previous one keeps verifying for 24 hours, so switch your receiver over within a day."
                : shown.why === "created"
                  ? "Signing secret: put it in your receiver to verify X-Service-Signature."
                  : "Signing secret (this reveal is in the audit log)."}
            </p>
            <CopySecret value={shown.secret} label="Signing secret" testId={`secret-${endpoint.id}`} />
            <button type="button" className={buttonStyles.quiet} onClick={() => setShown(null)}>
              Hide
            </button>
          </section>
        ) : null}
        {events === null ? (
          <p className="text-sm text-slate-700">
            Receives: {endpoint.events.length === 0 ? "every event" : <span className="font-mono text-xs">{endpoint.events.join(", ")}</span>}{" "}
            <button
              type="button"
              className="ml-1 text-sm font-medium text-indigo-700 underline-offset-2 hover:underline"
              onClick={() => setEvents(endpoint.events)}
            >
              Change
            </button>
          </p>
        ) : (
          <div className="space-y-3 rounded-lg border border-slate-200 p-3">
            <EventPicker value={events} onChange={setEvents} legend="Events sent to this endpoint" />
            <div className="flex gap-2">
              <button type="button" className={buttonStyles.primary} onClick={() => run("events")} disabled={action.isPending}>
                Save events
              </button>
              <button type="button" className={buttonStyles.secondary} onClick={() => setEvents(null)}>
                Cancel
              </button>
            </div>
          </div>
        )}
        <div className="flex flex-wrap gap-2">
          <button type="button" className={buttonStyles.secondary} onClick={() => run("test")} disabled={action.isPending || !endpoint.enabled}>
            Send test event
          </button>
          <button type="button" className={buttonStyles.secondary} onClick={() => run("reveal")} disabled={action.isPending}>
            Reveal secret
          </button>
          <button
            type="button"
            className={buttonStyles.secondary}
            onClick={() => {
              action.reset();
              setConfirm("rotate");
            }}
          >
            Rotate secret
          </button>
          <button type="button" className={buttonStyles.secondary} onClick={() => run("toggle")} disabled={action.isPending}>
            {endpoint.enabled ? "Disable" : "Enable"}
          </button>
          <button
            type="button"
            className={buttonStyles.dangerQuiet}
            onClick={() => {
              action.reset();
              setConfirm("delete");
            }}
          >
            Delete
          </button>
        </div>
        <div aria-live="polite">
          {notice ? <Notice tone="success">{notice}</Notice> : null}
          {action.isError && confirm === null ? <Notice tone="error">{action.error.message}</Notice> : null}
        </div>
      </div>
      <div className="border-t border-slate-200">
        <button
          type="button"
          aria-expanded={logOpen}
          className="flex w-full items-center justify-between px-4 py-3 text-left text-sm font-semibold text-slate-900 hover:bg-slate-50"
          onClick={() => setLogOpen(!logOpen)}
        >
          Delivery log <span aria-hidden="true">{logOpen ? "▴" : "▾"}</span>
        </button>
        {logOpen ? <DeliveryLog endpointId={endpoint.id} /> : null}
      </div>
      <ConfirmDialog
        open={confirm !== null}
        title={confirm === "rotate" ? "Rotate the signing secret?" : "Delete this endpoint?"}
        confirmLabel={confirm === "rotate" ? "Rotate secret" : "Delete endpoint"}
        tone={confirm === "rotate" ? "primary" : "danger"}
        pending={action.isPending}
        error={action.error?.message}
        onConfirm={() => confirm && run(confirm)}
        onCancel={() => setConfirm(null)}
      >
        {confirm === "rotate" ? (
          <p>
            A new secret signs every delivery from now on. For 24 hours deliveries carry a signature with the old secret too, so your receiver keeps working
            while you update it.
          </p>
        ) : (
          <p>
            <span className="break-all font-mono">{endpoint.url}</span> stops receiving events, and its delivery log and dead letters are removed. This cannot
            be undone.
          </p>
        )}
      </ConfirmDialog>
    </article>
  );
}
