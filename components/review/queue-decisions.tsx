"use client";

import { useMutation } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { webApi, WebApiError } from "@/components/data/web-api";
import { acted, currentIndex, type Cursor } from "@/components/review/queue-cursor";
import { leadLabel } from "@/components/review/queue-list";
import { OverrideDialog } from "@/components/review/override-dialog";
import { RejectDialog } from "@/components/review/reject-dialog";
import type { ReviewQueueItem } from "@/components/review/types";
import type { Check } from "@/lib/review-checks/types";

// One draft's approval or rejection from the review queue (`a`, `r`, the row's buttons), each with
// its dialog: Reject asks for a reason; an approval refused with 409 draft_blocked opens the same
// override-reason dialog as the draft page (contract §13), and approves with the reason given.
// Closing a dialog puts the focus back on the queue: on the row when it was canceled, on the row
// that took the draft's place when the draft left.

export type Outcome = { tone: "success" | "error"; text: string };

type Options = {
  ids: string[];
  cursor: Cursor;
  /** The draft left the queue here (approved or rejected). */
  leave: (id: string) => void;
  /** After an approval: its undo line and what to tell the reviewer. */
  onApproved: (row: ReviewQueueItem) => void;
  setOutcome: (outcome: Outcome | null) => void;
  /** Puts the focus on a row by id (null or gone: on the list). */
  focusRow: (id: string | null) => void;
  refresh: () => void;
};

type Approval = { row: ReviewQueueItem; override_reason?: string };

export function useQueueDecisions({ ids, cursor, leave, onApproved, setOutcome, focusRow, refresh }: Options) {
  const [rejecting, setRejecting] = useState<ReviewQueueItem | null>(null);
  // A 409 draft_blocked: the row and its blocking checks, until approved with a reason or canceled.
  const [blocked, setBlocked] = useState<{ row: ReviewQueueItem; checks: Check[] } | null>(null);

  // A closing dialog gives the focus back to its opener; when that is gone (the row that left) or the
  // dialog was remounted, the focus would fall to the page, so it is put on the row once the dialog
  // has closed (after the commit: while the modal is open the rows are inert and take no focus).
  const focusAfterDialog = useRef<string | null | undefined>(undefined);
  const open = rejecting !== null || blocked !== null;
  useEffect(() => {
    if (open || focusAfterDialog.current === undefined) return;
    const id = focusAfterDialog.current;
    focusAfterDialog.current = undefined;
    requestAnimationFrame(() => focusRow(id));
  }, [open, focusRow]);

  /** The row that takes `id`'s place once it leaves (null: none left). */
  const nextAfter = (id: string) => {
    const rest = ids.filter((other) => other !== id);
    const next = currentIndex(acted(cursor, ids, id), rest);
    return next >= 0 ? rest[next] : null;
  };

  const approve = useMutation({
    mutationFn: ({ row, override_reason }: Approval) =>
      webApi(`/drafts/${row.id}/approve`, { method: "POST", body: override_reason ? { override_reason } : {} }),
    onSuccess: (_draft, { row, override_reason }) => {
      if (override_reason) {
        focusAfterDialog.current = nextAfter(row.id);
        setBlocked(null);
      }
      leave(row.id);
      onApproved(row);
    },
    onError: (error, { row, override_reason }) => {
      if (override_reason) return; // shown in the override dialog
      if (error instanceof WebApiError && error.code === "draft_blocked") {
        setOutcome(null);
        setBlocked({ row, checks: Array.isArray(error.problem.checks) ? (error.problem.checks as Check[]) : [] });
        return;
      }
      setOutcome({ tone: "error", text: `The draft for ${leadLabel(row)} was not approved: ${error.message}` });
    },
    onSettled: refresh,
  });
  const reject = useMutation({
    mutationFn: ({ row, reason }: { row: ReviewQueueItem; reason: string }) => webApi(`/drafts/${row.id}/reject`, { method: "POST", body: { reason } }),
    onSuccess: (_draft, { row }) => {
      focusAfterDialog.current = nextAfter(row.id);
      leave(row.id);
      setRejecting(null);
      setOutcome({ tone: "success", text: `Rejected the draft for ${leadLabel(row)}.` });
      refresh();
    },
  });

  const startApprove = useCallback(
    (row: ReviewQueueItem) => {
      setOutcome(null);
      approve.mutate({ row });
    },
    [approve, setOutcome],
  );
  const startReject = useCallback(
    (row: ReviewQueueItem) => {
      reject.reset();
      setRejecting(row);
    },
    [reject],
  );

  const overriding = approve.isPending && Boolean(approve.variables?.override_reason);
  const overrideError = blocked && approve.isError && approve.variables?.override_reason ? approve.error.message : null;
  const dialogs = (
    <>
      <OverrideDialog
        key={`override-${blocked?.row.id ?? "none"}`}
        open={blocked !== null}
        checks={blocked?.checks ?? []}
        pending={overriding}
        error={overrideError}
        onCancel={() => {
          focusAfterDialog.current = blocked?.row.id ?? null;
          approve.reset();
          setBlocked(null);
        }}
        onApprove={(reason) => blocked && approve.mutate({ row: blocked.row, override_reason: reason })}
      />
      <RejectDialog
        key={`reject-${rejecting?.id ?? "none"}`}
        open={rejecting !== null}
        leadLabel={rejecting ? leadLabel(rejecting) : ""}
        pending={reject.isPending}
        error={reject.isError ? reject.error.message : null}
        onCancel={() => {
          focusAfterDialog.current = rejecting?.id ?? null;
          setRejecting(null);
        }}
        onReject={(reason) => rejecting && reject.mutate({ row: rejecting, reason })}
      />
    </>
  );

  return {
    /** The draft being approved now (its row's button says so), or null. */
    approvingId: approve.isPending ? (approve.variables?.row.id ?? null) : null,
    startApprove,
    startReject,
    dialogs,
  };
}
