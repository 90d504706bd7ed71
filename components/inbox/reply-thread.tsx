"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, type ReactNode } from "react";
import { queryKeys } from "@/components/data/query-keys";
import { useReplyThread, type InboxReply, type ReplyThreadEntry } from "@/components/data/queries/inbox";
import { webApi } from "@/components/data/web-api";
import { AnswerPanel } from "@/components/inbox/answer-panel";
import { ClassificationBadge } from "@/components/replies/classification-badge";
import { isShortcut } from "@/components/review/queue-page";
import { stepWords } from "@/components/review/step-words";
import { QueryState } from "@/components/ui/query-state";
import { buttonStyles, cardStyles } from "@/components/ui/styles";
import { Time } from "@/components/ui/time";
import { DRAFT_STATUS } from "@/lib/statuses";
import type { DraftFrom } from "@/lib/senders/draft-from";

// A reply's whole thread in /inbox (contract §13): every message we sent the lead in the run (the
// latest one open, the others folded), every reply and every answer, in time order; beside each
// reply its answer draft (side by side on wide screens, stacked on narrow ones), or "Write an
// answer". Keys: `a` approves the opened reply's answer (with the edits typed), Escape goes back.

type SentEntry = Extract<ReplyThreadEntry, { type: "sent" }>;
type ReplyEntry = Extract<ReplyThreadEntry, { type: "reply" }>;

function SentMessage({ entry, steps, open }: { entry: SentEntry; steps: number; open: boolean }) {
  const label = entry.kind === "reply" ? "Our answer" : (stepWords(entry.step ?? 1, steps) ?? `Step ${entry.step}`);
  return (
    <details open={open} className="group" data-testid={entry.kind === "reply" ? "thread-answer" : `thread-step-${entry.step}`}>
      <summary className="grid cursor-pointer list-none grid-cols-[1rem_minmax(0,1fr)] gap-x-1 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 [&::-webkit-details-marker]:hidden">
        <span aria-hidden="true" className="text-slate-500 transition-transform group-open:rotate-90">
          ▸
        </span>
        <span className="min-w-0">
          <span className="flex flex-wrap gap-x-2 text-xs text-slate-600">
            <span className="font-medium text-slate-800">{label}</span>
            <span>
              sent <Time iso={entry.at} empty="not recorded" />
            </span>
          </span>
          <span className="mt-0.5 block break-words text-sm font-medium text-slate-900">{entry.subject}</span>
        </span>
      </summary>
      <pre className="ml-5 mt-2 whitespace-pre-wrap break-words rounded-md bg-slate-50 p-3 font-sans text-sm leading-relaxed text-slate-800">{entry.body}</pre>
    </details>
  );
}

function ReplyMessage({ entry, leadLabel, opened }: { entry: ReplyEntry; leadLabel: string; opened: boolean }) {
  return (
    <div className={`rounded-md border-l-4 border-l-sky-400 bg-sky-50 px-3 py-2 ${opened ? "ring-2 ring-sky-300" : ""}`}>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-700">
        <span className="font-medium text-slate-900">Reply from {leadLabel}</span>
        <ClassificationBadge value={entry.classification} />
        <span>
          received <Time iso={entry.at} />
        </span>
        {entry.handled ? <span className="font-medium text-slate-800">· handled</span> : null}
      </p>
      {entry.subject ? <p className="mt-1 break-words text-sm font-medium text-slate-900">{entry.subject}</p> : null}
      <p className="mt-1 whitespace-pre-wrap break-words text-sm leading-relaxed text-slate-800" data-testid="thread-reply-text">
        {entry.text || "(no text)"}
      </p>
    </div>
  );
}

/** A reply and, when there is one, what sits beside it: side by side from 1024 px, stacked below. */
function ReplyRow({ entry, side, children }: { entry: ReplyEntry; side: ReactNode; children: ReactNode }) {
  return (
    <li className={`grid gap-3 px-4 py-3 ${side ? "lg:grid-cols-2 lg:items-start" : ""}`} data-testid={`thread-reply-${entry.reply_id}`}>
      {children}
      {side}
    </li>
  );
}

type Props = {
  reply: InboxReply;
  leadLabel: string;
  canAct: boolean;
  onBack: () => void;
  onApproved: (draftId: string, from: DraftFrom | null) => void;
};

export function ReplyThreadView({ reply, leadLabel, canAct, onBack, onApproved }: Props) {
  const queryClient = useQueryClient();
  const thread = useReplyThread(reply.id);
  const heading = useRef<HTMLHeadingElement>(null);
  const openedAnswer = useRef<HTMLDivElement>(null);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.inbox.all });
  };
  const write = useMutation({
    mutationFn: (replyId: string) => webApi(`/replies/${replyId}/answer`, { method: "POST" }),
    onSuccess: refresh,
  });

  useEffect(() => heading.current?.focus(), [reply.id]);
  // An answer's send marks its reply handled on the server (polled here every 2 s while the answer
  // is on its way): when the thread says a reply became handled, the navigation's count and the
  // list are fetched again at once, not at their own polls (30 s, 10 s).
  const handledReplies = (thread.data?.entries ?? [])
    .filter((entry) => entry.type === "reply" && entry.handled)
    .map((entry) => (entry.type === "reply" ? entry.reply_id : ""))
    .join(",");
  const seenHandled = useRef<string | null>(null);
  useEffect(() => {
    if (!thread.isSuccess) return;
    if (seenHandled.current !== null && seenHandled.current !== handledReplies) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.inbox.count() });
      void queryClient.invalidateQueries({ queryKey: [...queryKeys.inbox.all, "list"] });
    }
    seenHandled.current = handledReplies;
  }, [handledReplies, thread.isSuccess, queryClient]);
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.key === "Escape" && !event.defaultPrevented && !document.querySelector("dialog[open]")) {
        if ((event.target as HTMLElement | null)?.closest("input, textarea, select")) return;
        event.preventDefault();
        onBack();
      } else if (event.key === "a" && isShortcut(event) && canAct) {
        const form = openedAnswer.current?.querySelector("form");
        if (!form) return;
        event.preventDefault();
        form.requestSubmit();
      }
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onBack, canAct]);

  // Beside a reply: its answer while not sent (a sent one is in the thread), else "Write an answer".
  const answerSide = (entry: ReplyEntry) => {
    if (entry.answer && entry.answer.status !== DRAFT_STATUS.sent && entry.answer.status !== DRAFT_STATUS.rejected)
      return (
        <AnswerPanel
          ref={entry.reply_id === reply.id ? openedAnswer : undefined}
          draftId={entry.answer.draft_id}
          leadLabel={leadLabel}
          canReview={canAct}
          onApproved={onApproved}
          onChanged={refresh}
        />
      );
    if (!canAct || entry.answer?.status === DRAFT_STATUS.sent) return null;
    return (
      <div className="rounded-md border border-dashed border-slate-300 px-3 py-3 text-sm text-slate-700">
        <p>{entry.answer ? "The answer was rejected." : "No answer drafted yet."}</p>
        <button type="button" className={`${buttonStyles.secondary} mt-2`} disabled={write.isPending} onClick={() => write.mutate(entry.reply_id)}>
          {write.isPending && write.variables === entry.reply_id ? "Writing…" : "Write an answer"}
        </button>
        {write.isError && write.variables === entry.reply_id ? (
          <p role="alert" className="mt-2 text-rose-800">
            {write.error.message}
          </p>
        ) : null}
      </div>
    );
  };
  const entries = thread.data?.entries ?? [];
  const lastSent = entries.findLastIndex((entry) => entry.type === "sent");
  return (
    <section aria-labelledby="reply-thread-heading" className={cardStyles} data-testid="reply-thread">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
        <h2 id="reply-thread-heading" ref={heading} tabIndex={-1} className="min-w-0 break-words text-base font-semibold text-slate-900 outline-none">
          Thread with {leadLabel}
        </h2>
        <button type="button" className={buttonStyles.secondary} onClick={onBack}>
          Back to the inbox <span className="text-xs text-slate-500">(Esc)</span>
        </button>
      </div>
      {canAct ? (
        <p className="border-b border-slate-100 px-4 py-2 text-xs text-slate-600">
          Press <kbd className="rounded border border-slate-300 px-1 font-mono">a</kbd> to approve the answer to this reply, with your edits; it is sent in the
          thread after the undo window.
        </p>
      ) : null}
      <QueryState
        query={thread}
        loading="Loading the thread…"
        failed="The thread could not be loaded."
        isEmpty={entries.length === 0}
        empty={<p className="p-4 text-sm">This reply matches no email we sent.</p>}
      >
        <ol aria-label="The thread, oldest first" className="divide-y divide-slate-100">
          {entries.map((entry, index) =>
            entry.type === "sent" ? (
              <li key={entry.draft_id} className="px-4 py-3">
                <SentMessage entry={entry} steps={thread.data?.steps ?? 1} open={index === lastSent} />
              </li>
            ) : (
              <ReplyRow key={entry.reply_id} entry={entry} side={answerSide(entry)}>
                <ReplyMessage entry={entry} leadLabel={leadLabel} opened={entry.reply_id === reply.id} />
              </ReplyRow>
            ),
          )}
        </ol>
      </QueryState>
    </section>
  );
}
