"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useId, useRef, useState } from "react";
import { useRunSendsInDoubt, type SendInDoubt } from "@/components/data/queries/runs";
import { queryKeys } from "@/components/data/query-keys";
import { webApi } from "@/components/data/web-api";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { buttonStyles, cardStyles } from "@/components/ui/styles";
import { Time } from "@/components/ui/time";

// The run's sends in doubt (docs/reliability.md, "Sending exactly once"): the end of the message
// may have reached the relay and no answer was recorded. They are not counted as sent and the run
// stays `sending` until each is resolved, by the mailbox's Sent folder or here by a reviewer.

type Outcome = "sent" | "resend";

const CONFIRM: Record<Outcome, { title: string; label: string; text: string }> = {
  sent: {
    title: "Record this mail as sent?",
    label: "Yes, it was sent",
    text: "Only if you know it arrived (the recipient answered, or the relay's log shows it accepted). The lead is marked sent and send.completed goes out to webhooks.",
  },
  resend: {
    title: "Send this mail again?",
    label: "Yes, send it again",
    text: "It goes to the relay again under the same Message-ID, so a mail client that already has the first copy shows one message. If the relay did accept the first one, some recipients' servers may still show two.",
  },
};

export function SendsInDoubt({ runId, sending, canResolve }: { runId: string; sending: boolean; canResolve: boolean }) {
  const query = useRunSendsInDoubt(runId, sending);
  const heading = useRef<HTMLHeadingElement>(null);
  const [resolvedHere, setResolvedHere] = useState(0);
  const rows = query.data?.data ?? [];
  // The resolved row goes away with the button that had the focus: the heading takes it, once the
  // dialog has closed (this runs after the dialog's own effect).
  useEffect(() => {
    if (resolvedHere > 0) heading.current?.focus();
  }, [resolvedHere]);
  if (rows.length === 0 && resolvedHere === 0) return null;
  const open = rows.length > 0;
  return (
    <section aria-labelledby="in-doubt-heading" className={`${cardStyles} ${open ? "border-amber-300" : ""}`}>
      <div className={`px-4 py-3 ${open ? "border-b border-amber-200 bg-amber-50" : ""}`}>
        <h2 id="in-doubt-heading" ref={heading} tabIndex={-1} className="text-base font-semibold text-slate-900 focus:outline-none">
          Sends in doubt ({rows.length}
          {query.data?.has_more ? "+" : ""})
        </h2>
        {open ? (
          <>
            <p className="text-xs text-slate-600">
              Each of these mails was handed to the relay up to its last line and no answer came back (a worker stopped, or the relay hung up): it may or may
              not have gone out. They are not counted as sent, and the run stays sending until each is resolved. With a mailbox configured, LeadPipe looks for
              each one in its Sent folder every few minutes.
            </p>
            {canResolve ? null : <p className="mt-1 text-xs text-slate-600">Resolving them needs the reviewer role.</p>}
          </>
        ) : (
          <p role="status" className="text-sm text-slate-600">
            Each send in doubt of this run is resolved.
          </p>
        )}
      </div>
      {open ? (
        <ul className="divide-y divide-slate-100" aria-label="Sends in doubt">
          {rows.map((send) => (
            <InDoubtRow key={send.id} send={send} canResolve={canResolve} onResolved={() => setResolvedHere((n) => n + 1)} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function InDoubtRow({ send, canResolve, onResolved }: { send: SendInDoubt; canResolve: boolean; onResolved: () => void }) {
  const [asking, setAsking] = useState<Outcome | null>(null);
  const [shown, setShown] = useState<Outcome>("sent"); // what the dialog says, kept while it closes
  const toId = useId();
  const queryClient = useQueryClient();
  const resolve = useMutation({
    mutationFn: (outcome: Outcome) => webApi(`/sends/${send.id}/resolve`, { method: "POST", body: { outcome } }),
    onSuccess: () => {
      setAsking(null);
      onResolved();
      void queryClient.invalidateQueries({ queryKey: queryKeys.runs.all });
    },
  });
  const open = (outcome: Outcome) => {
    resolve.reset();
    setShown(outcome);
    setAsking(outcome);
  };
  return (
    <li className="grid gap-2 px-4 py-3 text-sm sm:grid-cols-[minmax(0,1fr)_auto]" data-testid="send-in-doubt" data-send-id={send.id}>
      <div className="min-w-0 space-y-0.5">
        <p id={toId} className="break-words font-medium text-slate-900">
          <Link className="hover:underline" href={`/review/drafts/${send.draft_id}`}>
            {send.to}
          </Link>
        </p>
        <p className="truncate text-slate-600" title={send.subject}>
          {send.subject}
        </p>
        <p className="text-xs text-slate-500">
          <span className="sr-only">Message-ID </span>
          <MessageId id={send.message_id} />
        </p>
        <p className="text-xs text-slate-600">
          In doubt since <Time iso={send.in_doubt_since} />
          {send.sent_folder_checked_at ? (
            <>
              {" "}
              · not in the Sent folder as of <Time iso={send.sent_folder_checked_at} />
            </>
          ) : null}
        </p>
        {send.note ? <p className="break-words text-xs text-amber-800">{send.note}</p> : null}
      </div>
      {canResolve ? (
        <div className="flex flex-wrap items-start gap-2">
          <button type="button" className={buttonStyles.secondary} aria-describedby={toId} onClick={() => open("sent")}>
            It was sent…
          </button>
          <button type="button" className={buttonStyles.secondary} aria-describedby={toId} onClick={() => open("resend")}>
            Send again…
          </button>
        </div>
      ) : null}
      {canResolve ? (
        <ConfirmDialog
          open={asking !== null}
          title={CONFIRM[shown].title}
          confirmLabel={CONFIRM[shown].label}
          tone="primary"
          pending={resolve.isPending}
          error={resolve.error?.message ?? null}
          onConfirm={() => resolve.mutate(shown)}
          onCancel={() => setAsking(null)}
        >
          <p>{CONFIRM[shown].text}</p>
          <dl className="mt-3 space-y-1">
            <div>
              <dt className="inline">To </dt>
              <dd className="inline break-words font-medium text-slate-900">{send.to}</dd>
            </div>
            <div>
              <dt className="inline">Message-ID </dt>
              <dd className="inline">
                <MessageId id={send.message_id} />
              </dd>
            </div>
          </dl>
        </ConfirmDialog>
      ) : null}
    </li>
  );
}

/** A Message-ID that wraps at its "@" first on a narrow screen, and anywhere only if it must. */
function MessageId({ id }: { id: string }) {
  const at = id.lastIndexOf("@");
  return (
    <span className="break-words font-mono text-xs">
      {at > 0 ? (
        <>
          {id.slice(0, at)}
          <wbr />
          {id.slice(at)}
        </>
      ) : (
        id
      )}
    </span>
  );
}
