"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useLowRiskDrafts } from "@/components/data/queries/review";
import { webApi } from "@/components/data/web-api";
import { leadLabel } from "@/components/review/queue-list";
import type { BulkApproveResult } from "@/components/review/types";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { buttonStyles } from "@/components/ui/styles";
import type { DraftFrom } from "@/lib/senders/draft-from";

const drafts = (count: number) => `${count.toLocaleString()} low-risk draft${count === 1 ? "" : "s"}`;

/**
 * "Approve the N low-risk drafts of this run" (issue 36), on the queue filtered to a run: a
 * confirmation that names the count and shows three of them first; the server picks the run's
 * low-risk drafts when it approves (POST /api/web/runs/{id}/approve-low-risk), so a draft that is
 * not low risk then is not approved, whatever the page counted.
 */
type LowRiskProps = {
  runId: string;
  undoWindowMs: number;
  /** `from`: who the run's drafts go out From (a run's leads all have senders of a campaign, or none). */
  onDone: (result: BulkApproveResult, from: DraftFrom | null) => void;
};

export function LowRiskApproval({ runId, undoWindowMs, onDone }: LowRiskProps) {
  const [confirming, setConfirming] = useState(false);
  const lowRisk = useLowRiskDrafts(runId);
  const approve = useMutation({
    mutationFn: () => webApi<BulkApproveResult>(`/runs/${runId}/approve-low-risk`, { method: "POST" }),
    onSuccess: (result) => {
      setConfirming(false);
      onDone(result, lowRisk.data?.data[0]?.from ?? null);
      void lowRisk.refetch();
    },
  });
  const count = lowRisk.data?.total ?? 0;
  if (!lowRisk.isSuccess || count === 0) return null;
  const shown = lowRisk.data.data;
  return (
    <>
      <button
        type="button"
        className={buttonStyles.secondary}
        onClick={() => {
          approve.reset();
          setConfirming(true);
        }}
      >
        Approve the {drafts(count)} of this run
      </button>
      <ConfirmDialog
        open={confirming}
        title={`Approve ${drafts(count)}?`}
        confirmLabel={`Approve ${drafts(count)}`}
        tone="primary"
        pending={approve.isPending}
        error={approve.isError ? approve.error.message : null}
        onConfirm={() => approve.mutate()}
        onCancel={() => setConfirming(false)}
      >
        <p>
          The drafts of this run that have no warning or blocking check, as written. Each goes to the relay {Math.round(undoWindowMs / 1000)} seconds after you
          confirm (you can undo until then). {count > shown.length ? `The first ${shown.length}:` : ""}
        </p>
        <ul className="mt-2 space-y-1.5" data-testid="low-risk-examples">
          {shown.map((row) => (
            <li key={row.id} className="rounded-md bg-slate-50 px-2 py-1.5">
              <span className="font-medium text-slate-900">{leadLabel(row)}</span>
              <span className="block truncate text-slate-700">{row.subject}</span>
            </li>
          ))}
        </ul>
        {count > shown.length ? <p className="mt-2">…and {(count - shown.length).toLocaleString()} more.</p> : null}
        <p className="mt-2">Only drafts still low risk and awaiting review when you confirm are approved.</p>
      </ConfirmDialog>
    </>
  );
}
