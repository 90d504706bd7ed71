"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "@/components/data/query-keys";
import { useState } from "react";
import { useSuppressions, type Suppression } from "@/components/data/queries/suppressions";
import { queryString, webApi } from "@/components/data/web-api";
import { AddSuppressionForm } from "@/components/suppressions/add-suppression-form";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { QueryState, ShowMore } from "@/components/ui/query-state";
import { Notice } from "@/components/ui/states";
import { buttonStyles, cardStyles, fieldStyles } from "@/components/ui/styles";
import { Time } from "@/components/ui/time";

const SOURCES: Record<Suppression["source"], string> = {
  manual: "Added by hand",
  import: "Imported",
  unsubscribe_link: "Unsubscribe link",
  reply: "Reply",
  bounce: "Bounce",
};

export function SuppressionsView({ canEdit }: { canEdit: boolean }) {
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<{ text: string; tone: "success" | "error" } | null>(null);
  const [search, setSearch] = useState("");
  const [removing, setRemoving] = useState<Suppression | null>(null);
  const { query: list, rows } = useSuppressions(search);
  const remove = useMutation({
    mutationFn: (entry: Suppression) =>
      webApi(`/suppressions/${encodeURIComponent(entry.email)}${queryString({ reason: "Removed on the suppression list page" })}`, { method: "DELETE" }),
    onSuccess: (_result, entry) => {
      setRemoving(null);
      setNotice({ tone: "success", text: `${entry.email} was removed: it can be emailed again.` });
      void queryClient.invalidateQueries({ queryKey: queryKeys.suppressions.all });
    },
  });

  return (
    <div className="space-y-6">
      {canEdit ? <AddSuppressionForm onDone={(text, tone = "success") => setNotice({ text, tone })} /> : null}
      <div aria-live="polite">{notice ? <Notice tone={notice.tone}>{notice.text}</Notice> : null}</div>
      <section aria-labelledby="suppressions-heading" className={cardStyles}>
        <div className="flex flex-wrap items-end justify-between gap-3 border-b border-slate-200 px-4 py-3">
          <div>
            <h2 id="suppressions-heading" className="text-base font-semibold text-slate-900">
              Suppressed addresses
            </h2>
            <p className="text-xs text-slate-500">Nothing is ever sent to these. Unsubscribes, bounces and unsubscribe replies are added by themselves.</p>
          </div>
          <form role="search" onSubmit={(event) => event.preventDefault()} className="w-full sm:w-72">
            <label htmlFor="suppression-search" className={fieldStyles.label}>
              Find an address
            </label>
            <input
              id="suppression-search"
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value.trim())}
              placeholder="jane@example.com"
              className={fieldStyles.input}
            />
          </form>
        </div>
        <QueryState
          query={list}
          loading="Loading the suppression list…"
          failed="The list could not be loaded."
          isEmpty={rows.length === 0}
          empty={search ? "That address is not suppressed" : "No suppressed addresses"}
        >
          <ul className="divide-y divide-slate-100">
            {rows.map((entry) => (
              <li key={entry.id} className="grid gap-2 px-4 py-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center" data-testid={`suppression-${entry.email}`}>
                <div className="min-w-0">
                  <p className="truncate font-medium text-slate-900">{entry.email}</p>
                  <p className="break-words text-sm text-slate-600">{entry.reason}</p>
                  <p className="text-xs text-slate-500">
                    {SOURCES[entry.source]} · <Time iso={entry.created_at} />
                  </p>
                </div>
                {canEdit ? (
                  <button
                    type="button"
                    className={buttonStyles.dangerQuiet}
                    onClick={() => {
                      remove.reset();
                      setRemoving(entry);
                    }}
                  >
                    Remove
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        </QueryState>
        <ShowMore query={list} />
      </section>
      <ConfirmDialog
        open={removing !== null}
        title="Remove from the suppression list?"
        confirmLabel="Remove"
        pending={remove.isPending}
        error={remove.isError ? remove.error.message : null}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing)}
      >
        <p>{removing?.email} can be emailed again. If this person unsubscribed, they did not ask for this.</p>
      </ConfirmDialog>
    </div>
  );
}
