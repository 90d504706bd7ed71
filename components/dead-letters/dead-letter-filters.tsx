"use client";

import { useId, useState, type FormEvent } from "react";
import { FilterSelect } from "@/components/ui/filter-select";
import { buttonStyles, fieldStyles } from "@/components/ui/styles";
import type { DeadLetterFilters as Filters, Endpoint } from "@/components/dead-letters/types";

/** Endpoint and "dead-lettered since" (in the reader's time zone), applied on submit. */
export function DeadLetterFilters({ endpoints, applied, onApply }: { endpoints: Endpoint[]; applied: Filters; onApply: (filters: Filters) => void }) {
  const [draft, setDraft] = useState<Filters>(applied);
  const ids = { since: useId() };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onApply(draft);
  }

  return (
    <form
      role="search"
      aria-label="Filter dead letters"
      onSubmit={submit}
      className="grid gap-3 border-b border-slate-200 px-4 py-4 sm:grid-cols-[minmax(0,1fr)_14rem_auto] sm:items-end"
    >
      <FilterSelect
        label="Endpoint"
        all="All endpoints"
        truncate
        className="min-w-0"
        value={draft.endpointId}
        onChange={(endpointId) => setDraft({ ...draft, endpointId })}
        options={endpoints.map((endpoint) => ({ value: endpoint.id, label: endpoint.url }))}
      />
      <div>
        <label htmlFor={ids.since} className={fieldStyles.label}>
          Dead-lettered since
        </label>
        <input
          id={ids.since}
          type="datetime-local"
          value={draft.since}
          onChange={(event) => setDraft({ ...draft, since: event.target.value })}
          className={fieldStyles.input}
        />
      </div>
      <div className="flex gap-2">
        <button type="submit" className={buttonStyles.secondary}>
          Apply filters
        </button>
        {applied.endpointId || applied.since ? (
          <button
            type="button"
            className={buttonStyles.quiet}
            onClick={() => {
              const empty = { endpointId: "", since: "" };
              setDraft(empty);
              onApply(empty);
            }}
          >
            Clear
          </button>
        ) : null}
      </div>
    </form>
  );
}
