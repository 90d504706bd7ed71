"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { queryKeys } from "@/components/data/query-keys";
import { useCampaignOptions } from "@/components/data/queries/campaigns";
import { useReviewQueue } from "@/components/data/queries/review";
import { useRunOptions } from "@/components/data/queries/runs";
import { webApi } from "@/components/data/web-api";
import { RelayWarning } from "@/components/relay/relay-warning";
import { acted, currentIndex, onto, START, type Cursor } from "@/components/review/queue-cursor";
import { EMPTY_FILTERS, QueueFilters } from "@/components/review/queue-filters";
import { leadLabel, QueueList } from "@/components/review/queue-list";
import { filtersInAddress, keepInAddress } from "@/components/review/queue-page";
import { LowRiskApproval } from "@/components/review/low-risk-approval";
import { useQueueDecisions, type Outcome } from "@/components/review/queue-decisions";
import { useQueueKeys } from "@/components/review/use-queue-keys";
import { ShortcutsHelp } from "@/components/review/shortcuts-help";
import { UndoList, useUndoableApprovals } from "@/components/review/undo-approvals";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { BulkApproveResult, QueueFilters as Filters } from "@/components/review/types";
import { QueryState, ShowMore } from "@/components/ui/query-state";
import { EmptyState, Notice } from "@/components/ui/states";
import { buttonStyles, cardStyles } from "@/components/ui/styles";
import { useWaitsForRelay } from "@/components/relay/waits-for-relay";

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function ReviewQueue({
  canReview,
  initial,
  undoWindowMs,
}: {
  canReview: boolean;
  /** Filters from the address (`?run=`, `?step=`, `?risk=`, `?sort=`). */
  initial: Partial<Filters>;
  /** The server's undo window (lib/config/timing.ts). */
  undoWindowMs: number;
}) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<Filters>(() => ({ ...EMPTY_FILTERS, ...initial, ...filtersInAddress() }));
  const [picked, setSelected] = useState<Set<string>>(new Set());
  const [cursor, setCursor] = useState<Cursor>(START);
  const [gone, setGone] = useState<Set<string>>(new Set()); // approved or rejected here: hidden before the refetch drops them
  const [undoHeight, setUndoHeight] = useState(0);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [confirmBulk, setConfirmBulk] = useState(false);
  const rowRefs = useRef<(HTMLLIElement | null)[]>([]);
  /** Set while the page itself puts the focus on a row (after a rejection): that focus does not move the cursor. */
  const placingFocus = useRef(false);
  const listRef = useRef<HTMLUListElement>(null);

  const runs = useRunOptions();
  const campaigns = useCampaignOptions();
  const { query: queue, rows: loaded, total } = useReviewQueue(filters);
  const rows = useMemo(() => loaded.filter((row) => !gone.has(row.id)), [loaded, gone]);
  const ids = useMemo(() => rows.map((row) => row.id), [rows]);
  const active = currentIndex(cursor, ids);

  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.review.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.runs.all });
  }, [queryClient]);
  const undoable = useUndoableApprovals(refresh, undoWindowMs);
  const showRow = useCallback((index: number, focus: boolean) => {
    const element = rowRefs.current[index];
    if (focus) {
      placingFocus.current = true;
      element?.focus({ preventScroll: true });
      placingFocus.current = false;
    }
    element?.scrollIntoView({ block: "nearest" });
  }, []);
  // The draft approved or rejected leaves at once; the one after it becomes current (queue-cursor.ts).
  // The focus stays in the list (its row is gone), on the list itself until `j` lands on a row.
  const leave = useCallback(
    (id: string) => {
      const next = acted(cursor, ids, id);
      setCursor(next);
      setGone((current) => new Set(current).add(id));
      const focused = document.activeElement;
      if (!focused || focused === document.body || listRef.current?.contains(focused)) listRef.current?.focus({ preventScroll: true });
      requestAnimationFrame(() =>
        showRow(
          currentIndex(
            next,
            ids.filter((other) => other !== id),
          ),
          false,
        ),
      );
    },
    [cursor, ids, showRow],
  );

  // A draft that left the queue (approved, rejected, reviewed by someone else) leaves the selection.
  const selected = useMemo(() => {
    const shown = new Set(rows.map((row) => row.id));
    return new Set([...picked].filter((id) => shown.has(id)));
  }, [picked, rows]);
  const unselect = useCallback((ids: string[]) => setSelected((current) => new Set([...current].filter((id) => !ids.includes(id)))), []);
  const focusRow = useCallback(
    (id: string | null) => {
      const index = id ? rowRefs.current.findIndex((element) => element?.dataset.testid === `queue-${id}`) : -1;
      if (index >= 0) showRow(index, true);
      else listRef.current?.focus({ preventScroll: true });
    },
    [showRow],
  );

  const waitsForRelay = useWaitsForRelay();
  const decisions = useQueueDecisions({
    ids,
    cursor,
    leave: (id) => {
      unselect([id]);
      leave(id);
    },
    onApproved: (row) => {
      const waits = row.will_send && waitsForRelay(row.from);
      undoable.add([row.id], `the draft for ${leadLabel(row)}`, { sends: row.will_send, waits });
      if (waits) setOutcome({ tone: "success", text: `Approved the draft for ${leadLabel(row)}. It waits until an SMTP relay is configured.` });
    },
    setOutcome,
    focusRow,
    refresh,
  });
  const bulk = useMutation({
    mutationFn: (ids: string[]) => webApi<BulkApproveResult>("/review/approve", { method: "POST", body: { ids } }),
    onSuccess: (result) => {
      const failed = result.results.filter((r) => !r.ok);
      setSelected(new Set());
      setConfirmBulk(false);
      const approvedIds = result.results.filter((r) => r.ok).map((r) => r.id);
      setGone((current) => new Set([...current, ...approvedIds]));
      if (approvedIds.length)
        undoable.add(approvedIds, plural(approvedIds.length, "draft", "drafts"), {
          sends: rows.some((row) => approvedIds.includes(row.id) && row.will_send),
          waits: rows.some((row) => approvedIds.includes(row.id) && row.will_send && waitsForRelay(row.from)),
        });
      if (failed.length)
        setOutcome({
          tone: failed.length ? "error" : "success",
          text:
            `Approved ${plural(result.approved, "draft", "drafts")}.` +
            (failed.length ? ` ${plural(failed.length, "draft was", "drafts were")} not: ${failed.map((f) => (f.ok ? "" : f.message)).join("; ")}` : ""),
        });
    },
    onError: (error) => {
      setConfirmBulk(false);
      setOutcome({ tone: "error", text: `Nothing was approved: ${error.message}` });
    },
    onSettled: refresh,
  });
  const busyId = decisions.approvingId ?? (bulk.isPending ? "bulk" : null);

  const toggle = useCallback((id: string) => {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);
  // The banner appeared or grew: keep the current row above it.
  useEffect(() => {
    if (undoHeight > 0 && active >= 0) showRow(active, false);
  }, [undoHeight]); // eslint-disable-line react-hooks/exhaustive-deps -- only when the banner's height changes

  const move = useCallback(
    (next: Cursor) => {
      setCursor(next);
      showRow(currentIndex(next, ids), true);
    },
    [ids, showRow],
  );

  useQueueKeys({
    rows,
    ids,
    active,
    cursor,
    canReview,
    busy: busyId !== null,
    move,
    setCursor,
    open: (row) => router.push(`/review/drafts/${row.id}`),
    toggle,
    approve: decisions.startApprove,
    reject: decisions.startReject,
  });

  const filtered = Boolean(filters.runId || filters.campaignId || filters.step || filters.q || filters.risk);
  const runOptions = (runs.data?.data ?? []).map((run) => ({ id: run.id, label: `${run.name} (${run.counts.drafted} drafted)` }));

  return (
    <div className="space-y-4">
      <RelayWarning />
      <div aria-live="polite" className="space-y-2">
        {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
        <UndoList
          items={undoable.items}
          now={undoable.now}
          onHeight={setUndoHeight}
          onUndo={(item) =>
            void undoable.undo(item).then(({ undone, failed }) => {
              // Back in the queue (the refetch keeps any that stayed approved out).
              setGone((current) => new Set([...current].filter((id) => !item.ids.includes(id))));
              setOutcome(
                failed.length
                  ? { tone: "error", text: `Undid ${plural(undone, "approval", "approvals")}; ${failed.length} could not be undone: ${failed.join("; ")}` }
                  : {
                      tone: "success",
                      text: `Undid the approval of ${item.label}: nothing was sent, ${undone === 1 ? "it waits" : "they wait"} for review again.`,
                    },
              );
            })
          }
        />
      </div>
      <section aria-labelledby="queue-heading" className={cardStyles}>
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
          <h2 id="queue-heading" className="text-base font-semibold text-slate-900">
            Awaiting review
            {queue.isSuccess ? (
              <span className="ml-2 text-sm font-normal text-slate-500" data-testid="queue-count">
                {(total ?? rows.length).toLocaleString()} waiting{queue.hasNextPage ? ` · ${rows.length.toLocaleString()} shown` : ""}
              </span>
            ) : null}
          </h2>
          {canReview ? (
            <div className="flex flex-wrap gap-2">
              {filters.runId ? (
                <LowRiskApproval
                  runId={filters.runId}
                  undoWindowMs={undoWindowMs}
                  onDone={(result, from) => {
                    const approvedIds = result.results.filter((r) => r.ok).map((r) => r.id);
                    setGone((current) => new Set([...current, ...approvedIds]));
                    unselect(approvedIds);
                    if (approvedIds.length)
                      undoable.add(approvedIds, plural(approvedIds.length, "low-risk draft", "low-risk drafts"), { waits: waitsForRelay(from) });
                    setOutcome({
                      tone: approvedIds.length === result.results.length ? "success" : "error",
                      text:
                        `Approved ${plural(result.approved, "low-risk draft", "low-risk drafts")}.` +
                        (approvedIds.length < result.results.length ? ` ${result.results.length - approvedIds.length} could not be approved.` : ""),
                    });
                    refresh();
                  }}
                />
              ) : null}
              {rows.length > 0 ? (
                <button
                  type="button"
                  className={buttonStyles.quiet}
                  onClick={() => setSelected(selected.size === rows.length ? new Set() : new Set(rows.map((r) => r.id)))}
                >
                  {selected.size === rows.length ? "Select none" : "Select all shown"}
                </button>
              ) : null}
              <button
                type="button"
                className={buttonStyles.primary}
                disabled={selected.size === 0 || bulk.isPending}
                onClick={() => {
                  setOutcome(null);
                  bulk.reset();
                  setConfirmBulk(true);
                }}
              >
                {bulk.isPending ? "Approving…" : `Approve selected (${selected.size})`}
              </button>
            </div>
          ) : (
            <p className="text-sm text-slate-600">You can read the queue; approving and rejecting need the reviewer role.</p>
          )}
        </div>
        <QueueFilters
          runs={runOptions}
          campaigns={campaigns.data?.data ?? []}
          applied={filters}
          onApply={(next) => {
            setFilters(next);
            keepInAddress(next);
            setSelected(new Set());
            setCursor(START);
          }}
        />
        <ShortcutsHelp id="queue-shortcuts" canReview={canReview} />
        <QueryState
          query={queue}
          loading="Loading drafts…"
          failed="The review queue could not be loaded."
          isEmpty={rows.length === 0}
          empty={
            <EmptyState title={filtered ? "No drafts match these filters" : "Nothing to review"}>
              {filtered ? "Try another run, campaign, step or risk, or clear the search." : "Drafts appear here when a run’s draft_email stage writes them."}
            </EmptyState>
          }
        >
          <QueueList
            rows={rows}
            active={active}
            onActivate={(id) => {
              if (!placingFocus.current) setCursor(onto(ids, id));
            }}
            rowRefs={rowRefs}
            listRef={listRef}
            bottomInset={undoHeight}
            canReview={canReview}
            selected={selected}
            onToggle={toggle}
            busyId={busyId}
            describedBy="queue-shortcuts"
            onApprove={decisions.startApprove}
            onReject={decisions.startReject}
          />
        </QueryState>
        <ShowMore query={queue} />
      </section>
      {undoHeight ? <div aria-hidden="true" style={{ height: undoHeight }} /> /* room to scroll the last rows above the undo banner */ : null}
      <ConfirmDialog
        open={confirmBulk}
        title={`Approve ${plural(selected.size, "draft", "drafts")}?`}
        confirmLabel={`Approve ${plural(selected.size, "draft", "drafts")}`}
        tone="primary"
        pending={bulk.isPending}
        error={bulk.isError ? bulk.error.message : null}
        onConfirm={() => bulk.mutate([...selected])}
        onCancel={() => setConfirmBulk(false)}
      >
        <p>
          {selected.size === 1 ? "The email goes" : `All ${selected.size.toLocaleString()} emails go`} to the relay as written,{" "}
          {Math.round(undoWindowMs / 1000)} seconds after you confirm (you can undo until then).
        </p>
      </ConfirmDialog>
      {decisions.dialogs}
    </div>
  );
}
