"use client";

import { useState } from "react";
import { useRun } from "@/components/data/queries/runs";
import { RunLeads } from "@/components/runs/run-leads";
import { RunProgressPanel } from "@/components/runs/run-progress-panel";
import { RunStepsPanel } from "@/components/runs/run-steps-panel";
import { CancelRun } from "@/components/runs/cancel-run";
import { StopAllSequences } from "@/components/runs/stop-all-sequences";
import { RunRowErrors } from "@/components/runs/run-row-errors";
import { SendsInDoubt } from "@/components/runs/sends-in-doubt";
import { QueryState } from "@/components/ui/query-state";
import { Notice } from "@/components/ui/states";
import { cardStyles } from "@/components/ui/styles";
import type { RunProgress } from "@/components/runs/types";
import { RUN_STATUS } from "@/lib/statuses";
import { isEndedRun, isWorkingRun } from "@/lib/states/run";

/** The run page: polls every second while the run moves, every 5 s while drafts wait for review. */
export function RunView({ id, canCancel, canResolve, canStop = false }: { id: string; canCancel: boolean; canResolve: boolean; canStop?: boolean }) {
  const progress = useRun(id);
  return (
    <QueryState query={progress} frame={cardStyles} loading="Loading the run…" failed="The run could not be loaded.">
      {(data) => <RunDetails id={id} canCancel={canCancel} canResolve={canResolve} canStop={canStop} progress={data} />}
    </QueryState>
  );
}

type DetailsProps = { id: string; canCancel: boolean; canResolve: boolean; canStop: boolean; progress: RunProgress };

function RunDetails({ id, canCancel, canResolve, canStop, progress }: DetailsProps) {
  const live = isWorkingRun(progress.run.status);
  const ended = isEndedRun(progress.run.status);
  const [stoppedAll, setStoppedAll] = useState<string | null>(null);
  // "Stop all sequences…" for reviewers while a run with steps has sequences still going.
  const stopAll = canStop && progress.steps.length > 1 && progress.sequences_going > 0;
  return (
    <div className="space-y-4">
      {(canCancel && !ended) || stopAll ? (
        <div className="flex flex-wrap justify-end gap-2">
          {stopAll ? <StopAllSequences runId={id} going={progress.sequences_going} onStopped={setStoppedAll} /> : null}
          {canCancel && !ended ? <CancelRun runId={id} /> : null}
        </div>
      ) : null}
      {stoppedAll ? <Notice tone="success">{stoppedAll}</Notice> : null}
      <RunProgressPanel progress={progress} live={live} />
      {progress.steps.length > 1 ? <RunStepsPanel runId={id} steps={progress.steps} counts={progress.run.counts.steps ?? []} /> : null}
      <SendsInDoubt runId={id} sending={progress.run.status === RUN_STATUS.sending} canResolve={canResolve} />
      <RunRowErrors runId={id} count={progress.run.counts.invalid_rows} />
      <RunLeads
        runId={id}
        steps={progress.steps.length}
        canStop={canStop}
        // The rows look again when a state count or a step's counts move (a follow-up drafted, sent or canceled).
        version={`${progress.run.status}|${Object.values(progress.states).join(",")}|${(progress.run.counts.steps ?? []).map((s) => `${s.drafted}.${s.sent}.${s.canceled}`).join(",")}`}
      />
    </div>
  );
}
