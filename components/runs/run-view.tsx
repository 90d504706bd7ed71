"use client";

import { useRun } from "@/components/data/queries/runs";
import { RunLeads } from "@/components/runs/run-leads";
import { RunProgressPanel } from "@/components/runs/run-progress-panel";
import { CancelRun } from "@/components/runs/cancel-run";
import { RunRowErrors } from "@/components/runs/run-row-errors";
import { SendsInDoubt } from "@/components/runs/sends-in-doubt";
import { ACTIVE_STATUSES } from "@/components/runs/types";
import { QueryState } from "@/components/ui/query-state";
import { cardStyles } from "@/components/ui/styles";
import type { RunProgress } from "@/components/runs/types";
import { RUN_STATUS } from "@/lib/statuses";

/** The run page: polls every second while the run moves, every 5 s while drafts wait for review. */
export function RunView({ id, canCancel, canResolve }: { id: string; canCancel: boolean; canResolve: boolean }) {
  const progress = useRun(id);
  return (
    <QueryState query={progress} frame={cardStyles} loading="Loading the run…" failed="The run could not be loaded.">
      {(data) => <RunDetails id={id} canCancel={canCancel} canResolve={canResolve} progress={data} />}
    </QueryState>
  );
}

function RunDetails({ id, canCancel, canResolve, progress }: { id: string; canCancel: boolean; canResolve: boolean; progress: RunProgress }) {
  const live = ACTIVE_STATUSES.includes(progress.run.status);
  const ended = ["completed", "failed", "canceled"].includes(progress.run.status);
  return (
    <div className="space-y-4">
      {canCancel && !ended ? (
        <div className="flex justify-end">
          <CancelRun runId={id} />
        </div>
      ) : null}
      <RunProgressPanel progress={progress} live={live} />
      <SendsInDoubt runId={id} sending={progress.run.status === RUN_STATUS.sending} canResolve={canResolve} />
      <RunRowErrors runId={id} count={progress.run.counts.invalid_rows} />
      <RunLeads runId={id} version={`${progress.run.status}|${Object.values(progress.states).join(",")}`} />
    </div>
  );
}
