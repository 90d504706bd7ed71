"use client";

import { useId, useState, type FormEvent } from "react";
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
  const ids = { action: useId(), actor: useId(), since: useId(), until: useId() };
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
      <div className="min-w-0">
        <label htmlFor={ids.action} className={fieldStyles.label}>
          Action
        </label>
        <select id={ids.action} value={draft.action} onChange={(event) => setDraft({ ...draft, action: event.target.value })} className={fieldStyles.input}>
          <option value="">All actions</option>
          {facets?.actions.map((action) => (
            <option key={action} value={action}>
              {action}
            </option>
          ))}
        </select>
      </div>
      <div className="min-w-0">
        <label htmlFor={ids.actor} className={fieldStyles.label}>
          Actor
        </label>
        <select
          id={ids.actor}
          value={draft.actorId}
          onChange={(event) => setDraft({ ...draft, actorId: event.target.value })}
          className={`${fieldStyles.input} truncate`}
        >
          <option value="">Everyone</option>
          {facets?.actors.map((actor) => (
            <option key={actor.id} value={actor.id}>
              {actor.name}
              {actor.type === "user" ? "" : ` (${actor.type})`}
            </option>
          ))}
        </select>
      </div>
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
