"use client";

import { useId, useState, type FormEvent } from "react";
import { FilterSelect } from "@/components/ui/filter-select";
import { buttonStyles, fieldStyles } from "@/components/ui/styles";
import type { Campaign, QueueFilters as Filters } from "@/components/review/types";

type Props = { runs: { id: string; label: string }[]; campaigns: Campaign[]; applied: Filters; onApply: (filters: Filters) => void };

export const EMPTY_FILTERS: Filters = { runId: "", campaignId: "", step: "", q: "", risk: "", sort: "" };

const RISK_OPTIONS = [
  { value: "high", label: "High risk" },
  { value: "medium", label: "Medium risk" },
  { value: "low", label: "Low risk" },
];
const SORT_OPTIONS = [
  { value: "", label: "Newest first" },
  { value: "risk", label: "Riskiest first" },
];

/** A campaign has at most 8 steps (contract §12). */
const STEP_OPTIONS = Array.from({ length: 8 }, (_, i) => ({ value: String(i + 1), label: i === 0 ? "Step 1 · first emails" : `Step ${i + 1} · follow-ups` }));

/** Run, campaign, step (first emails or a follow-up step), risk, the order and a search over the lead's name, email and company; applied on submit. */
export function QueueFilters({ runs, campaigns, applied, onApply }: Props) {
  const [draft, setDraft] = useState<Filters>(applied);
  const ids = { q: useId() };
  const active = Boolean(applied.runId || applied.campaignId || applied.step || applied.q || applied.risk || applied.sort);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onApply({ ...draft, q: draft.q.trim() });
  }

  return (
    <form
      role="search"
      aria-label="Filter the review queue"
      onSubmit={submit}
      className="grid gap-3 border-b border-slate-200 px-4 py-4 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4 md:items-end"
    >
      <div>
        <label htmlFor={ids.q} className={fieldStyles.label}>
          Search leads
        </label>
        <input
          id={ids.q}
          type="search"
          value={draft.q}
          placeholder="Name, email or company"
          onChange={(event) => setDraft({ ...draft, q: event.target.value })}
          className={fieldStyles.input}
        />
      </div>
      <FilterSelect
        label="Run"
        all="All runs"
        truncate
        className="min-w-0"
        value={draft.runId}
        onChange={(runId) => setDraft({ ...draft, runId })}
        options={runs.map((run) => ({ value: run.id, label: run.label }))}
      />
      <FilterSelect
        label="Campaign"
        all="All campaigns"
        truncate
        className="min-w-0"
        value={draft.campaignId}
        onChange={(campaignId) => setDraft({ ...draft, campaignId })}
        options={campaigns.map((campaign) => ({ value: campaign.id, label: campaign.name }))}
      />
      <FilterSelect
        label="Step"
        all="All steps"
        className="min-w-0"
        value={draft.step}
        onChange={(step) => setDraft({ ...draft, step })}
        options={STEP_OPTIONS}
      />
      <FilterSelect
        label="Risk"
        all="All risks"
        className="min-w-0"
        value={draft.risk}
        onChange={(risk) => setDraft({ ...draft, risk })}
        options={RISK_OPTIONS}
      />
      <FilterSelect label="Order" className="min-w-0" value={draft.sort} onChange={(sort) => setDraft({ ...draft, sort })} options={SORT_OPTIONS} />
      <div className="flex gap-2 md:items-end">
        <button type="submit" className={buttonStyles.secondary}>
          Apply
        </button>
        {active ? (
          <button
            type="button"
            className={buttonStyles.quiet}
            onClick={() => {
              setDraft(EMPTY_FILTERS);
              onApply(EMPTY_FILTERS);
            }}
          >
            Clear
          </button>
        ) : null}
      </div>
    </form>
  );
}
