"use client";

import { useEffect, useRef, useState } from "react";
import { useRun } from "@/components/data/queries/runs";
import { RunLeads } from "@/components/runs/run-leads";
import { RunLowRiskApproval } from "@/components/runs/run-low-risk";
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
type Access = { canCancel: boolean; canResolve: boolean; canStop?: boolean; canReview?: boolean; undoWindowMs: number };

export function RunView({ id, ...access }: { id: string } & Access) {
  const progress = useRun(id);
  return (
    <QueryState query={progress} frame={cardStyles} loading="Loading the run…" failed="The run could not be loaded.">
      {(data) => <RunDetails id={id} {...access} progress={data} />}
    </QueryState>
  );
}

type DetailsProps = { id: string; progress: RunProgress } & Access;
type Outcome = { tone: "success" | "error"; text: string };

function RunDetails({ id, canCancel, canResolve, canStop = false, canReview = false, undoWindowMs, progress }: DetailsProps) {
  const live = isWorkingRun(progress.run.status);
  const ended = isEndedRun(progress.run.status);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  // An outcome follows a confirmation: the focus goes to what it did (the button that opened it may
  // be about to go, with the last low-risk draft approved), not back to the page.
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus({ preventScroll: false });
  }, [outcome]);
  // "Stop all sequences…" for reviewers while a run with steps has sequences still going.
  const stopAll = canStop && progress.steps.length > 1 && progress.sequences_going > 0;
  const version = `${progress.run.status}|${Object.values(progress.states).join(",")}|${(progress.run.counts.steps ?? []).map((s) => `${s.drafted}.${s.sent}.${s.canceled}`).join(",")}`;
  return (
    <div className="space-y-4">
      {(canCancel && !ended) || stopAll || canReview ? (
        <div className="flex flex-wrap justify-end gap-2 empty:hidden">
          {canReview ? (
            <RunLowRiskApproval runId={id} undoWindowMs={undoWindowMs} version={version} sends={!progress.run.stop_after} onOutcome={setOutcome} />
          ) : null}
          {stopAll ? <StopAllSequences runId={id} going={progress.sequences_going} onStopped={(text) => setOutcome({ tone: "success", text })} /> : null}
          {canCancel && !ended ? <CancelRun runId={id} /> : null}
        </div>
      ) : null}
      <div ref={outcomeRef} tabIndex={-1} aria-live="polite" className="outline-none empty:hidden">
        {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
      </div>
      <RunProgressPanel progress={progress} live={live} />
      {progress.steps.length > 1 ? <RunStepsPanel runId={id} steps={progress.steps} counts={progress.run.counts.steps ?? []} /> : null}
      <SendsInDoubt runId={id} sending={progress.run.status === RUN_STATUS.sending} canResolve={canResolve} />
      <RunRowErrors runId={id} count={progress.run.counts.invalid_rows} />
      <RunLeads
        runId={id}
        steps={progress.steps.length}
        canStop={canStop}
        // The rows look again when a state count or a step's counts move (a follow-up drafted, sent or canceled).
        version={version}
      />
    </div>
  );
}
