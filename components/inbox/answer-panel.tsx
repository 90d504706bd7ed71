"use client";

import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { forwardRef, useState } from "react";
import { queryKeys } from "@/components/data/query-keys";
import { useDraft, useDraftCheck } from "@/components/data/queries/review";
import { DecisionDialogs, useDraftDecision } from "@/components/review/draft-decision";
import { DraftChecks } from "@/components/review/draft-checks";
import { DraftEditor } from "@/components/review/draft-editor";
import { FromLine } from "@/components/review/from-line";
import { RiskBadges } from "@/components/review/risk-badges";
import { SendState } from "@/components/review/send-state";
import { QueryState } from "@/components/ui/query-state";
import { StatusBadge } from "@/components/ui/status-badge";
import { buttonStyles } from "@/components/ui/styles";
import { DRAFT_STATUS } from "@/lib/statuses";
import type { DraftFrom } from "@/lib/senders/draft-from";

// The answer draft to a reply, beside the reply in /inbox (contract §13): its risk and checks, the
// editable text, Approve (409 draft_blocked asks for an override reason, as in the queue) and
// Reject. An approval waits the undo window before it is sent; the inbox shows its Undo.

type Props = {
  draftId: string;
  leadLabel: string;
  canReview: boolean;
  /** An approval made here: the inbox offers Undo until the window closes. */
  /** `from`: who the answer goes out From (its lead's sender, else the default relay). */
  onApproved: (draftId: string, from: DraftFrom | null) => void;
  onChanged: () => void;
};

export const AnswerPanel = forwardRef<HTMLDivElement, Props>(function AnswerPanel({ draftId, leadLabel, canReview, onApproved, onChanged }, ref) {
  const queryClient = useQueryClient();
  const detail = useDraft(draftId);
  const [edit, setEdit] = useState<{ subject: string; body: string } | null>(null);
  const check = useDraftCheck(draftId, edit);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.review.draft(draftId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.review.all });
    onChanged();
  };
  const decision = useDraftDecision(draftId, {
    onApproved: () => {
      setEdit(null);
      refresh();
      onApproved(draftId, detail.data?.from ?? null);
    },
    onRejected: refresh,
  });

  if (!detail.isSuccess) return <QueryState query={detail} loading="Loading the answer…" failed="The answer could not be loaded." />;
  const { draft } = detail.data;
  const open = draft.status === DRAFT_STATUS.awaiting_review;
  const review = edit && check.data ? check.data : draft;
  return (
    <div ref={ref} className="rounded-md border border-indigo-200 bg-white" data-testid="answer-panel" data-status={draft.status}>
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-3 py-2">
        <h4 className="text-sm font-semibold text-slate-900">Our answer</h4>
        <StatusBadge state={draft.status} />
      </div>
      <div className="space-y-1 border-b border-slate-100 px-3 py-2">
        <RiskBadges risk={review.risk} checks={review.checks} />
        <FromLine from={detail.data.from} className="text-xs text-slate-600" />
        <p className="text-xs text-slate-600">
          <Link href={`/review/drafts/${draft.id}`} className="font-medium text-indigo-700 hover:underline">
            Open the draft page
          </Link>{" "}
          for its sources and trace.
        </p>
      </div>
      {open && canReview ? (
        <DraftEditor
          key={draft.id}
          subject={draft.subject}
          body={draft.body}
          pending={decision.pending}
          error={decision.editorError}
          onApprove={(edits) => decision.approve.mutate(edits)}
          onChange={(text) => setEdit(text.subject === draft.subject && text.body === draft.body ? null : text)}
          onReject={decision.startReject}
        />
      ) : (
        <div className="space-y-2 px-3 py-3">
          {open ? <p className="text-sm text-slate-600">This answer awaits a reviewer. Approving and rejecting need the reviewer role.</p> : null}
          {draft.status === DRAFT_STATUS.rejected && draft.reject_reason ? <p className="text-sm text-slate-700">Rejected: {draft.reject_reason}</p> : null}
          {draft.status === DRAFT_STATUS.approved || detail.data.send ? <SendState detail={detail.data} canRetry={canReview} /> : null}
          <p className="break-words text-sm font-medium text-slate-900">{draft.subject}</p>
          <p className="whitespace-pre-wrap break-words rounded-md bg-slate-50 p-3 text-sm leading-relaxed text-slate-800" data-testid="answer-body">
            {draft.body}
          </p>
        </div>
      )}
      <details className="border-t border-slate-100 px-3 py-2">
        <summary className={`${buttonStyles.quiet} cursor-pointer`}>Checks and sources</summary>
        <DraftChecks
          review={review}
          subject={edit && check.data ? check.data.subject : draft.subject}
          body={edit && check.data ? check.data.body : draft.body}
          showText={open && canReview}
          checking={Boolean(edit) && (check.settling || check.isFetching)}
          failed={check.isError ? check.error.message : null}
        />
      </details>
      <DecisionDialogs decision={decision} leadLabel={leadLabel} />
    </div>
  );
});
