"use client";

import type { Mailbox, MailboxState } from "@/components/data/queries/mailbox";
import { cardStyles } from "@/components/ui/styles";
import { Time } from "@/components/ui/time";
import { MAILBOX_STATE } from "@/lib/statuses";

// What the intake worker last reported about the mailbox (it writes this; the page polls it).

/** Each state in words, with its badge colours (Settings → Senders shows a sender's mailbox the same way). */
export const MAILBOX_STATE_WORDS: Record<MailboxState, { label: string; tone: string }> = {
  not_started: { label: "Not read yet", tone: "bg-slate-100 text-slate-700 ring-slate-200" },
  connecting: { label: "Connecting", tone: "bg-sky-50 text-sky-800 ring-sky-200" },
  reading: { label: "Reading new mail", tone: "bg-sky-50 text-sky-800 ring-sky-200" },
  idle: { label: "Connected, waiting for mail", tone: "bg-emerald-50 text-emerald-800 ring-emerald-200" },
  failed: { label: "Failing", tone: "bg-rose-50 text-rose-800 ring-rose-200" },
};

export function MailboxStatusPanel({ mailbox }: { mailbox: Mailbox }) {
  const { status } = mailbox;
  const words = MAILBOX_STATE_WORDS[status.state];
  return (
    <section aria-labelledby="mailbox-status-heading" className={`${cardStyles} p-5`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="mailbox-status-heading" className="text-base font-semibold text-slate-900">
          Worker status
        </h2>
        <span data-testid="mailbox-state" className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${words.tone}`}>
          {words.label}
        </span>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div className="sm:col-span-2">
          <dt className="text-slate-500">Account</dt>
          <dd className="break-words text-slate-900">
            {mailbox.username} on {mailbox.host}:{mailbox.port}, folders {mailbox.folders.join(", ")}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Last read to the end</dt>
          <dd className="text-slate-900">
            <Time iso={status.last_checked_at} mode="relative" empty="never" />
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Status changed</dt>
          <dd className="text-slate-900">
            <Time iso={status.changed_at} mode="relative" empty="—" />
          </dd>
        </div>
      </dl>
      {status.state === MAILBOX_STATE.failed && status.last_error ? (
        <p role="status" className="mt-3 break-words rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800">
          <span className="font-medium">Last error: </span>
          {status.last_error}. The worker tries again every 30 s.
        </p>
      ) : null}
    </section>
  );
}
