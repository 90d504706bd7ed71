"use client";

import Link from "next/link";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { queryKeys } from "@/components/data/query-keys";
import { useRelay, useSenders } from "@/components/data/queries/settings";
import { webApi } from "@/components/data/web-api";
import { SenderForm } from "@/components/senders/sender-form";
import { SenderHealthLine } from "@/components/senders/sender-health";
import { SenderMailboxState } from "@/components/senders/sender-mailbox-state";
import { SenderConnection } from "@/components/senders/sender-connection";
import { SenderDns } from "@/components/senders/sender-dns";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { QueryState, ShowMore } from "@/components/ui/query-state";
import { EmptyState, Notice } from "@/components/ui/states";
import { buttonStyles, cardStyles } from "@/components/ui/styles";
import type { SenderItem } from "@/lib/senders/senders";

const cap = (sender: SenderItem) => (sender.daily_cap === null ? "No cap" : `${sender.daily_cap.toLocaleString()} a day`);
const ramp = (sender: SenderItem) => (sender.ramp ? `From ${sender.ramp.start.toLocaleString()}, +${sender.ramp.step_per_day.toLocaleString()} a day` : "None");

/** The workspace's /relay + /mailbox: its default sender, edited on their own pages. */
function DefaultSender() {
  const relay = useRelay();
  return (
    <section aria-labelledby="default-sender-heading" className={`${cardStyles} px-4 py-3`}>
      <h2 id="default-sender-heading" className="text-base font-semibold text-slate-900">
        Default sender
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {relay.data ? (
          <>
            <span className="font-medium">{relay.data.from_email}</span> through {relay.data.host}:{relay.data.port}.{" "}
          </>
        ) : relay.isSuccess ? (
          "No SMTP relay is saved yet. "
        ) : null}
        The workspace’s own{" "}
        <Link href="/settings/relay" className="font-medium text-indigo-700 underline">
          SMTP relay
        </Link>{" "}
        and{" "}
        <Link href="/settings/mailbox" className="font-medium text-indigo-700 underline">
          mailbox
        </Link>{" "}
        are its default sender, with no cap; change them there.
      </p>
      {relay.data ? (
        <div className="-mx-4 -mb-3 mt-3">
          <SenderHealthLine health={relay.data.health} label="the default sender" resumePath="/relay/resume" queryKey={queryKeys.relay.all} />
        </div>
      ) : null}
      {relay.data ? <SenderDns dns={relay.data.dns} path="/relay/dns-check" invalidate={queryKeys.relay.all} label="the default sender" /> : null}
    </section>
  );
}

export function SendersView() {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<SenderItem | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { query: senders, rows } = useSenders();
  const remove = useMutation({
    mutationFn: (sender: SenderItem) => webApi(`/senders/${encodeURIComponent(sender.id)}`, { method: "DELETE" }),
    onSuccess: (_result, sender) => {
      setDeleting(null);
      setNotice(`Sender ${sender.from_email} deleted.`);
      void queryClient.invalidateQueries({ queryKey: queryKeys.senders.all });
    },
  });

  return (
    <div className="space-y-6">
      <DefaultSender />
      <section aria-labelledby="add-sender-heading" className={`${cardStyles} p-5`}>
        <h2 id="add-sender-heading" className="mb-4 text-base font-semibold text-slate-900">
          Add a sender
        </h2>
        <SenderForm onDone={(saved) => setNotice(`Sender ${saved.from_email} added.`)} />
      </section>
      <div aria-live="polite">{notice ? <Notice tone="success">{notice}</Notice> : null}</div>
      <section aria-labelledby="senders-heading" className="space-y-4">
        <h2 id="senders-heading" className="text-base font-semibold text-slate-900">
          Senders
        </h2>
        <QueryState
          query={senders}
          loading="Loading senders…"
          failed="The senders could not be loaded."
          isEmpty={rows.length === 0}
          frame={cardStyles}
          empty={<EmptyState title="No senders yet">Mail goes out from the default sender until you add one.</EmptyState>}
        >
          {rows.map((sender) => (
            <article key={sender.id} className={cardStyles} aria-labelledby={`sender-${sender.id}`} data-testid={`sender-${sender.id}`}>
              <header className="flex flex-wrap items-start justify-between gap-3 px-4 py-3">
                <div className="min-w-0">
                  <h3 id={`sender-${sender.id}`} className="break-all text-sm font-semibold text-slate-900">
                    {sender.from_name ? `${sender.from_name} <${sender.from_email}>` : sender.from_email}
                  </h3>
                  <p className="mt-0.5 break-all text-xs text-slate-500">
                    SMTP {sender.relay.host}:{sender.relay.port}
                    {sender.mailbox ? ` · IMAP ${sender.mailbox.host}:${sender.mailbox.port}` : " · no mailbox"}
                  </p>
                </div>
                <div className="flex gap-2">
                  <button
                    type="button"
                    className={buttonStyles.secondary}
                    aria-expanded={editing === sender.id}
                    aria-label={`${editing === sender.id ? "Close" : "Change"} ${sender.from_email}`}
                    onClick={() => {
                      setNotice(null);
                      setEditing(editing === sender.id ? null : sender.id);
                    }}
                  >
                    {editing === sender.id ? "Close" : "Change"}
                  </button>
                  <button
                    type="button"
                    className={buttonStyles.dangerQuiet}
                    aria-label={`Delete ${sender.from_email}`}
                    onClick={() => {
                      remove.reset();
                      setDeleting(sender);
                    }}
                  >
                    Delete
                  </button>
                </div>
              </header>
              <dl className="grid grid-cols-2 gap-x-4 gap-y-2 border-t border-slate-100 px-4 py-3 text-sm sm:grid-cols-3">
                <div>
                  <dt className="text-xs text-slate-500">Daily cap</dt>
                  <dd className="text-slate-900">{cap(sender)}</dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-500">Ramp</dt>
                  <dd className="text-slate-900">{ramp(sender)}</dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-500">State</dt>
                  <dd className={sender.enabled ? "text-emerald-700" : "text-slate-500"}>{sender.enabled ? "Enabled" : "Disabled"}</dd>
                </div>
                <div className="col-span-2 min-w-0 sm:col-span-3">
                  <dt className="text-xs text-slate-500">Signs its drafts as</dt>
                  <dd className="break-words text-slate-900" data-testid="sender-signs-as">
                    {sender.from_name || sender.title
                      ? [sender.from_name, sender.title].filter(Boolean).join(", ")
                      : sender.signature
                        ? null
                        : "No name, title or signature: its drafts are signed with none."}
                    {sender.signature ? <span className="mt-0.5 block whitespace-pre-line text-slate-600">{sender.signature}</span> : null}
                  </dd>
                </div>
              </dl>
              <SenderHealthLine
                health={sender.health}
                label={sender.from_email}
                resumePath={`/senders/${encodeURIComponent(sender.id)}/resume`}
                queryKey={queryKeys.senders.all}
              />
              <SenderConnection sender={sender} />
              {sender.mailbox ? <SenderMailboxState sender={sender} mailbox={sender.mailbox} /> : null}
              <SenderDns
                dns={sender.dns}
                path={`/senders/${encodeURIComponent(sender.id)}/dns-check`}
                invalidate={queryKeys.senders.all}
                label={sender.from_email}
              />
              {editing === sender.id ? (
                <div className="border-t border-slate-200 px-4 py-4">
                  <SenderForm
                    sender={sender}
                    onDone={(saved) => {
                      setEditing(null);
                      setNotice(`Sender ${saved.from_email} saved.`);
                    }}
                  />
                </div>
              ) : null}
            </article>
          ))}
        </QueryState>
        <ShowMore query={senders} />
      </section>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.from_email ?? ""}?`}
        confirmLabel="Delete sender"
        pending={remove.isPending}
        error={remove.error?.message}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
      >
        <p>Its SMTP and IMAP settings and saved passwords are deleted with it. The default sender is not affected.</p>
      </ConfirmDialog>
    </div>
  );
}
