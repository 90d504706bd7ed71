"use client";

import Link from "next/link";
import { fieldStyles } from "@/components/ui/styles";
import { optionLabel, type PinOption } from "@/lib/packs/pin-label";

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

/**
 * A stage's pin: built-in versions and the workspace's forks, written "name[@ws]:version". Each
 * option names its version, production or workspace default, and for a fork where a reviewer
 * approved a prompt set holding it, or "not approved"; the chosen fork's state shows below, with links.
 */
export function PinSelect({ id, options, value, onChange, emptyLabel, error }: PinSelectProps) {
  const builtIn = options.filter((option) => !option.fork);
  const forks = options.filter((option) => option.fork);
  const chosen = options.find((option) => option.pin === value);
  const described = [error ? `${id}-error` : null, chosen?.fork ? `${id}-state` : null].filter(Boolean).join(" ");
  return (
    <>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={`${fieldStyles.input} text-[13px]`}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
      >
        {emptyLabel !== undefined ? <option value="">{emptyLabel}</option> : null}
        <optgroup label="Built-in">
          {builtIn.map((option) => (
            <option key={option.pin} value={option.pin}>
              {optionLabel(option)}
            </option>
          ))}
        </optgroup>
        {forks.length ? (
          <optgroup label="Forks (runs need a reviewer’s approval of their prompt set)">
            {forks.map((option) => (
              <option key={option.pin} value={option.pin}>
                {optionLabel(option)}
              </option>
            ))}
          </optgroup>
        ) : null}
      </select>
      {chosen?.fork ? <ForkState id={`${id}-state`} option={chosen} /> : null}
    </>
  );
}

/** The chosen fork's approvals, each linked to the campaign or pack page where it was given. */
function ForkState({ id, option }: { id: string; option: PinOption }) {
  if (option.approvals.length === 0) {
    return (
      <p id={id} className="mt-1 text-xs text-amber-800" data-testid="pin-approval">
        Not approved: no reviewer has approved a prompt set holding this fork, so runs that use it are refused until one does.
      </p>
    );
  }
  return (
    <p id={id} className="mt-1 text-xs text-slate-600" data-testid="pin-approval">
      Approved for{" "}
      {option.approvals.map((approval, index) => (
        <span key={`${approval.href}-${approval.runPins}`}>
          {index > 0 ? ", " : null}
          {approval.scope}{" "}
          <Link href={approval.href} className="text-indigo-700 hover:underline">
            {approval.name}
          </Link>
          {approval.runPins ? " (with run pins)" : null}
        </span>
      ))}
      . A run is accepted when its whole prompt set is one a reviewer approved.
    </p>
  );
}
