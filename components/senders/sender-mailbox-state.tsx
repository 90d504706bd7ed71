"use client";

import { MAILBOX_STATE_WORDS } from "@/components/mailbox/mailbox-status";
import { Time } from "@/components/ui/time";
import type { SenderItem } from "@/lib/senders/senders";
import { MAILBOX_STATE } from "@/lib/statuses";
import { SHOWN_MAILBOX_STATE } from "@/lib/states/mailbox";

// What the intake worker last saw of a sender's mailbox (it writes this; the list polls it while a
// mailbox is being read), in the words of Settings → Mailbox.

type SenderMailbox = NonNullable<SenderItem["mailbox"]>;

export function SenderMailboxState({ sender, mailbox }: { sender: SenderItem; mailbox: SenderMailbox }) {
  const { status } = mailbox;
  const words =
    !sender.enabled && status.state === SHOWN_MAILBOX_STATE.not_started
      ? { ...MAILBOX_STATE_WORDS.not_started, label: "Not read while disabled" }
      : MAILBOX_STATE_WORDS[status.state];
  return (
    <div className="border-t border-slate-100 px-4 py-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-xs text-slate-500">Mailbox</span>
        <span
          data-testid={`sender-mailbox-state-${sender.id}`}
          className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${words.tone}`}
        >
          {words.label}
        </span>
        <span className="text-xs text-slate-500">
          last read to the end <Time iso={status.last_checked_at} mode="relative" empty="never" />
        </span>
      </div>
      {status.state === MAILBOX_STATE.failed && status.last_error ? (
        <p data-testid={`sender-mailbox-error-${sender.id}`} className="mt-2 break-words rounded-md bg-rose-50 px-3 py-2 text-rose-800">
          <span className="font-medium">Last error: </span>
          {status.last_error}. The worker tries again every 30 s, or as soon as the mailbox settings change.
        </p>
      ) : null}
    </div>
  );
}
