"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { webApi, WebApiError } from "@/components/data/web-api";
import { OverrideDialog } from "@/components/review/override-dialog";
import { RejectDialog } from "@/components/review/reject-dialog";
import type { Check } from "@/lib/review-checks/types";

// A reviewer's decision on one draft, wherever it is made (the draft page, an answer beside its
// reply in /inbox): Approve with the edits typed (a 409 draft_blocked asks for an override reason,
// contract §13) and Reject with a reason, each through its dialog.

type Edits = { subject?: string; body?: string; override_reason?: string };
type Blocked = { edits: { subject?: string; body?: string }; checks: Check[] };

export function useDraftDecision(draftId: string, handlers: { onApproved: (edits: Edits) => void; onRejected: () => void }) {
  // A 409 draft_blocked: the edits it was for and its blocking checks, until approved with a reason or canceled.
  const [blocked, setBlocked] = useState<Blocked | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const approve = useMutation({
    mutationFn: (edits: Edits) => webApi(`/drafts/${draftId}/approve`, { method: "POST", body: edits }),
    onError: (error, edits) => {
      if (error instanceof WebApiError && error.code === "draft_blocked" && !edits.override_reason) {
        const checks = Array.isArray(error.problem.checks) ? (error.problem.checks as Check[]) : [];
        setBlocked({ edits: { subject: edits.subject, body: edits.body }, checks });
      }
    },
    onSuccess: (_draft, edits) => {
      setBlocked(null);
      setRejecting(false);
      handlers.onApproved(edits);
    },
  });
  const reject = useMutation({
    mutationFn: (reason: string) => webApi(`/drafts/${draftId}/reject`, { method: "POST", body: { reason } }),
    onSuccess: () => {
      setRejecting(false);
      handlers.onRejected();
    },
  });
  const isBlock = (error: Error | null) => error instanceof WebApiError && error.code === "draft_blocked";
  return {
    approve,
    reject,
    blocked,
    rejecting,
    pending: approve.isPending || reject.isPending,
    /** The approval's error for the editor: a draft_blocked one is the override dialog's business. */
    editorError: isBlock(approve.error) ? null : approve.error,
    startReject: () => {
      reject.reset();
      setRejecting(true);
    },
    cancelBlocked: () => setBlocked(null),
    cancelReject: () => setRejecting(false),
  };
}

export type DraftDecision = ReturnType<typeof useDraftDecision>;

/** The override-reason and Reject dialogs of a decision. */
export function DecisionDialogs({ decision, leadLabel }: { decision: DraftDecision; leadLabel: string }) {
  const { approve, reject, blocked } = decision;
  // The override's own failure shows in its dialog; the first 409 that opened it does not.
  const firstBlock = approve.error instanceof WebApiError && approve.error.code === "draft_blocked" && !approve.variables?.override_reason;
  const overrideError = approve.isError && blocked && !firstBlock ? approve.error.message : null;
  return (
    <>
      <OverrideDialog
        key={blocked ? "blocked" : "none"}
        open={blocked !== null}
        checks={blocked?.checks ?? []}
        pending={approve.isPending}
        error={overrideError}
        onCancel={decision.cancelBlocked}
        onApprove={(reason) => blocked && approve.mutate({ ...blocked.edits, override_reason: reason })}
      />
      <RejectDialog
        open={decision.rejecting}
        leadLabel={leadLabel}
        pending={reject.isPending}
        error={reject.isError ? reject.error.message : null}
        onCancel={decision.cancelReject}
        onReject={(reason) => reject.mutate(reason)}
      />
    </>
  );
}
