"use client";

import { useId, useState, type ReactNode } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { fieldStyles } from "@/components/ui/styles";

type ReasonDialogProps = {
  open: boolean;
  title: string;
  confirmLabel: string;
  tone?: "danger" | "primary";
  /** What the decision does, above the field. */
  children: ReactNode;
  label: string;
  placeholder: string;
  /** Said when the reason is left empty: why one is asked for. */
  missingText: string;
  /** When given, Enter confirms with the reason typed (a reason is a sentence), Shift+Enter starts a new line, and this hint says so. */
  enterHint?: string;
  pending: boolean;
  error: string | null;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
};

/** A decision that needs a reason (kept in its event and the audit log): the reason is required and trimmed. */
export function ReasonDialog({
  open,
  title,
  confirmLabel,
  tone,
  children,
  label,
  placeholder,
  missingText,
  enterHint,
  pending,
  error,
  onConfirm,
  onCancel,
}: ReasonDialogProps) {
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);
  const id = useId();
  const confirm = () => {
    if (!reason.trim()) return setMissing(true);
    onConfirm(reason.trim());
  };
  const describedBy = [missing ? `${id}-error` : null, enterHint ? `${id}-hint` : null].filter(Boolean).join(" ");
  return (
    <ConfirmDialog
      open={open}
      title={title}
      confirmLabel={confirmLabel}
      tone={tone}
      pending={pending}
      error={error}
      onCancel={() => {
        setMissing(false);
        onCancel();
      }}
      onConfirm={confirm}
    >
      {children}
      <label htmlFor={id} className={`${fieldStyles.label} mt-3`}>
        {label}
      </label>
      <textarea
        id={id}
        rows={3}
        value={reason}
        maxLength={2000}
        aria-invalid={missing}
        aria-describedby={describedBy || undefined}
        onChange={(event) => {
          setReason(event.target.value);
          setMissing(false);
        }}
        onKeyDown={(event) => {
          if (!enterHint || event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
          event.preventDefault();
          if (!pending) confirm();
        }}
        className={fieldStyles.input}
        placeholder={placeholder}
      />
      {enterHint ? (
        <p id={`${id}-hint`} className={fieldStyles.hint}>
          {enterHint}
        </p>
      ) : null}
      {missing ? (
        <p id={`${id}-error`} className={fieldStyles.error}>
          {missingText}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
