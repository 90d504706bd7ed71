"use client";

import { useId, useState } from "react";
import { checkSentence } from "@/components/review/check-words";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { fieldStyles } from "@/components/ui/styles";
import type { Check } from "@/lib/review-checks/types";

/** A draft with a block check (409 draft_blocked): approve it anyway with a reason, kept in the audit log. */
export function OverrideDialog({
  open,
  checks,
  pending,
  error,
  onApprove,
  onCancel,
}: {
  open: boolean;
  checks: Check[];
  pending: boolean;
  error: string | null;
  onApprove: (reason: string) => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);
  const id = useId();
  return (
    <ConfirmDialog
      open={open}
      title="Approve despite blocking checks?"
      confirmLabel="Approve with this reason"
      tone="primary"
      pending={pending}
      error={error}
      onCancel={() => {
        setMissing(false);
        onCancel();
      }}
      onConfirm={() => {
        if (!reason.trim()) return setMissing(true);
        onApprove(reason.trim());
      }}
    >
      <p>This draft has checks that block approval. Edit it clear, or say why it may go as it is:</p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {checks.map((check, index) => (
          <li key={index}>{checkSentence(check)}</li>
        ))}
      </ul>
      <label htmlFor={id} className={`${fieldStyles.label} mt-3`}>
        Override reason
      </label>
      <textarea
        id={id}
        rows={3}
        value={reason}
        maxLength={2000}
        aria-invalid={missing}
        aria-describedby={missing ? `${id}-error ${id}-hint` : `${id}-hint`}
        onChange={(event) => {
          setReason(event.target.value);
          setMissing(false);
        }}
        onKeyDown={(event) => {
          // Enter approves with the reason typed (a reason is a sentence); Shift+Enter starts a new line.
          if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
          event.preventDefault();
          if (pending) return;
          if (!reason.trim()) return setMissing(true);
          onApprove(reason.trim());
        }}
        className={fieldStyles.input}
        placeholder="The figure is from our call notes, …"
      />
      <p id={`${id}-hint`} className={fieldStyles.hint}>
        Enter approves with this reason; Shift+Enter starts a new line.
      </p>
      {missing ? (
        <p id={`${id}-error`} className={fieldStyles.error}>
          Say why, so the audit log keeps it.
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
