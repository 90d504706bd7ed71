"use client";

import { checkSentence } from "@/components/review/check-words";
import { ReasonDialog } from "@/components/ui/reason-dialog";
import type { Check } from "@/lib/review-checks/types";

type OverrideDialogProps = {
  open: boolean;
  checks: Check[];
  pending: boolean;
  error: string | null;
  onApprove: (reason: string) => void;
  onCancel: () => void;
};

/** A draft with a block check (409 draft_blocked): approve it anyway with a reason, kept in the audit log. */
export function OverrideDialog({ open, checks, pending, error, onApprove, onCancel }: OverrideDialogProps) {
  return (
    <ReasonDialog
      open={open}
      title="Approve despite blocking checks?"
      confirmLabel="Approve with this reason"
      tone="primary"
      label="Override reason"
      placeholder="The figure is from our call notes, …"
      missingText="Say why, so the audit log keeps it."
      enterHint="Enter approves with this reason; Shift+Enter starts a new line."
      pending={pending}
      error={error}
      onConfirm={onApprove}
      onCancel={onCancel}
    >
      <p>This draft has checks that block approval. Edit it clear, or say why it may go as it is:</p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {checks.map((check, index) => (
          <li key={index}>{checkSentence(check)}</li>
        ))}
      </ul>
    </ReasonDialog>
  );
}
