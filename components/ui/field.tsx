import type { ReactNode } from "react";
import { fieldStyles } from "@/components/ui/styles";

/**
 * A labelled form control with its error (id `<id>-error`) or hint (id `<id>-hint`) below, for the
 * control's aria-describedby.
 */
export function Field({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className={fieldStyles.error}>
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className={fieldStyles.hint}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
