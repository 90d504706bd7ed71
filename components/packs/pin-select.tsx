"use client";

import { fieldStyles } from "@/components/ui/styles";
import type { PinOption } from "@/lib/packs/pin-options";

export { usePinOptions, type PinOptions } from "@/components/data/queries/prompts";

type PinSelectProps = {
  id: string;
  options: PinOption[];
  value: string;
  onChange: (pin: string) => void;
  /** The label of the empty choice ("keep the pack's pin"); without it a pin must be chosen. */
  emptyLabel?: string;
  error?: string;
};

/** A stage's pin: built-in versions and the workspace's forks, written "name[@ws]:version". */
export function PinSelect({ id, options, value, onChange, emptyLabel, error }: PinSelectProps) {
  const builtIn = options.filter((option) => !option.fork);
  const forks = options.filter((option) => option.fork);
  const label = (option: PinOption) => `${option.name} ${option.version}${option.production ? " (production)" : ""}`;
  return (
    <select
      id={id}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className={`${fieldStyles.input} text-[13px]`}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      {emptyLabel !== undefined ? <option value="">{emptyLabel}</option> : null}
      <optgroup label="Built-in">
        {builtIn.map((option) => (
          <option key={option.pin} value={option.pin}>
            {label(option)}
          </option>
        ))}
      </optgroup>
      {forks.length ? (
        <optgroup label="Forks (need a reviewer’s approval in a campaign)">
          {forks.map((option) => (
            <option key={option.pin} value={option.pin}>
              {label(option)}
            </option>
          ))}
        </optgroup>
      ) : null}
    </select>
  );
}
