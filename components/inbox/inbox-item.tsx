"use client";

import Link from "next/link";
import { useId } from "react";
import type { InboxReply } from "@/components/data/queries/inbox";
import { ClassificationBadge } from "@/components/replies/classification-badge";
import { FromLine } from "@/components/review/from-line";
import { buttonStyles } from "@/components/ui/styles";
import { Time } from "@/components/ui/time";

// One reply in the inbox list: who, the class, the reply and the mail it answers, the referral,
// and the reviewer's actions. The current row (the keyboard's, components/review/queue-cursor.ts)
// is highlighted and the only row in the tab order; Enter or "Open thread" opens its thread.

export function who(reply: InboxReply): string {
  return reply.lead?.name ? `${reply.lead.name} (${reply.lead.email})` : (reply.lead?.email ?? reply.from);
}

function Confidence({ reply }: { reply: InboxReply }) {
  if (reply.corrected_at) return <span className="text-xs text-slate-600">set by {reply.corrected_by_name ?? "a reviewer"}</span>;
  if (reply.confidence === null) return null;
  return (
    <span className="text-xs text-slate-600" title="The classifier's own confidence">
      {Math.round(reply.confidence * 100)} % sure
    </span>
  );
}

export type Actions = {
  canAct: boolean;
  busy: boolean;
  onCorrect: (reply: InboxReply) => void;
  onHandled: (reply: InboxReply, handled: boolean) => void;
  onStop: (reply: InboxReply) => void;
  onReferral: (reply: InboxReply) => void;
  onOpen: (reply: InboxReply) => void;
};

export const referralWho = (referral: NonNullable<InboxReply["referral"]>) => (referral.name ? `${referral.name} (${referral.email})` : referral.email);

/** A wrong_person reply naming someone else: who, and their lead and run once followed. */
function ReferralNote({ reply, actions }: { reply: InboxReply; actions: Actions }) {
  const referral = reply.referral;
  if (!referral) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900" data-testid="referral">
      <span className="break-words">
        Points to <strong>{referralWho(referral)}</strong>
        {referral.run_id ? (
          <>
            {" "}
            ·{" "}
            <Link href={`/runs/${referral.run_id}`} className="font-medium text-indigo-700 hover:underline">
              their run
            </Link>
          </>
        ) : null}
      </span>
      {actions.canAct && !referral.run_id ? (
        <button type="button" className={buttonStyles.secondary} onClick={() => actions.onReferral(reply)}>
          Write to {referral.name ?? referral.email}…
        </button>
      ) : null}
    </div>
  );
}

type RowProps = { reply: InboxReply; actions: Actions; current: boolean; rowRef: (element: HTMLLIElement | null) => void; onFocus: () => void };

export function InboxItem({ reply, actions, current, rowRef, onFocus }: RowProps) {
  const headingId = useId();
  return (
    <li
      ref={rowRef}
      tabIndex={current ? 0 : -1}
      onFocus={(event) => event.target === event.currentTarget && onFocus()}
      data-testid={`inbox-${reply.id}`}
      data-current={current || undefined}
      aria-labelledby={headingId}
      className={`space-y-3 px-4 py-4 outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-indigo-500 ${current ? "bg-indigo-50/60" : ""} ${reply.positive && !reply.handled ? "border-l-4 border-emerald-400" : ""}`}
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="min-w-0">
          <h3 id={headingId} className="break-words text-sm font-semibold text-slate-900">
            {who(reply)}
          </h3>
          <p className="text-xs text-slate-600">{[reply.lead?.title, reply.lead?.company].filter(Boolean).join(" · ") || "No title or company"}</p>
          <p className="mt-0.5 text-xs text-slate-600">
            Replied <Time iso={reply.received_at} mode="relative" />
            {reply.run ? (
              <>
                {" "}
                · run{" "}
                <Link href={`/runs/${reply.run.id}/replies`} className="font-medium text-indigo-700 hover:underline">
                  {reply.run.name}
                </Link>
              </>
            ) : null}
            {reply.campaign ? (
              <>
                {" "}
                · campaign{" "}
                <Link href={`/campaigns/${reply.campaign.id}`} className="font-medium text-indigo-700 hover:underline">
                  {reply.campaign.name}
                </Link>
              </>
            ) : null}
            {reply.sent ? (
              <>
                {" "}
                ·{" "}
                <Link href={`/review/drafts/${reply.sent.draft_id}`} className="font-medium text-indigo-700 hover:underline">
                  the draft
                </Link>
              </>
            ) : null}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <span className="sr-only">Classification: </span>
          <ClassificationBadge value={reply.classification} />
          <Confidence reply={reply} />
          {reply.handled ? (
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700" data-testid="handled-note">
              Handled{reply.handled_by_name ? ` by ${reply.handled_by_name}` : ""}
            </span>
          ) : null}
        </div>
      </div>

      <div className="space-y-2">
        <figure className="rounded-md border border-slate-200 bg-white px-3 py-2">
          <figcaption className="text-xs font-medium text-slate-600">
            {reply.lead?.name ?? reply.from} wrote
            {reply.subject ? (
              <>
                : <span className="text-slate-700">{reply.subject}</span>
              </>
            ) : null}
          </figcaption>
          <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-800">{reply.text || "(no text)"}</p>
        </figure>
        {reply.sent ? <FromLine from={reply.sent.from} className="text-xs text-slate-600" testId="sent-from" /> : null}
        {reply.sent ? (
          <details className="rounded-md bg-slate-50 px-3 py-2 text-sm">
            <summary className="cursor-pointer text-xs font-medium text-slate-600">
              Our email
              {reply.sent.sent_at ? (
                <>
                  , sent <Time iso={reply.sent.sent_at} mode="relative" />
                </>
              ) : null}
              : {reply.sent.subject}
            </summary>
            <p className="mt-2 whitespace-pre-wrap break-words text-slate-700">{reply.sent.body}</p>
          </details>
        ) : null}
        <ReferralNote reply={reply} actions={actions} />
        {reply.outreach_stopped ? (
          <p className="text-xs font-medium text-rose-700" data-testid="stopped-note">
            Outreach stopped: the address is on the suppression list ({reply.stop_reason}).
          </p>
        ) : null}
      </div>

      <div className="flex flex-wrap gap-2">
        <button type="button" className={buttonStyles.primary} onClick={() => actions.onOpen(reply)}>
          {reply.answer_draft_id ? "Open thread and answer" : "Open thread"}
          <span className="sr-only"> with {who(reply)}</span>
        </button>
        {actions.canAct ? (
          <>
            <button type="button" className={buttonStyles.secondary} disabled={actions.busy} onClick={() => actions.onHandled(reply, !reply.handled)}>
              {reply.handled ? "Mark not handled" : "Mark handled"}
              <span className="sr-only"> the reply from {who(reply)}</span>
            </button>
            <button type="button" className={buttonStyles.quiet} onClick={() => actions.onCorrect(reply)}>
              Correct class…<span className="sr-only"> of the reply from {who(reply)}</span>
            </button>
            {!reply.outreach_stopped ? (
              <button type="button" className={buttonStyles.dangerQuiet} onClick={() => actions.onStop(reply)}>
                Stop outreach…<span className="sr-only"> to {who(reply)}</span>
              </button>
            ) : null}
          </>
        ) : null}
      </div>
    </li>
  );
}
