"use client";

import { ClassificationBadge } from "@/components/replies/classification-badge";
import { stepWords } from "@/components/review/step-words";
import type { DraftDetail } from "@/components/review/types";
import { cardStyles } from "@/components/ui/styles";
import { Time } from "@/components/ui/time";

// The thread a follow-up continues, shown above the draft: each earlier message we sent the lead
// (its step, subject and time; the body behind a disclosure, the latest one open) and every reply
// the lead sent in this run with its classification, oldest first, as the lead's mailbox has them.

type Entry =
  | { kind: "sent"; at: string | null; order: number; message: DraftDetail["thread"][number] }
  | { kind: "reply"; at: string; order: number; reply: DraftDetail["replies"][number] };

/** Sent messages and replies in time order (a message with no send time keeps its step's place). */
export function threadEntries(detail: Pick<DraftDetail, "thread" | "replies">): Entry[] {
  const entries: Entry[] = [
    ...detail.thread.map((message, i) => ({ kind: "sent" as const, at: message.sent_at, order: i, message })),
    ...detail.replies.map((reply, i) => ({ kind: "reply" as const, at: reply.received_at, order: 1000 + i, reply })),
  ];
  const time = (entry: Entry) => (entry.at ? Date.parse(entry.at) : Number.NEGATIVE_INFINITY);
  return entries.sort((a, b) => time(a) - time(b) || a.order - b.order);
}

export function DraftThread({ detail, leadName }: { detail: DraftDetail; leadName: string }) {
  const entries = threadEntries(detail);
  if (entries.length === 0) return null;
  const lastSent = entries.findLastIndex((entry) => entry.kind === "sent");
  return (
    <section aria-labelledby="thread-heading" className={cardStyles}>
      <h2 id="thread-heading" className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-900">
        The thread so far
      </h2>
      <ol aria-label="Earlier messages and replies" className="divide-y divide-slate-100">
        {entries.map((entry, index) =>
          entry.kind === "sent" ? (
            <li key={entry.message.draft_id} data-testid={`thread-step-${entry.message.step}`} className="px-4 py-3">
              <details open={index === lastSent} className="group">
                <summary className="grid cursor-pointer list-none grid-cols-[1rem_minmax(0,1fr)] gap-x-1 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 [&::-webkit-details-marker]:hidden">
                  <span aria-hidden="true" className="text-slate-500 transition-transform group-open:rotate-90">
                    ▸
                  </span>
                  <span className="min-w-0">
                    <span className="flex flex-wrap gap-x-2 text-xs text-slate-600">
                      <span className="font-medium text-slate-800">{stepWords(entry.message.step, detail.steps) ?? `Step ${entry.message.step}`}</span>
                      <span>
                        sent <Time iso={entry.message.sent_at} empty="not recorded" />
                      </span>
                    </span>
                    <span className="mt-0.5 block break-words text-sm font-medium text-slate-900">{entry.message.subject}</span>
                  </span>
                </summary>
                <pre className="ml-5 mt-2 whitespace-pre-wrap break-words rounded-md bg-slate-50 p-3 font-sans text-sm leading-relaxed text-slate-800">
                  {entry.message.body}
                </pre>
              </details>
            </li>
          ) : (
            <li key={entry.reply.id} data-testid="thread-reply" className="border-l-4 border-l-sky-300 bg-sky-50/40 px-4 py-3">
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
                <span className="font-medium text-slate-800">Reply from {leadName}</span>
                <ClassificationBadge value={entry.reply.classification} />
                <span>
                  received <Time iso={entry.reply.received_at} />
                </span>
                {entry.reply.step ? <span>to step {entry.reply.step}</span> : null}
              </p>
              {entry.reply.subject ? <p className="mt-1 break-words text-sm font-medium text-slate-900">{entry.reply.subject}</p> : null}
              <p className="mt-1 whitespace-pre-wrap break-words text-sm leading-relaxed text-slate-800">{entry.reply.text}</p>
            </li>
          ),
        )}
      </ol>
    </section>
  );
}
