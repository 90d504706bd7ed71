"use client";

import Link from "next/link";
import { useId, useState } from "react";
import { PatchView } from "@/components/diff/patch-view";
import { versionHref } from "@/components/prompts/prompt-text";
import { Time } from "@/components/ui/time";
import type { AuditEntryJson } from "@/components/audit/types";

/** Where an entry's target can be seen in the app, when it has a page. */
function targetLink(entry: AuditEntryJson): string | null {
  const data = entry.data as { name?: unknown; version?: unknown; slug?: unknown };
  if (entry.action === "prompt.forked" && typeof data.name === "string" && typeof data.version === "string") return versionHref(data.name, data.version);
  if (entry.target.type === "campaign") return `/campaigns/${entry.target.id}`;
  if (entry.target.type === "pack" && typeof data.slug === "string") return `/packs/${data.slug}`;
  return null;
}

function summary(entry: AuditEntryJson): string {
  const text = JSON.stringify(entry.data);
  return text === "{}" ? "" : text.length > 240 ? `${text.slice(0, 240)}…` : text;
}

export function AuditEntry({ entry }: { entry: AuditEntryJson }) {
  const [open, setOpen] = useState(false);
  const diffId = useId();
  const link = targetLink(entry);
  const details = summary(entry);
  return (
    <li className="px-4 py-3" data-testid={`audit-${entry.id}`}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs font-semibold text-slate-800">{entry.action}</span>
        <span className="text-sm text-slate-900">{entry.actor.name}</span>
        {entry.actor.type !== "user" ? <span className="text-xs text-slate-500">({entry.actor.type})</span> : null}
        <span className="text-xs text-slate-500 sm:ml-auto"><Time iso={entry.occurred_at} /></span>
      </div>
      <p className="mt-1 break-all text-xs text-slate-600">
        {entry.target.type}{" "}
        {link ? <Link href={link} className="font-mono text-indigo-700 hover:underline">{entry.target.id}</Link> : <span className="font-mono">{entry.target.id}</span>}
      </p>
      {details ? <p className="mt-1 break-all font-mono text-xs text-slate-500">{details}</p> : null}
      {entry.diff ? (
        <div className="mt-2">
          <button
            type="button" aria-expanded={open} aria-controls={diffId} onClick={() => setOpen(!open)}
            className="rounded px-1 text-sm font-medium text-indigo-700 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          >
            {open ? "Hide diff" : "Show diff"}<span className="sr-only"> of {entry.action} {entry.target.id}</span>
          </button>
          <div id={diffId} hidden={!open} className="mt-2">
            {open ? <PatchView diff={entry.diff} label={`Diff recorded with ${entry.action}`} /> : null}
          </div>
        </div>
      ) : null}
    </li>
  );
}
