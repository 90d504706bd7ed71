"use client";

import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { queryKeys } from "@/components/data/query-keys";
import { useDraft, useDraftCheck } from "@/components/data/queries/review";
import { DraftChecks } from "@/components/review/draft-checks";
import { HighlightedText } from "@/components/review/highlighted-text";
import { numberChecks } from "@/components/review/draft-checks";
import { DecisionDialogs, useDraftDecision } from "@/components/review/draft-decision";
import { versionHref } from "@/components/prompts/prompt-text";
import { RelayWarning } from "@/components/relay/relay-warning";
import { DraftEditor } from "@/components/review/draft-editor";
import { DraftThread } from "@/components/review/draft-thread";
import { FromLine } from "@/components/review/from-line";
import { StepLine } from "@/components/review/step-line";
import { canceledWords, stepWords, waitWords } from "@/components/review/step-words";
import { SendState } from "@/components/review/send-state";
import { AddToEvalSet } from "@/components/review/add-to-eval-set";
import { approvalWords } from "@/components/review/approval-notice";
import { LeadPanel } from "@/components/review/lead-panel";
import type { DraftDetail } from "@/components/review/types";
import { UndoList, useUndoableApprovals } from "@/components/review/undo-approvals";
import { TraceList } from "@/components/runs/trace-list";
import { QueryState } from "@/components/ui/query-state";
import { Notice } from "@/components/ui/states";
import { StatusBadge } from "@/components/ui/status-badge";
import { cardStyles } from "@/components/ui/styles";
import { Time } from "@/components/ui/time";
import { DRAFT_STATUS } from "@/lib/statuses";
import { RUN_LEAD_STATE } from "@/lib/states/run-lead";
import { useWaitsForRelay } from "@/components/relay/waits-for-relay";

function Decision({ detail, canReview }: { detail: DraftDetail; canReview: boolean }) {
  const { draft, reviewer, send } = detail;
  const checks = numberChecks(draft.checks, "draft");
  return (
    <div className="space-y-3 p-4">
      {draft.status === DRAFT_STATUS.awaiting_review || (draft.status === DRAFT_STATUS.canceled && !draft.reviewed_at) ? null : (
        <dl className="grid grid-cols-[6rem_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          <dt className="text-slate-500">Reviewed by</dt>
          <dd className="text-slate-900">{reviewer ? `${reviewer.name} (${reviewer.email})` : "—"}</dd>
          <dt className="text-slate-500">When</dt>
          <dd className="text-slate-900">
            <Time iso={draft.reviewed_at} />
          </dd>
          {draft.status !== DRAFT_STATUS.rejected ? (
            <>
              <dt className="text-slate-500">Edited</dt>
              <dd className="text-slate-900">{draft.edited ? "Yes, approved with edits" : "No, approved as written"}</dd>
            </>
          ) : null}
          {draft.reject_reason ? (
            <>
              <dt className="text-slate-500">Reason</dt>
              <dd className="break-words text-slate-900">{draft.reject_reason}</dd>
            </>
          ) : null}
          {send || draft.status === DRAFT_STATUS.approved ? (
            <>
              <dt className="text-slate-500">Sending</dt>
              <dd className="text-slate-900">
                <SendState detail={detail} canRetry={canReview} />
              </dd>
            </>
          ) : null}
        </dl>
      )}
      <div>
        <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">Subject</p>
        <HighlightedText
          as="p"
          text={draft.subject}
          field="subject"
          evidence={draft.evidence}
          checks={checks}
          idPrefix="subject"
          className="mt-0.5 break-words font-medium text-slate-900"
          testId="draft-subject"
        />
      </div>
      <div>
        <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">Body</p>
        <HighlightedText
          text={draft.body}
          field="body"
          evidence={draft.evidence}
          checks={checks}
          idPrefix="body"
          className="mt-1 whitespace-pre-wrap break-words rounded-md bg-slate-50 p-3 font-sans text-sm leading-relaxed text-slate-800"
          testId="draft-body"
        />
      </div>
      {canReview && (draft.status === DRAFT_STATUS.rejected || draft.edited) ? (
        <AddToEvalSet draftId={draft.id} rejected={draft.status === DRAFT_STATUS.rejected} />
      ) : null}
    </div>
  );
}

export function DraftReview({ id, canReview, undoWindowMs }: { id: string; canReview: boolean; undoWindowMs: number }) {
  const queryClient = useQueryClient();
  const [done, setDone] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const [approvedHere, setApprovedHere] = useState<{ edited: boolean; sends: boolean } | null>(null);
  const detail = useDraft(id);
  // The reviewer's text while it differs from the draft's: checked again as they type (debounced).
  const [edit, setEdit] = useState<{ subject: string; body: string } | null>(null);
  const check = useDraftCheck(id, edit);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.review.draft(id) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.review.all });
  };
  // A web approval waits the undo window (undoWindowMs) before it is sent (lib/sending/send-window.ts): Undo until then.
  const undoable = useUndoableApprovals(refresh, undoWindowMs);
  const waitsForRelay = useWaitsForRelay();
  const decision = useDraftDecision(id, {
    onApproved: (edits) => {
      setDone(null);
      refresh();
      // approveDraft sends only while the lead waits in its run (not after stop_after draft_email).
      const sends = detail.data?.run_lead.state === RUN_LEAD_STATE.awaiting_review;
      setApprovedHere({ edited: edits.subject !== undefined, sends });
      undoable.add([id], "this draft", { sends, waits: sends && waitsForRelay(detail.data?.from) });
    },
    onRejected: () => {
      setDone({ tone: "success", text: "Rejected. The email will not be sent." });
      refresh();
    },
  });

  if (!detail.isSuccess) return <QueryState query={detail} frame={cardStyles} loading="Loading the draft…" failed="The draft could not be loaded." />;

  const { draft, lead, traces, run_lead: runLead } = detail.data;
  const leadName = [lead.first_name, lead.last_name].filter(Boolean).join(" ") || lead.email;
  const open = draft.status === DRAFT_STATUS.awaiting_review;
  const undoWindow = undoable.items.find((item) => item.ids.includes(id));
  const secondsLeft = undoWindow ? Math.max(0, Math.ceil((undoWindow.until - undoable.now) / 1000)) : null;
  const approvedNotice = approvedHere ? approvalWords(detail.data, approvedHere, secondsLeft, !waitsForRelay(detail.data.from)) : null;
  const step = stepWords(draft.step, detail.data.steps);
  const wait = waitWords(draft.step, detail.data.step_wait);
  const hasThread = detail.data.thread.length + detail.data.replies.length > 0;
  return (
    <div className="space-y-4">
      {open || draft.status === DRAFT_STATUS.approved ? <RelayWarning /> : null}
      <div aria-live="polite" className="space-y-2">
        {done ? (
          <Notice tone={done.tone}>
            {done.text}{" "}
            <Link href="/review" className="font-medium underline">
              Back to the queue
            </Link>
          </Notice>
        ) : null}
        {approvedNotice ? (
          <Notice tone="success">
            <span data-testid="approval-notice">{approvedNotice}</span>{" "}
            <Link href="/review" className="font-medium underline">
              Back to the queue
            </Link>
          </Notice>
        ) : null}
        <UndoList
          items={undoable.items}
          now={undoable.now}
          onUndo={(item) =>
            void undoable
              .undo(item)
              .then(({ failed }) => {
                if (!failed.length) setApprovedHere(null);
                return failed;
              })
              .then((failed) =>
                setDone(
                  failed.length
                    ? { tone: "error", text: `The approval could not be undone: ${failed[0]}` }
                    : { tone: "success", text: "Approval undone: nothing was sent, and the draft awaits review again." },
                ),
              )
          }
        />
      </div>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        {hasThread ? (
          <div className="lg:col-start-1 lg:row-start-1">
            <DraftThread detail={detail.data} leadName={leadName} />
          </div>
        ) : null}
        <section aria-labelledby="email-heading" className={`${cardStyles} lg:col-start-1 ${hasThread ? "lg:row-start-2" : "lg:row-start-1"}`}>
          <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
            <h2 id="email-heading" className="text-base font-semibold text-slate-900">
              Email to {leadName}
            </h2>
            <StatusBadge state={draft.status} />
          </div>
          <StepLine step={step} wait={wait} className="border-b border-slate-100 px-4 py-2 text-sm text-slate-700" testId="draft-step" />
          {draft.status === DRAFT_STATUS.canceled ? (
            <p role="status" className="border-b border-slate-100 bg-amber-50 px-4 py-2 text-sm font-medium text-amber-900" data-testid="draft-canceled">
              {canceledWords(detail.data.sequence?.ended_reason ?? null)}
            </p>
          ) : null}
          <FromLine from={detail.data.from} className="px-4 pt-2 text-xs text-slate-600" />
          <p className="border-b border-slate-100 px-4 py-2 text-xs text-slate-600">
            To <span className="font-medium text-slate-800">{lead.email}</span> · drafted <Time iso={draft.created_at} mode="relative" />
            {draft.prompt ? (
              <>
                {" "}
                · written by{" "}
                <Link href={versionHref(draft.prompt.name, draft.prompt.version)} className="font-medium text-indigo-700 hover:underline">
                  {draft.prompt.name} {draft.prompt.version}
                </Link>
              </>
            ) : null}
            {" · "}run{" "}
            <Link href={`/runs/${draft.run_id}`} className="font-medium text-indigo-700 hover:underline">
              {detail.data.run.name}
            </Link>
          </p>
          {open && canReview ? (
            <DraftEditor
              subject={draft.subject}
              body={draft.body}
              pending={decision.pending}
              error={decision.editorError}
              onApprove={(edits) => decision.approve.mutate(edits)}
              onChange={(text) => setEdit(text.subject === draft.subject && text.body === draft.body ? null : text)}
              onReject={decision.startReject}
            />
          ) : (
            <>
              {open ? <p className="px-4 pt-4 text-sm text-slate-600">This draft awaits a reviewer. Approving and rejecting need the reviewer role.</p> : null}
              <Decision detail={detail.data} canReview={canReview} />
            </>
          )}
          {runLead.reason && runLead.reason.code !== "draft_rejected" && !open ? (
            <p className="border-t border-slate-100 px-4 py-2 text-xs text-slate-600">
              Lead in its run: {runLead.state}, {runLead.reason.message}
            </p>
          ) : null}
        </section>
        <aside className={`space-y-4 lg:col-start-2 lg:row-start-1 ${hasThread ? "lg:row-span-3" : "lg:row-span-2"}`} aria-label="The lead">
          <LeadPanel lead={lead} />
        </aside>
        <section aria-labelledby="checks-heading" className={`${cardStyles} lg:col-start-1`}>
          <h2 id="checks-heading" className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-900">
            Checks and sources
          </h2>
          <DraftChecks
            review={edit && check.data ? check.data : draft}
            subject={edit && check.data ? check.data.subject : draft.subject}
            body={edit && check.data ? check.data.body : draft.body}
            showText={open && canReview}
            checking={Boolean(edit) && (check.settling || check.isFetching)}
            failed={check.isError ? check.error.message : null}
            spam={draft.spam_score}
            edited={Boolean(edit && check.data)}
          />
        </section>
        <section aria-labelledby="trace-heading" className={`${cardStyles} p-4 lg:col-start-1`}>
          <h2 id="trace-heading" className="mb-3 text-base font-semibold text-slate-900">
            Trace in this run
          </h2>
          <TraceList traces={traces} />
        </section>
      </div>
      <DecisionDialogs decision={decision} leadLabel={leadName} />
    </div>
  );
}
