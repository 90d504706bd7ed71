"use client";

import { useId, useState } from "react";
import { useUnmatched, type UnmatchedMessage } from "@/components/data/queries/mailbox";
import { QueryState, ShowMore } from "@/components/ui/query-state";
import { EmptyState } from "@/components/ui/states";
import { buttonStyles, cardStyles } from "@/components/ui/styles";
import { Time } from "@/components/ui/time";

function MessageRow({ message }: { message: UnmatchedMessage }) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  return (
    <li data-testid={`unmatched-${message.id}`} className="px-4 py-3">
      <div className="grid gap-x-4 gap-y-1 text-sm md:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)_10rem_auto] md:items-center">
        <p className="min-w-0 truncate font-medium text-slate-900">
          <span className="sr-only">From: </span>
          {message.from || "(no sender)"}
        </p>
        <p className="min-w-0 truncate text-slate-700">
          <span className="sr-only">Subject: </span>
          {message.subject || "(no subject)"}
        </p>
        <p className="text-xs text-slate-500">
          <Time iso={message.received_at} /> · {message.folder}
        </p>
        <button type="button" className={`${buttonStyles.quiet} justify-self-start`} aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen(!open)}>
          <span aria-hidden="true">{open ? "▾" : "▸"}</span> Text<span className="sr-only"> of the mail from {message.from}</span>
        </button>
      </div>
      <div id={bodyId} hidden={!open} className="mt-2 rounded-lg border border-slate-200 bg-slate-50/60 p-3">
        <pre className="whitespace-pre-wrap break-words font-sans text-sm text-slate-800">{message.text || "(no text part)"}</pre>
        <p className="mt-2 text-xs text-slate-500">
          Message-ID {message.message_id ?? "none"} · UID {message.uid} · {message.size.toLocaleString()} bytes kept
        </p>
      </div>
    </li>
  );
}

export function UnmatchedList() {
  const { query, rows } = useUnmatched();
  return (
    <section aria-labelledby="unmatched-heading" className={cardStyles}>
      <h2 id="unmatched-heading" className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-900">
        Messages
      </h2>
      <QueryState
        query={query}
        loading="Loading unmatched mail…"
        failed="The unmatched mail could not be loaded."
        isEmpty={rows.length === 0}
        empty={<EmptyState title="No unmatched mail">Every message read from the mailbox answered an email sent from this workspace.</EmptyState>}
      >
        <ul aria-label="Unmatched mail" className="divide-y divide-slate-100">
          {rows.map((message) => (
            <MessageRow key={message.id} message={message} />
          ))}
        </ul>
      </QueryState>
      <ShowMore query={query} />
    </section>
  );
}
