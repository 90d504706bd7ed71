"use client";

import Link from "next/link";
import { useId, useState } from "react";
import { actionWords, keyLabel } from "@/components/audit/action-words";
import { PatchView } from "@/components/diff/patch-view";
import { versionHref } from "@/components/prompts/prompt-text";
import { Time } from "@/components/ui/time";
import type { AuditEntryJson, NameRef } from "@/components/audit/types";

const linkStyle = "font-medium text-indigo-700 hover:underline";

function Ref({ to }: { to: NameRef }) {
  return to.href ? (
    <Link href={to.href} className={linkStyle}>
      {to.label}
    </Link>
  ) : (
    <span className="font-medium">{to.label}</span>
  );
}

/** What the entry acted on: its name and page, or its type and id when it has neither. */
function targetRef(entry: AuditEntryJson): NameRef {
  const data = entry.data as { name?: unknown; version?: unknown; slug?: unknown };
  if (entry.names.target) return entry.names.target;
  if (entry.action === "prompt.forked" && typeof data.name === "string" && typeof data.version === "string")
    return { label: `${data.name} ${data.version}`, href: versionHref(data.name, data.version) };
  return { label: `${entry.target.type.replace(/_/g, " ")} ${entry.target.id}`, href: null };
}

function Value({ value }: { value: unknown }) {
  if (value === null || value === undefined || value === "") return <span className="text-slate-500">none</span>;
  if (typeof value === "boolean") return <>{value ? "yes" : "no"}</>;
  if (typeof value === "string" || typeof value === "number") return <span className="whitespace-pre-wrap break-words">{String(value)}</span>;
  if (Array.isArray(value) && value.every((item) => typeof item !== "object" || item === null))
    return <>{value.length ? value.map(String).join(", ") : <span className="text-slate-500">none</span>}</>;
  const entries = Object.entries(value as Record<string, unknown>);
  if (!Array.isArray(value) && entries.length <= 8 && entries.every(([, inner]) => typeof inner !== "object" || inner === null)) {
    return entries.length ? (
      <>{entries.map(([key, inner]) => `${key}: ${inner === null ? "none" : String(inner)}`).join(" · ")}</>
    ) : (
      <span className="text-slate-500">none</span>
    );
  }
  return <code className="break-all font-mono text-xs">{JSON.stringify(value)}</code>;
}

/** The entry's data as a key/value table; ids of things with a page are their names, linked. */
function DataTable({ entry }: { entry: AuditEntryJson }) {
  const rows = Object.entries(entry.data);
  if (!rows.length) return null;
  return (
    <table className="mt-2 w-full max-w-3xl text-left text-xs" data-testid="audit-data">
      <tbody className="divide-y divide-slate-100">
        {rows.map(([key, value]) => (
          <tr key={key} className="align-top">
            <th scope="row" className="w-32 py-1 pr-3 font-medium text-slate-500 sm:w-40">
              {keyLabel(key)}
            </th>
            <td className="py-1 text-slate-800">{entry.names.data[key] ? <Ref to={entry.names.data[key]} /> : <Value value={value} />}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function AuditEntry({ entry }: { entry: AuditEntryJson }) {
  const [open, setOpen] = useState(false);
  const diffId = useId();
  const target = targetRef(entry);
  const hasData = Object.keys(entry.data).length > 0;
  return (
    <li className="px-4 py-3" data-testid={`audit-${entry.id}`}>
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <p className="min-w-0 break-words text-sm text-slate-900" data-testid="audit-sentence">
          {entry.names.actor ? <Ref to={entry.names.actor} /> : <span className="font-medium">{entry.actor.name}</span>}
          {entry.actor.type !== "user" ? <span className="text-xs text-slate-500"> ({entry.actor.type})</span> : null} {actionWords(entry.action)}{" "}
          <Ref to={target} />
        </p>
        <span className="text-xs text-slate-500 sm:ml-auto">
          <Time iso={entry.occurred_at} />
        </span>
      </div>
      <p className="mt-0.5 font-mono text-[11px] text-slate-500">{entry.action}</p>
      <DataTable entry={entry} />
      {hasData ? (
        <details className="mt-1">
          <summary className="cursor-pointer text-xs font-medium text-indigo-700">Raw JSON</summary>
          <pre className="mt-1 max-w-3xl overflow-x-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 font-mono text-xs text-slate-700">
            {JSON.stringify(entry.data, null, 2)}
          </pre>
        </details>
      ) : null}
      {entry.diff ? (
        <div className="mt-2">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={diffId}
            onClick={() => setOpen(!open)}
            className="rounded px-1 text-sm font-medium text-indigo-700 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          >
            {open ? "Hide diff" : "Show diff"}
            <span className="sr-only">
              {" "}
              of {entry.action} {entry.target.id}
            </span>
          </button>
          <div id={diffId} hidden={!open} className="mt-2">
            {open ? <PatchView diff={entry.diff} label={`Diff recorded with ${entry.action}`} /> : null}
          </div>
        </div>
      ) : null}
    </li>
  );
}
