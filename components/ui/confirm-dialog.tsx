"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";
import { buttonStyles } from "@/components/ui/styles";

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  tone?: "danger" | "primary";
  pending?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * A modal confirmation on the native <dialog>: the browser traps focus inside, Escape cancels, and
 * focus goes back to what opened it on close. The first field has the initial focus (so typing goes
 * into it, never into a button: a space would press it); without a field, Cancel (the safe choice).
 */
export function ConfirmDialog({ open, title, children, confirmLabel, tone = "danger", pending = false, error, onConfirm, onCancel }: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      const field = dialog.querySelector<HTMLElement>("input:not([type=hidden]), textarea, select");
      (field ?? cancelRef.current)?.focus();
    } else if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        event.preventDefault();
        if (!pending) onCancel();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/40"
    >
      <div className="p-5">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        <div id={bodyId} className="mt-2 text-sm text-slate-600">
          {children}
        </div>
        {error ? (
          <p role="alert" className="mt-3 rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800">
            {error}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col-reverse gap-2 border-t border-slate-100 bg-slate-50 px-5 py-3 sm:flex-row sm:justify-end">
        <button ref={cancelRef} type="button" className={buttonStyles.secondary} onClick={onCancel} disabled={pending}>
          Cancel
        </button>
        <button type="button" className={tone === "danger" ? buttonStyles.danger : buttonStyles.primary} onClick={onConfirm} disabled={pending}>
          {pending ? "Working…" : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
