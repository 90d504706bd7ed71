"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useId, useState } from "react";
import { queryKeys } from "@/components/data/query-keys";
import { useInbox, type InboxFilters, type InboxReply } from "@/components/data/queries/inbox";
import { webApi } from "@/components/data/web-api";
import { ClassificationBadge } from "@/components/replies/classification-badge";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FilterSelect, stateOptions } from "@/components/ui/filter-select";
import { QueryState, ShowMore } from "@/components/ui/query-state";
import { EmptyState, Notice } from "@/components/ui/states";
import { stateLabel } from "@/components/ui/status-badge";
import { buttonStyles, cardStyles, fieldStyles } from "@/components/ui/styles";
import { Time } from "@/components/ui/time";
import { REPLY_CATEGORIES } from "@/lib/replies/categories";

// One inbox: replies to every run and campaign, positive first, then newest. Each shows the
// thread (our email, then the reply), the lead, and links to the draft and the run. Reviewers
// correct the class, mark a reply handled, or stop the lead's outreach (the address is suppressed).

const SHOW = [
  { value: "false", label: "To handle" },
  { value: "true", label: "Handled" },
  { value: "", label: "All replies" },
];

function who(reply: InboxReply): string {
  return reply.lead?.name ? `${reply.lead.name} (${reply.lead.email})` : (reply.lead?.email ?? reply.from);
}

function Confidence({ reply }: { reply: InboxReply }) {
  if (reply.corrected_at) return <span className="text-xs text-slate-600">set by {reply.corrected_by_name ?? "a reviewer"}</span>;
  if (reply.confidence === null) return null;
  return (
    <span className="text-xs text-slate-500" title="The classifier's own confidence">
      {Math.round(reply.confidence * 100)} % sure
    </span>
  );
}

type Actions = {
  canAct: boolean;
  busy: boolean;
  onCorrect: (reply: InboxReply) => void;
  onHandled: (reply: InboxReply, handled: boolean) => void;
  onStop: (reply: InboxReply) => void;
};

function InboxItem({ reply, actions }: { reply: InboxReply; actions: Actions }) {
  const headingId = useId();
  return (
    <li
      data-testid={`inbox-${reply.id}`}
      aria-labelledby={headingId}
      className={`space-y-3 px-4 py-4 ${reply.positive && !reply.handled ? "border-l-4 border-emerald-400" : ""}`}
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="min-w-0">
          <h3 id={headingId} className="break-words text-sm font-semibold text-slate-900">
            {who(reply)}
          </h3>
          <p className="text-xs text-slate-600">{[reply.lead?.title, reply.lead?.company].filter(Boolean).join(" · ") || "No title or company"}</p>
          <p className="mt-0.5 text-xs text-slate-500">
            Replied <Time iso={reply.received_at} mode="relative" />
            {reply.run ? (
              <>
                {" "}
                · run{" "}
                <Link href={`/runs/${reply.run.id}/replies`} className="font-medium text-indigo-700 hover:underline">
                  {reply.run.name}
                </Link>
              </>
            ) : null}
            {reply.campaign ? (
              <>
                {" "}
                · campaign{" "}
                <Link href={`/campaigns/${reply.campaign.id}`} className="font-medium text-indigo-700 hover:underline">
                  {reply.campaign.name}
                </Link>
              </>
            ) : null}
            {reply.sent ? (
              <>
                {" "}
                ·{" "}
                <Link href={`/review/drafts/${reply.sent.draft_id}`} className="font-medium text-indigo-700 hover:underline">
                  the draft
                </Link>
              </>
            ) : null}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <span className="sr-only">Classification: </span>
          <ClassificationBadge value={reply.classification} />
          <Confidence reply={reply} />
          {reply.handled ? (
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700" data-testid="handled-note">
              Handled{reply.handled_by_name ? ` by ${reply.handled_by_name}` : ""}
            </span>
          ) : null}
        </div>
      </div>

      <div className="space-y-2">
        <figure className="rounded-md border border-slate-200 bg-white px-3 py-2">
          <figcaption className="text-xs font-medium text-slate-500">
            {reply.lead?.name ?? reply.from} wrote
            {reply.subject ? (
              <>
                : <span className="text-slate-700">{reply.subject}</span>
              </>
            ) : null}
          </figcaption>
          <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-800">{reply.text || "(no text)"}</p>
        </figure>
        {reply.sent ? (
          <details className="rounded-md bg-slate-50 px-3 py-2 text-sm">
            <summary className="cursor-pointer text-xs font-medium text-slate-600">
              Our email
              {reply.sent.sent_at ? (
                <>
                  , sent <Time iso={reply.sent.sent_at} mode="relative" />
                </>
              ) : null}
              : {reply.sent.subject}
            </summary>
            <p className="mt-2 whitespace-pre-wrap break-words text-slate-700">{reply.sent.body}</p>
          </details>
        ) : null}
        {reply.outreach_stopped ? (
          <p className="text-xs font-medium text-rose-700" data-testid="stopped-note">
            Outreach stopped: the address is on the suppression list ({reply.stop_reason}).
          </p>
        ) : null}
      </div>

      {actions.canAct ? (
        <div className="flex flex-wrap gap-2">
          <button type="button" className={buttonStyles.secondary} disabled={actions.busy} onClick={() => actions.onHandled(reply, !reply.handled)}>
            {reply.handled ? "Mark not handled" : "Mark handled"}
            <span className="sr-only"> the reply from {who(reply)}</span>
          </button>
          <button type="button" className={buttonStyles.quiet} onClick={() => actions.onCorrect(reply)}>
            Correct class…<span className="sr-only"> of the reply from {who(reply)}</span>
          </button>
          {!reply.outreach_stopped ? (
            <button type="button" className={buttonStyles.dangerQuiet} onClick={() => actions.onStop(reply)}>
              Stop outreach…<span className="sr-only"> to {who(reply)}</span>
            </button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

export function Inbox({ canAct }: { canAct: boolean }) {
  const queryClient = useQueryClient();
  const ids = { correct: useId(), reason: useId() };
  const [filters, setFilters] = useState<InboxFilters>({ handled: "false", classification: "" });
  const { query, rows } = useInbox(filters);
  const [correcting, setCorrecting] = useState<InboxReply | null>(null);
  const [choice, setChoice] = useState("");
  const [stopping, setStopping] = useState<InboxReply | null>(null);
  const [reason, setReason] = useState("");
  const [notice, setNotice] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.inbox.all });

  const update = useMutation({
    mutationFn: ({ id, body }: { id: string; body: { classification?: string; handled?: boolean } }) =>
      webApi<InboxReply>(`/replies/${id}`, { method: "PATCH", body }),
    onSuccess: (saved, { body }) => {
      setCorrecting(null);
      setNotice(
        body.handled === undefined ? `Corrected to ${stateLabel(saved.classification ?? "")}.` : body.handled ? "Marked handled." : "Marked not handled.",
      );
      refresh();
      void queryClient.invalidateQueries({ queryKey: queryKeys.runs.all });
    },
  });
  const stop = useMutation({
    mutationFn: ({ id, why }: { id: string; why: string }) =>
      webApi<{ email: string; already: boolean }>(`/replies/${id}/stop`, { method: "POST", body: { reason: why } }),
    onSuccess: (answer) => {
      setStopping(null);
      setNotice(
        answer.already
          ? `${answer.email} was already on the suppression list.`
          : `Outreach to ${answer.email} stopped: the address is on the suppression list.`,
      );
      refresh();
    },
  });
  const actions: Actions = {
    canAct,
    busy: update.isPending,
    onCorrect: (reply) => {
      update.reset();
      setChoice(reply.classification ?? "other");
      setCorrecting(reply);
    },
    onHandled: (reply, handled) => update.mutate({ id: reply.id, body: { handled } }),
    onStop: (reply) => {
      stop.reset();
      setReason("");
      setStopping(reply);
    },
  };
  const filtered = filters.classification !== "" || filters.handled !== "false";

  return (
    <div className="space-y-4">
      <div aria-live="polite">{notice ? <Notice tone="success">{notice}</Notice> : null}</div>
      <section aria-labelledby="inbox-heading" className={cardStyles}>
        <div className="flex flex-wrap items-end justify-between gap-3 border-b border-slate-200 px-4 py-3">
          <h2 id="inbox-heading" className="text-base font-semibold text-slate-900">
            Replies, positive first
          </h2>
          <div role="search" aria-label="Filter the inbox" className="flex w-full flex-wrap gap-3 sm:w-auto">
            <FilterSelect
              label="Show"
              className="min-w-0 flex-1 sm:w-44 sm:flex-none"
              value={filters.handled}
              onChange={(handled) => setFilters({ ...filters, handled })}
              options={SHOW}
            />
            <FilterSelect
              label="Classification"
              all="All classifications"
              className="min-w-0 flex-1 sm:w-48 sm:flex-none"
              value={filters.classification}
              onChange={(classification) => setFilters({ ...filters, classification })}
              options={stateOptions(REPLY_CATEGORIES)}
            />
          </div>
        </div>
        <QueryState
          query={query}
          loading="Loading the inbox…"
          failed="The inbox could not be loaded."
          isEmpty={rows.length === 0}
          empty={
            <EmptyState title={filtered ? "No replies match" : "Nothing to handle"}>
              {filtered ? "Try other filters." : "Replies to your runs appear here as the mailbox is read."}
            </EmptyState>
          }
        >
          <ul aria-label="Replies" className="divide-y divide-slate-100">
            {rows.map((reply) => (
              <InboxItem key={reply.id} reply={reply} actions={actions} />
            ))}
          </ul>
        </QueryState>
        <ShowMore query={query} />
      </section>

      <ConfirmDialog
        open={correcting !== null}
        title="Correct the classification"
        confirmLabel="Save correction"
        tone="primary"
        pending={update.isPending}
        error={update.isError && correcting ? update.error.message : null}
        onConfirm={() => correcting && update.mutate({ id: correcting.id, body: { classification: choice } })}
        onCancel={() => setCorrecting(null)}
      >
        <p>
          Your classification replaces the classifier’s for good and is recorded in the audit log. Unsubscribe and bounce also put the address on the
          suppression list.
        </p>
        <label htmlFor={ids.correct} className={`${fieldStyles.label} mt-3`}>
          Classification
        </label>
        <select id={ids.correct} value={choice} onChange={(event) => setChoice(event.target.value)} className={fieldStyles.input}>
          {REPLY_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {stateLabel(category)}
            </option>
          ))}
        </select>
      </ConfirmDialog>

      <ConfirmDialog
        open={stopping !== null}
        title="Stop the outreach to this lead?"
        confirmLabel="Stop outreach"
        pending={stop.isPending}
        error={stop.isError ? stop.error.message : null}
        onConfirm={() => stopping && reason.trim() && stop.mutate({ id: stopping.id, why: reason.trim() })}
        onCancel={() => setStopping(null)}
      >
        <p>
          {stopping ? who(stopping) : ""} goes on the suppression list: nothing more is sent to the address, from any run. An admin can remove it under Settings
          → Suppression list.
        </p>
        <label htmlFor={ids.reason} className={`${fieldStyles.label} mt-3`}>
          Reason
        </label>
        <input
          id={ids.reason}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={300}
          required
          placeholder="e.g. Asked us to stop; talking to them directly"
          className={fieldStyles.input}
        />
      </ConfirmDialog>
    </div>
  );
}
