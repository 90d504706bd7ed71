"use client";

import { useId } from "react";
import { stateLabel } from "@/components/ui/status-badge";
import { fieldStyles } from "@/components/ui/styles";

export type SelectOption = { value: string; label: string };

type Props = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: SelectOption[];
  /** The label of the first choice, value "" (no filter): "All runs". Without it every choice is an option. */
  all?: string;
  /** Long option texts (URLs, run names) are cut with an ellipsis instead of widening the field. */
  truncate?: boolean;
  className?: string;
};

/** A labelled select of a filter bar: the choice of no filter first, then the options. */
export function FilterSelect({ label, value, onChange, options, all, truncate, className }: Props) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={truncate ? `${fieldStyles.input} truncate` : fieldStyles.input}
      >
        {all !== undefined ? <option value="">{all}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Status-like values as options, shown by their labels (lib/states/), or in words ("out_of_office" → "out of office"). */
export const stateOptions = <T extends string>(values: readonly T[], labels?: Readonly<Record<T, string>>): SelectOption[] =>
  values.map((value) => ({ value, label: labels?.[value] ?? stateLabel(value) }));
