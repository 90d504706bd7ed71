"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { queryKeys } from "@/components/data/query-keys";
import { useDeadLetters, useEndpointOptions } from "@/components/data/queries/webhooks";
import { webApi } from "@/components/data/web-api";
import { DeadLetterFilters } from "@/components/dead-letters/dead-letter-filters";
import { windowInWords } from "@/components/dead-letters/window-in-words";
import { DeadLetterTable } from "@/components/dead-letters/dead-letter-table";
import type { DeadLetterFilters as Filters } from "@/components/dead-letters/types";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { QueryState, ShowMore } from "@/components/ui/query-state";
import { EmptyState, Notice } from "@/components/ui/states";
import { buttonStyles, cardStyles } from "@/components/ui/styles";

type ReplayRequest = { ids: string[] } | { endpoint_id: string; since: string };
type ReplayOutcome = { request: ReplayRequest; replayed: number };

const plural = (count: number, one: string, many: string) => `${count.toLocaleString()} ${count === 1 ? one : many}`;
const toIso = (local: string) => (local ? new Date(local).toISOString() : undefined);

export function DeadLettersView() {
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<Filters>({ endpointId: "", since: "" });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [outcome, setOutcome] = useState<ReplayOutcome | null>(null);
  const [confirmAll, setConfirmAll] = useState(false);

  const endpoints = useEndpointOptions();
  const { query: letters, rows, total, retryWindowSeconds } = useDeadLetters({ endpoint_id: filters.endpointId, since: toIso(filters.since) });
  const replay = useMutation({
    mutationFn: (request: ReplayRequest) => webApi<{ replayed: number }>("/dead-letters/replay", { method: "POST", body: request }),
    onSuccess: ({ replayed }, request) => {
      setOutcome({ request, replayed });
      setSelected(new Set());
      setConfirmAll(false);
      void queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all });
    },
  });

  const urls = new Map((endpoints.data?.data ?? []).map((endpoint) => [endpoint.id, endpoint.url]));
  const endpointUrl = (id: string) => urls.get(id) ?? id;
  const filtered = Boolean(filters.endpointId || filters.since);
  const canReplayAll = Boolean(filters.endpointId && filters.since);
  const windowText = retryWindowSeconds ? ` of ${windowInWords(retryWindowSeconds)}` : "";

  function start(request: ReplayRequest) {
    setOutcome(null);
    replay.mutate(request);
  }
  function toggle(id: string) {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  return (
    <div className="space-y-4">
      <div aria-live="polite">
        {outcome ? (
          <Notice tone="success">
            Replayed {plural(outcome.replayed, "delivery", "deliveries")}
            {outcome.replayed === 0
              ? ". Nothing matched: they may have been replayed already."
              : `: ${outcome.replayed === 1 ? "it goes" : "they go"} out again now with the original event id and a fresh signature, with a new retry window${windowText}.`}
          </Notice>
        ) : null}
        {replay.isError && !confirmAll ? <Notice tone="error">The replay failed: {replay.error.message}</Notice> : null}
      </div>
      <section aria-labelledby="dead-letters-heading" className={cardStyles}>
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
          <div>
            <h2 id="dead-letters-heading" className="text-base font-semibold text-slate-900">
              Dead-lettered deliveries
              {total !== undefined ? (
                <>
                  {" "}
                  <span className="font-normal text-slate-500">
                    ({total.toLocaleString()}
                    {filtered ? " matching" : ""})
                  </span>
                </>
              ) : null}
            </h2>
            {retryWindowSeconds ? (
              <p className="text-xs text-slate-500">A delivery is dead-lettered after {windowInWords(retryWindowSeconds)} of failed attempts.</p>
            ) : null}
          </div>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={buttonStyles.primary}
              disabled={selected.size === 0 || replay.isPending}
              onClick={() => start({ ids: [...selected] })}
            >
              Replay selected ({selected.size})
            </button>
            <button
              type="button"
              className={buttonStyles.secondary}
              disabled={!canReplayAll || replay.isPending}
              aria-describedby={canReplayAll ? undefined : "replay-all-hint"}
              onClick={() => {
                replay.reset();
                setConfirmAll(true);
              }}
            >
              Replay all since…
            </button>
          </div>
          {canReplayAll ? null : (
            <p id="replay-all-hint" className="w-full text-xs text-slate-500">
              To replay everything of one endpoint since a time, filter by the endpoint and a time first.
            </p>
          )}
        </div>
        <DeadLetterFilters
          endpoints={endpoints.data?.data ?? []}
          applied={filters}
          onApply={(next) => {
            setFilters(next);
            setSelected(new Set());
          }}
        />
        <QueryState
          query={letters}
          loading="Loading dead letters…"
          failed="The dead letters could not be loaded."
          isEmpty={rows.length === 0}
          empty={
            <EmptyState title={filtered ? "No dead letters match these filters" : "No dead letters"}>
              {filtered
                ? "Try another endpoint or an earlier time."
                : `A delivery lands here when its endpoint kept failing for the whole retry window${windowText}.`}
            </EmptyState>
          }
        >
          <DeadLetterTable
            rows={rows}
            endpointUrl={endpointUrl}
            selected={selected}
            onToggle={toggle}
            busy={replay.isPending}
            onToggleAll={(select) => setSelected(select ? new Set(rows.map((row) => row.id)) : new Set())}
            onReplay={(row) => start({ ids: [row.id] })}
          />
        </QueryState>
        <ShowMore query={letters} />
      </section>
      <ConfirmDialog
        open={confirmAll}
        title="Replay all of this endpoint’s dead letters?"
        confirmLabel="Replay all"
        tone="primary"
        pending={replay.isPending}
        error={replay.isError ? replay.error.message : null}
        onConfirm={() => start({ endpoint_id: filters.endpointId, since: toIso(filters.since)! })}
        onCancel={() => setConfirmAll(false)}
      >
        <p>
          Every delivery to <span className="break-all font-medium text-slate-900">{endpointUrl(filters.endpointId)}</span> dead-lettered since{" "}
          <span className="font-medium text-slate-900">{filters.since ? new Date(filters.since).toLocaleString() : ""}</span> is sent again, including any not
          shown on this page.
        </p>
      </ConfirmDialog>
    </div>
  );
}
