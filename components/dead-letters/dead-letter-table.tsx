"use client";

import { Time } from "@/components/ui/time";
import { buttonStyles } from "@/components/ui/styles";
import { DeadLetterDetails } from "@/components/dead-letters/dead-letter-details";
import type { DeadLetter } from "@/components/dead-letters/types";

type TableProps = {
  rows: DeadLetter[];
  endpointUrl: (id: string) => string;
  selected: Set<string>;
  onToggle: (id: string) => void;
  onToggleAll: (select: boolean) => void;
  onReplay: (row: DeadLetter) => void;
  busy: boolean;
};

function Checkbox({ row, selected, onToggle }: { row: DeadLetter; selected: Set<string>; onToggle: (id: string) => void }) {
  return (
    <input
      type="checkbox"
      checked={selected.has(row.id)}
      onChange={() => onToggle(row.id)}
      aria-label={`Select ${row.event.event} ${row.event.id}`}
      className="h-4 w-4 accent-indigo-600"
    />
  );
}

function LastError({ text }: { text: string | null }) {
  if (!text) return <span className="text-slate-400">—</span>;
  return (
    <span className="line-clamp-2 break-words font-mono text-xs text-rose-800" title={text}>
      {text}
    </span>
  );
}

/** A table from 768 px up; cards below. Both select with the same checkboxes. */
export function DeadLetterTable({ rows, endpointUrl, selected, onToggle, onToggleAll, onReplay, busy }: TableProps) {
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.id));
  return (
    <>
      <table className="hidden w-full table-fixed text-left text-sm md:table">
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-500">
          <tr>
            <th scope="col" className="w-11 px-4 py-2.5">
              <input
                type="checkbox"
                checked={allSelected}
                onChange={(event) => onToggleAll(event.target.checked)}
                aria-label="Select all shown"
                className="h-4 w-4 accent-indigo-600"
              />
            </th>
            <th scope="col" className="px-3 py-2.5">
              Event and endpoint
            </th>
            <th scope="col" className="w-24 px-3 py-2.5 text-right">
              Attempts
            </th>
            <th scope="col" className="w-[26%] px-3 py-2.5">
              Last error
            </th>
            <th scope="col" className="w-44 px-3 py-2.5">
              Dead-lettered
            </th>
            <th scope="col" className="w-28 px-3 py-2.5">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 align-top">
          {rows.map((row) => (
            <tr key={row.id} data-testid={`dead-letter-${row.id}`} className={selected.has(row.id) ? "bg-indigo-50/50" : ""}>
              <td className="px-4 py-3">
                <Checkbox row={row} selected={selected} onToggle={onToggle} />
              </td>
              <td className="px-3 py-3">
                <span className="block font-medium text-slate-900">{row.event.event}</span>
                <span className="block break-all font-mono text-xs text-slate-500">{row.event.id}</span>
                <span className="mt-0.5 block break-all text-xs text-slate-600">
                  <span className="text-slate-400">to </span>
                  {endpointUrl(row.endpoint_id)}
                </span>
                <DeadLetterDetails row={row} />
              </td>
              <td className="px-3 py-3 text-right tabular-nums">{row.attempts}</td>
              <td className="px-3 py-3">
                <LastError text={row.last_error} />
              </td>
              <td className="px-3 py-3">
                <Time iso={row.dead_lettered_at} />
              </td>
              <td className="px-3 py-3 text-right">
                <button
                  type="button"
                  className={buttonStyles.secondary}
                  disabled={busy}
                  onClick={() => onReplay(row)}
                  aria-label={`Replay ${row.event.event} ${row.event.id}`}
                >
                  Replay
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="md:hidden">
        <label className="flex items-center gap-2 border-b border-slate-100 px-4 py-2 text-sm text-slate-700">
          <input type="checkbox" checked={allSelected} onChange={(event) => onToggleAll(event.target.checked)} className="h-4 w-4 accent-indigo-600" />
          Select all shown
        </label>
        <ul className="divide-y divide-slate-100">
          {rows.map((row) => (
            <li key={row.id} className={`flex gap-3 px-4 py-4 ${selected.has(row.id) ? "bg-indigo-50/50" : ""}`}>
              <div className="pt-0.5">
                <Checkbox row={row} selected={selected} onToggle={onToggle} />
              </div>
              <div className="min-w-0 flex-1 space-y-1 text-sm">
                <p className="font-medium text-slate-900">
                  {row.event.event} <span className="font-normal text-slate-500">· {row.attempts} attempts</span>
                </p>
                <p className="break-all font-mono text-xs text-slate-500">{row.event.id}</p>
                <p className="truncate text-slate-700">{endpointUrl(row.endpoint_id)}</p>
                <LastError text={row.last_error} />
                <DeadLetterDetails row={row} />
                <div className="flex items-center justify-between gap-2 pt-1">
                  <span className="text-xs text-slate-500">
                    <Time iso={row.dead_lettered_at} />
                  </span>
                  <button
                    type="button"
                    className={buttonStyles.secondary}
                    disabled={busy}
                    onClick={() => onReplay(row)}
                    aria-label={`Replay ${row.event.event} ${row.event.id}`}
                  >
                    Replay
                  </button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
