"use client";

import { fieldStyles } from "@/components/ui/styles";

type Props = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** A secret is saved already: empty keeps it, and it can be removed. */
  saved: boolean;
  savedPlaceholder: string;
  remove: boolean;
  onRemoveChange: (remove: boolean) => void;
  removeLabel: string;
  maxLength: number;
};

/** A password-type field for a secret the server never shows again (an SMTP password, an API key). */
export function WriteOnlySecret({ id, label, value, onChange, saved, savedPlaceholder, remove, onRemoveChange, removeLabel, maxLength }: Props) {
  return (
    <div>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <input
        id={id}
        type="password"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        maxLength={maxLength}
        autoComplete="new-password"
        disabled={remove}
        placeholder={saved ? savedPlaceholder : ""}
        className={fieldStyles.input}
      />
      {saved ? (
        <label className="mt-1 flex items-center gap-2 text-xs text-slate-600">
          <input type="checkbox" checked={remove} onChange={(event) => onRemoveChange(event.target.checked)} className="accent-indigo-600" />
          {removeLabel}
        </label>
      ) : null}
    </div>
  );
}
