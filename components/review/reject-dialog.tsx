"use client";

import { ReasonDialog } from "@/components/ui/reason-dialog";

type RejectDialogProps = {
  open: boolean;
  leadLabel: string;
  pending: boolean;
  error: string | null;
  onReject: (reason: string) => void;
  onCancel: () => void;
};

/** Reject with a reason (required: it goes into draft.rejected and the audit log). */
export function RejectDialog({ open, leadLabel, pending, error, onReject, onCancel }: RejectDialogProps) {
  return (
    <ReasonDialog
      open={open}
      title="Reject this draft?"
      confirmLabel="Reject draft"
      label="Reason"
      placeholder="Wrong tone, wrong person, …"
      missingText="Say why, so the next reviewer and the audit log know."
      pending={pending}
      error={error}
      onConfirm={onReject}
      onCancel={onCancel}
    >
      <p>
        The email to <span className="font-medium text-slate-900">{leadLabel}</span> is not sent, and the lead ends rejected in its run.
      </p>
    </ReasonDialog>
  );
}
