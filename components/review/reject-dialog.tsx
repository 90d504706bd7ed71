"use client";

import { useId, useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { fieldStyles } from "@/components/ui/styles";

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
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);
  const id = useId();
  return (
    <ConfirmDialog
      open={open}
      title="Reject this draft?"
      confirmLabel="Reject draft"
      pending={pending}
      error={error}
      onCancel={() => {
        setMissing(false);
        onCancel();
      }}
      onConfirm={() => {
        if (!reason.trim()) return setMissing(true);
        onReject(reason.trim());
      }}
    >
      <p>
        The email to <span className="font-medium text-slate-900">{leadLabel}</span> is not sent, and the lead ends rejected in its run.
      </p>
      <label htmlFor={id} className={`${fieldStyles.label} mt-3`}>
        Reason
      </label>
      <textarea
        id={id}
        rows={3}
        value={reason}
        maxLength={2000}
        aria-invalid={missing}
        aria-describedby={missing ? `${id}-error` : undefined}
        onChange={(event) => {
          setReason(event.target.value);
          setMissing(false);
        }}
        className={fieldStyles.input}
        placeholder="Wrong tone, wrong person, …"
      />
      {missing ? (
        <p id={`${id}-error`} className={fieldStyles.error}>
          Say why, so the next reviewer and the audit log know.
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
