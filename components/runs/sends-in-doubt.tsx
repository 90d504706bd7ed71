"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
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
  const rows = query.data?.data ?? [];
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="in-doubt-heading" className={`${cardStyles} border-amber-300`}>
      <div className="border-b border-amber-200 bg-amber-50 px-4 py-3">
        <h2 id="in-doubt-heading" className="text-base font-semibold text-slate-900">Sends in doubt ({rows.length}{query.data?.has_more ? "+" : ""})</h2>
        <p className="text-xs text-slate-600">
          A worker stopped while these mails were being handed to the relay, before its answer: they may or may not have gone out. They are not counted as
          sent, and the run stays sending until each is resolved. With a mailbox configured, LeadPipe looks for each one in its Sent folder every few minutes.
        </p>
      </div>
      <ul className="divide-y divide-slate-100" aria-label="Sends in doubt">
        {rows.map((send) => <InDoubtRow key={send.id} send={send} canResolve={canResolve} />)}
      </ul>
    </section>
  );
}

function InDoubtRow({ send, canResolve }: { send: SendInDoubt; canResolve: boolean }) {
  const [asking, setAsking] = useState<Outcome | null>(null);
  const queryClient = useQueryClient();
  const resolve = useMutation({
    mutationFn: (outcome: Outcome) => webApi(`/sends/${send.id}/resolve`, { method: "POST", body: { outcome } }),
    onSuccess: () => {
      setAsking(null);
      void queryClient.invalidateQueries({ queryKey: queryKeys.runs.all });
    },
  });
  const open = (outcome: Outcome) => { resolve.reset(); setAsking(outcome); };
  return (
    <li className="grid gap-2 px-4 py-3 text-sm sm:grid-cols-[minmax(0,1fr)_auto]" data-testid="send-in-doubt" data-send-id={send.id}>
      <div className="min-w-0 space-y-0.5">
        <p className="truncate font-medium text-slate-900">
          <Link className="hover:underline" href={`/review/drafts/${send.draft_id}`}>{send.to}</Link>
          <span className="font-normal text-slate-600"> — {send.subject}</span>
        </p>
        <p className="truncate font-mono text-xs text-slate-500" title={send.message_id}>{send.message_id}</p>
        <p className="text-xs text-slate-600">
          In doubt since <Time iso={send.in_doubt_since} />
          {send.sent_folder_checked_at ? <> · not in the Sent folder as of <Time iso={send.sent_folder_checked_at} /></> : null}
        </p>
        {send.note ? <p className="break-words text-xs text-amber-800">{send.note}</p> : null}
      </div>
      {canResolve ? (
        <div className="flex flex-wrap items-start gap-2">
          <button type="button" className={buttonStyles.secondary} onClick={() => open("sent")}>It was sent…</button>
          <button type="button" className={buttonStyles.secondary} onClick={() => open("resend")}>Send again…</button>
        </div>
      ) : null}
      {asking ? (
        <ConfirmDialog
          open title={CONFIRM[asking].title} confirmLabel={CONFIRM[asking].label} tone="primary" pending={resolve.isPending} error={resolve.error?.message ?? null}
          onConfirm={() => resolve.mutate(asking)} onCancel={() => setAsking(null)}
        >
          {CONFIRM[asking].text} To: {send.to}.
        </ConfirmDialog>
      ) : null}
    </li>
  );
}
