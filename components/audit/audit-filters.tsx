"use client";

import { useId, useState, type FormEvent } from "react";
import { FilterSelect } from "@/components/ui/filter-select";
import { buttonStyles, fieldStyles } from "@/components/ui/styles";
import type { AuditFacets } from "@/lib/audit/audit-facets";

export type AuditFilterValues = { action: string; actorId: string; since: string; until: string };
export const NO_FILTERS: AuditFilterValues = { action: "", actorId: "", since: "", until: "" };

/** Action, actor and a time window (in the reader's time zone), applied on submit. */
export function AuditFilters({
  facets,
  applied,
  onApply,
}: {
  facets: AuditFacets | undefined;
  applied: AuditFilterValues;
  onApply: (filters: AuditFilterValues) => void;
}) {
  const [draft, setDraft] = useState<AuditFilterValues>(applied);
  const ids = { since: useId(), until: useId() };
  const active = Object.values(applied).some(Boolean);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onApply(draft);
  }

  return (
    <form
      role="search"
      aria-label="Filter the audit log"
      onSubmit={submit}
      className="grid gap-3 border-b border-slate-200 px-4 py-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_12rem_12rem_auto] lg:items-end"
    >
      <FilterSelect
        label="Action"
        all="All actions"
        className="min-w-0"
        value={draft.action}
        onChange={(action) => setDraft({ ...draft, action })}
        options={(facets?.actions ?? []).map((action) => ({ value: action, label: action }))}
      />
      <FilterSelect
        label="Actor"
        all="Everyone"
        truncate
        className="min-w-0"
        value={draft.actorId}
        onChange={(actorId) => setDraft({ ...draft, actorId })}
        options={(facets?.actors ?? []).map((actor) => ({ value: actor.id, label: actor.type === "user" ? actor.name : `${actor.name} (${actor.type})` }))}
      />
      <div>
        <label htmlFor={ids.since} className={fieldStyles.label}>
          From
        </label>
        <input
          id={ids.since}
          type="datetime-local"
          value={draft.since}
          onChange={(event) => setDraft({ ...draft, since: event.target.value })}
          className={fieldStyles.input}
        />
      </div>
      <div>
        <label htmlFor={ids.until} className={fieldStyles.label}>
          Until
        </label>
        <input
          id={ids.until}
          type="datetime-local"
          value={draft.until}
          onChange={(event) => setDraft({ ...draft, until: event.target.value })}
          className={fieldStyles.input}
        />
      </div>
      <div className="flex gap-2">
        <button type="submit" className={buttonStyles.secondary}>
          Apply filters
        </button>
        {active ? (
          <button
            type="button"
            className={buttonStyles.quiet}
            onClick={() => {
              setDraft(NO_FILTERS);
              onApply(NO_FILTERS);
            }}
          >
            Clear
          </button>
        ) : null}
      </div>
    </form>
  );
}
