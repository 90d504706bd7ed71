"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { queryKeys } from "@/components/data/query-keys";
import { useCampaignOptions } from "@/components/data/queries/campaigns";
import { useReviewQueue } from "@/components/data/queries/review";
import { useRunOptions } from "@/components/data/queries/runs";
import { webApi } from "@/components/data/web-api";
import { useRelayReadiness } from "@/components/data/queries/settings";
import { RelayWarning } from "@/components/relay/relay-warning";
import { acted, currentIndex, down, onto, START, up, type Cursor } from "@/components/review/queue-cursor";
import { EMPTY_FILTERS, QueueFilters } from "@/components/review/queue-filters";
import { leadLabel, QueueList } from "@/components/review/queue-list";
import { filtersInAddress, isShortcut, keepInAddress } from "@/components/review/queue-page";
import { LowRiskApproval } from "@/components/review/low-risk-approval";
import { RejectDialog } from "@/components/review/reject-dialog";
import { ShortcutsHelp } from "@/components/review/shortcuts-help";
import { UndoList, useUndoableApprovals } from "@/components/review/undo-approvals";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { BulkApproveResult, QueueFilters as Filters, ReviewQueueItem } from "@/components/review/types";
import { QueryState, ShowMore } from "@/components/ui/query-state";
import { EmptyState, Notice } from "@/components/ui/states";
import { buttonStyles, cardStyles } from "@/components/ui/styles";
import { RELAY_READINESS } from "@/lib/states/relay";

type Outcome = { tone: "success" | "error"; text: string };
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
  const [rejecting, setRejecting] = useState<ReviewQueueItem | null>(null);
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

  const relayReady = useRelayReadiness().data?.state !== RELAY_READINESS.missing;
  const approveOne = useMutation({
    mutationFn: (row: ReviewQueueItem) => webApi(`/drafts/${row.id}/approve`, { method: "POST", body: {} }),
    onSuccess: (_draft, row) => {
      unselect([row.id]);
      leave(row.id);
      undoable.add([row.id], `the draft for ${leadLabel(row)}`, row.will_send);
      if (!relayReady) setOutcome({ tone: "success", text: `Approved the draft for ${leadLabel(row)}. It waits until an SMTP relay is configured.` });
    },
    onError: (error, row) => setOutcome({ tone: "error", text: `The draft for ${leadLabel(row)} was not approved: ${error.message}` }),
    onSettled: refresh,
  });
  const rejectOne = useMutation({
    mutationFn: ({ row, reason }: { row: ReviewQueueItem; reason: string }) => webApi(`/drafts/${row.id}/reject`, { method: "POST", body: { reason } }),
    onSuccess: (_draft, { row }) => {
      unselect([row.id]);
      const rest = ids.filter((other) => other !== row.id);
      const next = currentIndex(acted(cursor, ids, row.id), rest);
      leave(row.id);
      setRejecting(null);
      setOutcome({ tone: "success", text: `Rejected the draft for ${leadLabel(row)}.` });
      // The dialog closed on a row that is gone: the focus goes to the row that took its place, not to the page.
      focusRowAfterDialog(next >= 0 ? rest[next] : null);
      refresh();
    },
  });
  // A closing dialog gives the focus back to its opener; when that is gone (the rejected row) or the
  // dialog was remounted, the focus would fall to the page, so it is put on the row once the dialog
  // has closed (after the commit: while the modal is open the rows are inert and take no focus).
  const focusAfterDialog = useRef<string | null | undefined>(undefined);
  const focusRowAfterDialog = useCallback((id: string | null) => {
    focusAfterDialog.current = id;
  }, []);
  useEffect(() => {
    if (rejecting !== null || focusAfterDialog.current === undefined) return;
    const id = focusAfterDialog.current;
    focusAfterDialog.current = undefined;
    requestAnimationFrame(() => {
      const index = id ? rowRefs.current.findIndex((element) => element?.dataset.testid === `queue-${id}`) : -1;
      if (index >= 0) showRow(index, true);
      else listRef.current?.focus({ preventScroll: true });
    });
  }, [rejecting, showRow]);
  const bulk = useMutation({
    mutationFn: (ids: string[]) => webApi<BulkApproveResult>("/review/approve", { method: "POST", body: { ids } }),
    onSuccess: (result) => {
      const failed = result.results.filter((r) => !r.ok);
      setSelected(new Set());
      setConfirmBulk(false);
      const approvedIds = result.results.filter((r) => r.ok).map((r) => r.id);
      setGone((current) => new Set([...current, ...approvedIds]));
      if (approvedIds.length)
        undoable.add(
          approvedIds,
          plural(approvedIds.length, "draft", "drafts"),
          rows.some((row) => approvedIds.includes(row.id) && row.will_send),
        );
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
  const busyId = approveOne.isPending ? (approveOne.variables?.id ?? null) : bulk.isPending ? "bulk" : null;

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

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (!isShortcut(event) || rows.length === 0 || active < 0) return;
      const row = rows[active];
      // Enter on a link, button or checkbox is theirs; anywhere else it opens the current row.
      const onControl = (event.target as HTMLElement).closest("a, button, input, select, textarea");
      const handled = (() => {
        switch (event.key) {
          case "j":
            move(down(cursor, ids));
            return true;
          case "k":
            move(up(cursor, ids));
            return true;
          case "Enter":
            if (onControl) return false;
            router.push(`/review/drafts/${row.id}`);
            return true;
          case "x":
            if (!canReview) return false;
            setCursor(onto(ids, row.id));
            toggle(row.id);
            return true;
          case "a":
            if (!canReview || busyId) return false;
            setOutcome(null);
            approveOne.mutate(row);
            return true;
          case "r":
            if (!canReview) return false;
            rejectOne.reset();
            setRejecting(row);
            return true;
          default:
            return false;
        }
      })();
      if (handled) event.preventDefault();
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [rows, ids, active, cursor, canReview, busyId, move, toggle, router, approveOne, rejectOne]);

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
          relayReady={relayReady}
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
                  onDone={(result) => {
                    const approvedIds = result.results.filter((r) => r.ok).map((r) => r.id);
                    setGone((current) => new Set([...current, ...approvedIds]));
                    unselect(approvedIds);
                    if (approvedIds.length) undoable.add(approvedIds, plural(approvedIds.length, "low-risk draft", "low-risk drafts"), true);
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
            onApprove={(row) => {
              setOutcome(null);
              approveOne.mutate(row);
            }}
            onReject={(row) => {
              rejectOne.reset();
              setRejecting(row);
            }}
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
      <RejectDialog
        key={rejecting?.id ?? "none"}
        open={rejecting !== null}
        leadLabel={rejecting ? leadLabel(rejecting) : ""}
        pending={rejectOne.isPending}
        error={rejectOne.isError ? rejectOne.error.message : null}
        onCancel={() => {
          focusRowAfterDialog(rejecting?.id ?? null);
          setRejecting(null);
        }}
        onReject={(reason) => rejecting && rejectOne.mutate({ row: rejecting, reason })}
      />
    </div>
  );
}
