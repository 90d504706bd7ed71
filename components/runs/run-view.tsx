"use client";

import { useRun } from "@/components/data/queries/runs";
import { RunLeads } from "@/components/runs/run-leads";
import { RunProgressPanel } from "@/components/runs/run-progress-panel";
import { CancelRun } from "@/components/runs/cancel-run";
import { RunRowErrors } from "@/components/runs/run-row-errors";
import { ACTIVE_STATUSES } from "@/components/runs/types";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { cardStyles } from "@/components/ui/styles";

/** The run page: polls every second while the run moves, every 5 s while drafts wait for review. */
export function RunView({ id, canCancel }: { id: string; canCancel: boolean }) {
  const progress = useRun(id);
  if (progress.isPending) return <div className={cardStyles}><LoadingState label="Loading the run…" /></div>;
  if (progress.isError) return <div className={cardStyles}><ErrorState message={`The run could not be loaded. ${progress.error.message}`} onRetry={() => void progress.refetch()} /></div>;
  const live = ACTIVE_STATUSES.includes(progress.data.run.status);
  const ended = ["completed", "failed", "canceled"].includes(progress.data.run.status);
  return (
    <div className="space-y-4">
      {canCancel && !ended ? <div className="flex justify-end"><CancelRun runId={id} /></div> : null}
      <RunProgressPanel progress={progress.data} live={live} />
      <RunRowErrors runId={id} count={progress.data.run.counts.invalid_rows} />
      <RunLeads runId={id} version={`${progress.data.run.status}|${Object.values(progress.data.states).join(",")}`} />
    </div>
  );
}
