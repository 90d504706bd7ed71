"use client";

import Link from "next/link";
import { reviewWords } from "@/components/runs/review-words";
import type { RunProgress } from "@/components/runs/types";
import { stateLabel, StatusBadge } from "@/components/ui/status-badge";
import { cardStyles } from "@/components/ui/styles";
import { Time } from "@/components/ui/time";
import { RUN_STATUS } from "@/lib/statuses";
import { RUN_LEAD_STATE_LABELS, RUN_LEAD_STATE_ORDER, SETTLED_RUN_LEAD_STATES } from "@/lib/states/run-lead";
import { stageLabel } from "@/lib/states/stages";

// The run's live numbers: leads by state (with a bar of how many are settled) and the pipeline's
// counts. The parent polls; the regions are polite live regions only for the summary sentence.

const COUNTS = ["rows", "imported", "invalid_rows", "qualified", "rejected", "drafted", "approved", "sent", "replied", "failed"] as const;

export function RunProgressPanel({ progress, live }: { progress: RunProgress; live: boolean }) {
  const { run, states, total } = progress;
  const settled = SETTLED_RUN_LEAD_STATES.reduce((sum, s) => sum + states[s], 0);
  const percent = total ? Math.round((settled / total) * 100) : 0;
  return (
    <section aria-labelledby="progress-heading" className={`${cardStyles} p-4`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="progress-heading" className="text-base font-semibold text-slate-900">
          Progress
        </h2>
        <div className="flex items-center gap-2 text-xs text-slate-500">
          {live ? (
            <span className="inline-flex items-center gap-1.5">
              <span aria-hidden="true" className="h-2 w-2 animate-pulse rounded-full bg-sky-500" />
              Live
            </span>
          ) : null}
          <StatusBadge state={run.status} />
        </div>
      </div>
      <p className="mt-1 text-sm text-slate-700" aria-live="polite" data-testid="run-summary">
        {run.status === RUN_STATUS.importing || run.status === RUN_STATUS.queued
          ? `${run.status === RUN_STATUS.queued ? "Queued" : "Importing"}: ${run.counts.imported.toLocaleString()} leads imported so far.`
          : `${settled.toLocaleString()} of ${total.toLocaleString()} leads settled (${percent} %).`}
      </p>
      <div
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100"
        role="progressbar"
        aria-label="Leads settled"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="h-full rounded-full bg-indigo-500 transition-[width] duration-500" style={{ width: `${percent}%` }} />
      </div>
      <h3 className="mt-4 text-sm font-semibold text-slate-900">Leads by state</h3>
      <dl className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-7">
        {RUN_LEAD_STATE_ORDER.map((state) => (
          <div key={state} className="rounded-lg border border-slate-200 px-3 py-2">
            <dt className="text-xs capitalize text-slate-500">{RUN_LEAD_STATE_LABELS[state]}</dt>
            <dd className="text-lg font-semibold tabular-nums text-slate-900" data-testid={`state-count-${state}`}>
              {states[state].toLocaleString()}
            </dd>
          </div>
        ))}
      </dl>
      {states.awaiting_review > 0 ? (
        <p className="mt-3 text-sm">
          <Link href={`/review?run=${run.id}`} className="font-medium text-indigo-700 hover:underline">
            {states.awaiting_review === 1
              ? "Review the draft waiting in this run →"
              : `Review the ${states.awaiting_review.toLocaleString()} drafts waiting in this run →`}
          </Link>
        </p>
      ) : null}
      <h3 className="mt-4 text-sm font-semibold text-slate-900">Counts</h3>
      <dl className="mt-1 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-5">
        {COUNTS.map((key) => (
          <div key={key} className="flex justify-between gap-2 border-b border-slate-100 py-1">
            <dt className="capitalize text-slate-500">{stateLabel(key)}</dt>
            <dd className="tabular-nums text-slate-900" data-testid={`count-${key}`}>
              {run.counts[key].toLocaleString()}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm text-slate-700" data-testid="run-totals">
        Model calls: <span className="tabular-nums">{run.totals.model_calls.toLocaleString()}</span> · tokens{" "}
        <span className="tabular-nums">
          {run.totals.input_tokens.toLocaleString()} in / {run.totals.output_tokens.toLocaleString()} out
        </span>{" "}
        · cost <span className="tabular-nums font-medium">${run.totals.cost_usd.toFixed(4)}</span>
      </p>
      {run.review ? (
        <p className="mt-1 text-sm text-slate-700" data-testid="run-review">
          {reviewWords(run.review)}
        </p>
      ) : null}
      <dl className="mt-4 grid gap-x-4 gap-y-1 text-xs text-slate-600 sm:grid-cols-[auto_minmax(0,1fr)_auto_minmax(0,1fr)]">
        <dt className="text-slate-500">Pack</dt>
        <dd>{run.pack}</dd>
        <dt className="text-slate-500">Stops after</dt>
        <dd>{run.stop_after ? stageLabel(run.stop_after) : "—, the whole pipeline"}</dd>
        <dt className="text-slate-500">Created</dt>
        <dd>
          <Time iso={run.created_at} />
        </dd>
        <dt className="text-slate-500">Finished</dt>
        <dd>
          <Time iso={run.finished_at} />
        </dd>
        <dt className="text-slate-500">Leads CSV</dt>
        <dd className="break-all font-mono">{run.leads_csv_url ?? "uploaded file"}</dd>
      </dl>
      {run.error ? (
        <p role="alert" className="mt-3 rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800">
          {run.error.code}: {run.error.message}
        </p>
      ) : null}
    </section>
  );
}
