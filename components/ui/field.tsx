import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";
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

/** An input's other attributes (type, required, maxLength, placeholder…). */
export type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "value" | "onChange">;

type TextFieldProps = { id: string; label: string; value: string; onChange: (value: string) => void; error?: string; hint?: string } & InputProps;

/** A labelled text input in a `Field`: marked invalid and described by its error, or described by its hint. */
export function TextField({ id, label, value, onChange, error, hint, ...props }: TextFieldProps) {
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={fieldStyles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...props}
      />
    </Field>
  );
}

type TextAreaFieldProps = { id: string; label: string; value: string; onChange: (value: string) => void; error?: string; hint?: string } & Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  "id" | "value" | "onChange"
>;

/** A labelled textarea in a `Field`, described by its error or hint like `TextField`. */
export function TextAreaField({ id, label, value, onChange, error, hint, rows = 3, ...props }: TextAreaFieldProps) {
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <textarea
        id={id}
        value={value}
        rows={rows}
        onChange={(event) => onChange(event.target.value)}
        className={fieldStyles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...props}
      />
    </Field>
  );
}
