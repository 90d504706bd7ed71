"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import { queryKeys } from "@/components/data/query-keys";
import { LowRiskApproval } from "@/components/review/low-risk-approval";
import { UndoList, useUndoableApprovals } from "@/components/review/undo-approvals";
import { useWaitsForRelay } from "@/components/relay/waits-for-relay";

// "Approve the N low-risk drafts of this run" on the run page (issue 36; reviewers), as on the queue
// filtered to the run: the same button and confirmation (count named, three shown first), the same
// server-side choice of drafts, and each approval undoable in the banner while its send waits.

const drafts = (count: number) => `${count.toLocaleString()} low-risk draft${count === 1 ? "" : "s"}`;

type Props = {
  runId: string;
  undoWindowMs: number;
  /** Changes when the run's counts move (a draft written or decided): the count is asked again. */
  version: string;
  /** Whether the run sends what is approved (a run that stops after draft_email does not): the undo line says so. */
  sends: boolean;
  onOutcome: (outcome: { tone: "success" | "error"; text: string }) => void;
};

export function RunLowRiskApproval({ runId, undoWindowMs, version, sends, onOutcome }: Props) {
  const queryClient = useQueryClient();
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.review.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.runs.all });
  }, [queryClient]);
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.review.lowRisk(runId) });
  }, [queryClient, runId, version]);
  const undoable = useUndoableApprovals(refresh, undoWindowMs);
  const waitsForRelay = useWaitsForRelay();
  return (
    <>
      <LowRiskApproval
        runId={runId}
        undoWindowMs={undoWindowMs}
        onDone={(result, from) => {
          const approvedIds = result.results.filter((r) => r.ok).map((r) => r.id);
          if (approvedIds.length) undoable.add(approvedIds, drafts(approvedIds.length), { sends, waits: sends && waitsForRelay(from) });
          const missed = result.results.length - approvedIds.length;
          onOutcome({
            tone: missed === 0 ? "success" : "error",
            text: `Approved ${drafts(result.approved)} of this run.` + (missed ? ` ${missed.toLocaleString()} could not be approved.` : ""),
          });
          refresh();
        }}
      />
      <UndoList
        items={undoable.items}
        now={undoable.now}
        onUndo={(item) =>
          void undoable
            .undo(item)
            .then(({ undone, failed }) =>
              onOutcome(
                failed.length
                  ? { tone: "error", text: `Undid ${undone} of the approvals; ${failed.length} could not be undone: ${failed.join("; ")}` }
                  : { tone: "success", text: `Undid the approval of ${item.label}: nothing was sent, they wait for review again.` },
              ),
            )
        }
      />
    </>
  );
}
