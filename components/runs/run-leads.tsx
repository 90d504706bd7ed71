"use client";

import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useId, useState } from "react";
import { queryKeys } from "@/components/data/query-keys";
import { useLeadTrace, useRunLeads } from "@/components/data/queries/runs";
import { LeadSequence } from "@/components/runs/lead-sequence";
import { leadName, StopSequenceDialog } from "@/components/runs/stop-sequence";
import { TraceList } from "@/components/runs/trace-list";
import type { RunLead } from "@/components/runs/types";
import { FilterSelect, stateOptions } from "@/components/ui/filter-select";
import { QueryState, ShowMore } from "@/components/ui/query-state";
import { EmptyState, Notice } from "@/components/ui/states";
import { stateLabel, StatusBadge } from "@/components/ui/status-badge";
import { buttonStyles, cardStyles } from "@/components/ui/styles";
import { Time } from "@/components/ui/time";
import { SEND_STATUS, SEQUENCE_STATUS } from "@/lib/statuses";
import { RUN_LEAD_STATE_LABELS, RUN_LEAD_STATE_ORDER } from "@/lib/states/run-lead";
import { PIPELINE_STAGES, STAGE_LABELS, stageLabel } from "@/lib/states/stages";

// The run's leads with state and stage filters, keyset pages ("Show more"), and each lead's trace
// across the stages behind a disclosure button. In a run with follow-up steps, each lead's sequence
// (step, next send, why it ended) and, for reviewers, "Stop sequence" with a confirmation.

function Trace({ runId, leadId }: { runId: string; leadId: string }) {
  const traces = useLeadTrace(runId, leadId);
  return (
    <QueryState query={traces} loading="Loading the trace…" failed="The trace could not be loaded.">
      {(data) => <TraceList traces={data.data} />}
    </QueryState>
  );
}

const COLUMNS = "md:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_8rem_minmax(0,1.2fr)_auto]";
const SEQUENCE_COLUMNS = "md:grid-cols-[minmax(0,1.3fr)_minmax(0,0.9fr)_7.5rem_minmax(0,1fr)_minmax(0,1.3fr)_auto]";

type RowProps = { row: RunLead; runId: string; steps: number; canStop: boolean; onStop: (row: RunLead) => void };

function LeadRow({ row, runId, steps, canStop, onStop }: RowProps) {
  const [open, setOpen] = useState(false);
  const traceId = useId();
  const name = leadName(row);
  const sequenced = steps > 1;
  const stoppable = canStop && row.sequence !== null && row.sequence.status !== SEQUENCE_STATUS.finished;
  return (
    <li data-testid={`run-lead-${row.lead.id}`} className="px-4 py-3">
      <div className={`grid gap-x-4 gap-y-1 text-sm md:items-center ${sequenced ? SEQUENCE_COLUMNS : COLUMNS}`}>
        <div className="min-w-0">
          <p className="truncate font-medium text-slate-900">{name}</p>
          <p className="truncate text-xs text-slate-500">{row.lead.email}</p>
        </div>
        <p className="truncate text-slate-700">
          <span className="text-slate-500 md:sr-only">Company: </span>
          {row.lead.company ?? "—"}
        </p>
        <div className="flex items-center gap-2 md:block">
          <span className="sr-only">State: </span>
          <StatusBadge state={row.state} />
          <p className="text-xs text-slate-500">
            <span className="sr-only">Stage: </span>
            {row.stage ? stageLabel(row.stage) : "not started"}
          </p>
        </div>
        <p className="min-w-0 break-words text-xs text-slate-600">
          {row.reason ? <span title={row.reason.code}>{row.reason.message || stateLabel(row.reason.code)}</span> : null}
          {row.draft_id ? (
            <Link href={`/review/drafts/${row.draft_id}`} className="block font-medium text-indigo-700 hover:underline">
              Open the draft
            </Link>
          ) : null}
          {row.sender ? <span className="block break-all">From {row.sender.from_email}</span> : null}
          {row.send?.hold ? (
            <span className="block" data-testid="lead-send-hold" data-reason={row.send.hold.reason}>
              {row.send.hold.reason === "lead_paused" ? (
                row.send.hold.until ? (
                  <>
                    Held: out of office until <Time iso={row.send.hold.until} />
                  </>
                ) : (
                  "Held: out of office"
                )
              ) : (
                "Will not be sent: the lead is out of the run"
              )}
            </span>
          ) : row.send?.scheduled_for && row.send.status === SEND_STATUS.pending ? (
            <span className="block" data-testid="lead-scheduled-for">
              Scheduled <Time iso={row.send.scheduled_for} />
            </span>
          ) : null}
        </p>
        {sequenced ? (
          <div className="min-w-0 text-xs">
            <span className="sr-only">Sequence: </span>
            <LeadSequence sequence={row.sequence} steps={steps} />
            {stoppable ? (
              <button
                type="button"
                aria-label={`Stop sequence for ${name}…`}
                className="mt-1 block rounded font-medium text-rose-700 underline-offset-2 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2"
                onClick={() => onStop(row)}
              >
                Stop sequence…
              </button>
            ) : null}
          </div>
        ) : null}
        <button
          type="button"
          className={`${buttonStyles.quiet} justify-self-start`}
          aria-expanded={open}
          aria-controls={traceId}
          onClick={() => setOpen(!open)}
        >
          <span aria-hidden="true">{open ? "▾" : "▸"}</span> Trace<span className="sr-only"> of {name}</span>
        </button>
      </div>
      <div id={traceId} hidden={!open} className="mt-3 rounded-lg border border-slate-200 bg-slate-50/60 p-3">
        {open ? <Trace runId={runId} leadId={row.lead.id} /> : null}
      </div>
    </li>
  );
}

/** `version` changes whenever the run's counts do (the page polls those); the table then looks again. */
export function RunLeads({ runId, version, steps = 1, canStop = false }: { runId: string; version: string; steps?: number; canStop?: boolean }) {
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState({ state: "", stage: "" });
  const [stopping, setStopping] = useState<RunLead | null>(null);
  const [stopped, setStopped] = useState<string | null>(null);
  const { query: leads, rows } = useRunLeads(runId, filters);
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.runs.leads(runId) });
  }, [queryClient, runId, version]);
  const filtered = Boolean(filters.state || filters.stage);

  return (
    <section aria-labelledby="leads-heading" className={cardStyles}>
      <div className="flex flex-wrap items-end justify-between gap-3 border-b border-slate-200 px-4 py-3">
        <h2 id="leads-heading" className="text-base font-semibold text-slate-900">
          Leads
        </h2>
        <div role="search" aria-label="Filter leads" className="grid w-full grid-cols-2 gap-3 sm:w-auto sm:grid-cols-[11rem_11rem]">
          <FilterSelect
            label="State"
            all="All states"
            value={filters.state}
            onChange={(state) => setFilters({ ...filters, state })}
            options={stateOptions(RUN_LEAD_STATE_ORDER, RUN_LEAD_STATE_LABELS)}
          />
          <FilterSelect
            label="Stage"
            all="All stages"
            value={filters.stage}
            onChange={(stage) => setFilters({ ...filters, stage })}
            options={stateOptions(PIPELINE_STAGES, STAGE_LABELS)}
          />
        </div>
      </div>
      {stopped ? (
        <div aria-live="polite" className="border-b border-slate-200 px-4 py-3">
          <Notice tone="success">{stopped}</Notice>
        </div>
      ) : null}
      <QueryState
        query={leads}
        loading="Loading leads…"
        failed="The leads could not be loaded."
        isEmpty={rows.length === 0}
        empty={
          <EmptyState title={filtered ? "No leads match these filters" : "No leads yet"}>
            {filtered ? "Try another state or stage." : "Leads appear as the CSV is imported."}
          </EmptyState>
        }
      >
        <>
          <div
            aria-hidden="true"
            className={`hidden gap-x-4 border-b border-slate-200 bg-slate-50 px-4 py-2 text-xs font-semibold uppercase tracking-wide text-slate-500 md:grid ${steps > 1 ? SEQUENCE_COLUMNS : COLUMNS}`}
          >
            <span>Lead</span>
            <span>Company</span>
            <span>State, stage</span>
            <span>Reason, draft</span>
            {steps > 1 ? <span>Sequence</span> : null}
            <span className="w-20" />
          </div>
          <ul aria-label="Leads of this run" className="divide-y divide-slate-100">
            {rows.map((row) => (
              <LeadRow
                key={row.lead.id}
                row={row}
                runId={runId}
                steps={steps}
                canStop={canStop}
                onStop={(lead) => {
                  setStopped(null);
                  setStopping(lead);
                }}
              />
            ))}
          </ul>
        </>
      </QueryState>
      <ShowMore query={leads} />
      <StopSequenceDialog
        runId={runId}
        lead={stopping}
        onClose={() => setStopping(null)}
        onStopped={(lead) => {
          setStopping(null);
          setStopped(`Stopped the sequence for ${leadName(lead)}: nothing more is sent to them in this run.`);
        }}
      />
    </section>
  );
}
