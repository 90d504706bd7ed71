"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { queryKeys } from "@/components/data/query-keys";
import { useInbox, type InboxFilters, type InboxReply } from "@/components/data/queries/inbox";
import { webApi } from "@/components/data/web-api";
import { InboxItem, referralWho, who, type Actions } from "@/components/inbox/inbox-item";
import { ReplyThreadView } from "@/components/inbox/reply-thread";
import { currentIndex, down, onto, START, up, type Cursor } from "@/components/review/queue-cursor";
import { isShortcut } from "@/components/review/queue-page";
import { UndoList, useUndoableApprovals } from "@/components/review/undo-approvals";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FilterSelect, stateOptions } from "@/components/ui/filter-select";
import { QueryState, ShowMore } from "@/components/ui/query-state";
import { EmptyState, Notice } from "@/components/ui/states";
import { stateLabel } from "@/components/ui/status-badge";
import { cardStyles, fieldStyles } from "@/components/ui/styles";
import { REPLY_CATEGORIES } from "@/lib/reply-categories";
import { useWaitsForRelay } from "@/components/relay/waits-for-relay";

// One inbox: replies to every run and campaign, positive first, then newest. Each shows the reply,
// our email it answers, the lead, and links to the draft and the run. Reviewers correct the class,
// mark a reply handled, stop the lead's outreach (the address is suppressed), or follow a referral
// (a wrong_person reply naming someone else: their lead and a one-lead run). Opened (Enter, or
// "Open thread"), a reply shows its whole thread with its answer draft beside it (reply-thread.tsx).
// Keys as in the review queue (components/review/queue-cursor.ts): j/k move, Enter opens, Escape
// comes back to the row.

const SHOW = [
  { value: "false", label: "To handle" },
  { value: "true", label: "Handled" },
  { value: "", label: "All replies" },
];

export function Inbox({ canAct, undoWindowMs }: { canAct: boolean; undoWindowMs: number }) {
  const queryClient = useQueryClient();
  const fieldIds = { correct: useId(), reason: useId() };
  const [filters, setFilters] = useState<InboxFilters>({ handled: "false", classification: "" });
  const { query, rows } = useInbox(filters);
  const [correcting, setCorrecting] = useState<InboxReply | null>(null);
  const [choice, setChoice] = useState("");
  const [stopping, setStopping] = useState<InboxReply | null>(null);
  const [reason, setReason] = useState("");
  const [notice, setNotice] = useState<string | null>(null);
  const [referring, setReferring] = useState<InboxReply | null>(null);
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: queryKeys.inbox.all }), [queryClient]);
  // The reply whose thread is open; kept when a refetch drops it from the list (handled, say).
  const [openedReply, setOpenedReply] = useState<InboxReply | null>(null);
  const openId = openedReply?.id ?? null;
  const [cursor, setCursor] = useState<Cursor>(START);
  const rowRefs = useRef<(HTMLLIElement | null)[]>([]);
  const ids = useMemo(() => rows.map((row) => row.id), [rows]);
  const active = currentIndex(cursor, ids);
  const opened = rows.find((row) => row.id === openId) ?? openedReply;
  const undoable = useUndoableApprovals(refresh, undoWindowMs);
  const waitsForRelay = useWaitsForRelay();
  const focusRow = useCallback((index: number) => {
    const element = rowRefs.current[index];
    element?.focus({ preventScroll: true });
    element?.scrollIntoView({ block: "nearest" });
  }, []);
  const openReply = useCallback(
    (reply: InboxReply) => {
      setNotice(null);
      setCursor(onto(ids, reply.id));
      setOpenedReply(reply);
    },
    [ids],
  );
  // Back from a thread: the focus returns to its row.
  const closeThread = useCallback(() => {
    setOpenedReply(null);
    requestAnimationFrame(() => focusRow(currentIndex(cursor, ids)));
  }, [cursor, ids, focusRow]);

  useEffect(() => {
    if (openId) return;
    function onKey(event: KeyboardEvent) {
      if (!isShortcut(event) || ids.length === 0) return;
      const onControl = (event.target as HTMLElement).closest("a, button, input, select, textarea, summary");
      let next: Cursor | null = null;
      if (event.key === "j") next = down(cursor, ids);
      else if (event.key === "k") next = up(cursor, ids);
      else if (event.key === "Enter" && !onControl && active >= 0) {
        event.preventDefault();
        openReply(rows[active]);
        return;
      } else return;
      event.preventDefault();
      setCursor(next);
      focusRow(currentIndex(next, ids));
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [openId, ids, rows, cursor, active, openReply, focusRow]);

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
  const follow = useMutation({
    mutationFn: (id: string) => webApi<{ lead_id: string; run_id: string }>(`/replies/${id}/referral`, { method: "POST" }),
    onSuccess: () => {
      const referral = referring?.referral;
      setReferring(null);
      setNotice(`Lead made for ${referral ? (referral.name ?? referral.email) : "them"}; their first email is being drafted for review.`);
      refresh();
      void queryClient.invalidateQueries({ queryKey: queryKeys.runs.all });
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
    onReferral: (reply) => {
      follow.reset();
      setReferring(reply);
    },
    onOpen: openReply,
    onStop: (reply) => {
      stop.reset();
      setReason("");
      setStopping(reply);
    },
  };
  const filtered = filters.classification !== "" || filters.handled !== "false";

  const undoBanner = (
    <UndoList
      items={undoable.items}
      now={undoable.now}
      onUndo={(item) =>
        void undoable
          .undo(item)
          .then(({ failed }) =>
            setNotice(
              failed.length ? `The approval could not be undone: ${failed[0]}` : "Approval undone: nothing was sent, and the answer awaits review again.",
            ),
          )
      }
    />
  );
  if (opened)
    return (
      <div className="space-y-4 pb-24">
        <div aria-live="polite">{notice ? <Notice tone="success">{notice}</Notice> : null}</div>
        <ReplyThreadView
          reply={opened}
          leadLabel={opened.lead?.name ?? opened.lead?.email ?? opened.from}
          canAct={canAct}
          onBack={closeThread}
          onApproved={(draftId, from) => undoable.add([draftId], `the answer to ${who(opened)}`, { waits: waitsForRelay(from) })}
        />
        {undoBanner}
      </div>
    );

  return (
    <div className="space-y-4">
      <div aria-live="polite">{notice ? <Notice tone="success">{notice}</Notice> : null}</div>
      {undoBanner}
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
          <p className="px-4 pt-3 text-xs text-slate-600">
            Keys: <kbd className="font-mono">j</kbd>/<kbd className="font-mono">k</kbd> move, <kbd className="font-mono">Enter</kbd> opens the thread,{" "}
            <kbd className="font-mono">Esc</kbd> comes back.
          </p>
          <ul aria-label="Replies" className="divide-y divide-slate-100">
            {rows.map((reply, index) => (
              <InboxItem
                key={reply.id}
                reply={reply}
                actions={actions}
                current={index === active}
                rowRef={(element) => {
                  rowRefs.current[index] = element;
                }}
                onFocus={() => setCursor(onto(ids, reply.id))}
              />
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
        <label htmlFor={fieldIds.correct} className={`${fieldStyles.label} mt-3`}>
          Classification
        </label>
        <select id={fieldIds.correct} value={choice} onChange={(event) => setChoice(event.target.value)} className={fieldStyles.input}>
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
        <label htmlFor={fieldIds.reason} className={`${fieldStyles.label} mt-3`}>
          Reason
        </label>
        <input
          id={fieldIds.reason}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={300}
          required
          placeholder="e.g. Asked us to stop; talking to them directly"
          className={fieldStyles.input}
        />
      </ConfirmDialog>
      <ConfirmDialog
        open={referring !== null}
        title={`Write to ${referring?.referral ? referralWho(referring.referral) : ""}?`}
        confirmLabel="Create the lead and draft"
        tone="primary"
        pending={follow.isPending}
        error={follow.isError ? follow.error.message : null}
        onConfirm={() => referring && follow.mutate(referring.id)}
        onCancel={() => setReferring(null)}
      >
        <p>
          {referring?.referral ? referralWho(referring.referral) : ""} becomes a lead referred by {referring ? who(referring) : ""}, and a one-lead run of the
          same {referring?.campaign ? `campaign (${referring.campaign.name})` : "pack"} drafts their first email, which says who referred them. It waits for
          review like any other draft.
        </p>
      </ConfirmDialog>
    </div>
  );
}
