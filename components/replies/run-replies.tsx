"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useId, useState } from "react";
import { queryKeys } from "@/components/data/query-keys";
import { useRunReplies, type RunReply } from "@/components/data/queries/mailbox";
import { webApi } from "@/components/data/web-api";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FilterSelect, stateOptions } from "@/components/ui/filter-select";
import { QueryState, ShowMore } from "@/components/ui/query-state";
import { EmptyState } from "@/components/ui/states";
import { stateLabel } from "@/components/ui/status-badge";
import { ClassificationBadge } from "@/components/replies/classification-badge";
import { buttonStyles, cardStyles, fieldStyles } from "@/components/ui/styles";
import { Time } from "@/components/ui/time";
import { REPLY_CATEGORIES } from "@/lib/reply-categories";

// The replies to a run's emails, newest first, with their classification. A reviewer corrects a
// classification in a dialog; the correction wins for good and the row says who made it and what
// the classifier had said.

function ReplyRow({ reply, canCorrect, onCorrect }: { reply: RunReply; canCorrect: boolean; onCorrect: (reply: RunReply) => void }) {
  const who = reply.lead?.name ? `${reply.lead.name} (${reply.lead.email})` : (reply.lead?.email ?? reply.from);
  return (
    <li data-testid={`reply-${reply.id}`} className="px-4 py-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between sm:gap-x-4">
        <div className="min-w-0 sm:flex-1">
          <p className="truncate text-sm font-medium text-slate-900">{who}</p>
          <p className="text-xs text-slate-500">
            <Time iso={reply.received_at} /> · {reply.source === "mailbox" ? "from the mailbox" : "over the API"}
            {reply.draft_id ? (
              <>
                {" "}
                ·{" "}
                <Link href={`/review/drafts/${reply.draft_id}`} className="font-medium text-indigo-700 hover:underline">
                  the email it answers
                </Link>
              </>
            ) : null}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <span className="sr-only">Classification: </span>
          <ClassificationBadge value={reply.classification} />
          {reply.confidence !== null && !reply.corrected_at ? (
            <span className="text-xs text-slate-500">{Math.round(reply.confidence * 100)} % sure</span>
          ) : null}
          {canCorrect ? (
            <button type="button" className={buttonStyles.quiet} onClick={() => onCorrect(reply)}>
              Correct…<span className="sr-only"> the classification of the reply from {who}</span>
            </button>
          ) : null}
        </div>
      </div>
      {reply.corrected_at ? (
        <p className="mt-1 text-xs text-slate-600" data-testid="correction-note">
          Corrected by {reply.corrected_by_name ?? "a reviewer"} <Time iso={reply.corrected_at} mode="relative" />
          {reply.classifier_classification ? (
            <>
              ; the classifier said <span className="font-medium">{stateLabel(reply.classifier_classification)}</span>
            </>
          ) : null}
          .
        </p>
      ) : null}
      {reply.subject ? <p className="mt-2 text-sm font-medium text-slate-800">{reply.subject}</p> : null}
      <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-700">{reply.text || "(no text)"}</p>
    </li>
  );
}

export function RunReplies({ runId, canCorrect }: { runId: string; canCorrect: boolean }) {
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState({ classification: "" });
  const selectId = useId();
  const { query, rows } = useRunReplies(runId, filters);
  const [editing, setEditing] = useState<RunReply | null>(null);
  const [choice, setChoice] = useState("");
  const correct = useMutation({
    mutationFn: ({ id, classification }: { id: string; classification: string }) =>
      webApi<RunReply>(`/replies/${id}`, { method: "PATCH", body: { classification } }),
    onSuccess: () => {
      setEditing(null);
      void queryClient.invalidateQueries({ queryKey: queryKeys.runs.replies(runId) });
    },
  });
  const open = (reply: RunReply) => {
    correct.reset();
    setChoice(reply.classification ?? "other");
    setEditing(reply);
  };

  return (
    <section aria-labelledby="replies-heading" className={cardStyles}>
      <div className="flex flex-wrap items-end justify-between gap-3 border-b border-slate-200 px-4 py-3">
        <h2 id="replies-heading" className="text-base font-semibold text-slate-900">
          Replies
        </h2>
        <div role="search" aria-label="Filter replies" className="w-full sm:w-56">
          <FilterSelect
            label="Classification"
            all="All classifications"
            value={filters.classification}
            onChange={(classification) => setFilters({ classification })}
            options={stateOptions(REPLY_CATEGORIES)}
          />
        </div>
      </div>
      <QueryState
        query={query}
        loading="Loading replies…"
        failed="The replies could not be loaded."
        isEmpty={rows.length === 0}
        empty={
          <EmptyState title={filters.classification ? "No replies with this classification" : "No replies yet"}>
            {filters.classification ? "Try another classification." : "Replies appear here as the mailbox is read."}
          </EmptyState>
        }
      >
        <ul aria-label="Replies to this run" className="divide-y divide-slate-100">
          {rows.map((reply) => (
            <ReplyRow key={reply.id} reply={reply} canCorrect={canCorrect} onCorrect={open} />
          ))}
        </ul>
      </QueryState>
      <ShowMore query={query} />
      <ConfirmDialog
        open={editing !== null}
        title="Correct the classification"
        confirmLabel="Save correction"
        tone="primary"
        pending={correct.isPending}
        error={correct.isError ? correct.error.message : null}
        onConfirm={() => editing && correct.mutate({ id: editing.id, classification: choice })}
        onCancel={() => setEditing(null)}
      >
        <p>
          Your classification replaces the classifier’s for good and is recorded in the audit log. Unsubscribe and bounce also put the address on the
          suppression list.
        </p>
        <label htmlFor={selectId} className={`${fieldStyles.label} mt-3`}>
          Classification
        </label>
        <select id={selectId} value={choice} onChange={(event) => setChoice(event.target.value)} className={fieldStyles.input}>
          {REPLY_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {stateLabel(category)}
            </option>
          ))}
        </select>
      </ConfirmDialog>
    </section>
  );
}
