"use client";

import { useState } from "react";
import { StepForkPreview } from "@/components/campaigns/step-fork-preview";
import { forkAnchor } from "@/components/campaigns/campaign-steps";
import { PinSelect } from "@/components/packs/pin-select";
import { buttonStyles, fieldStyles } from "@/components/ui/styles";
import { WAIT_UNITS, waitIso, waitWords, type StepDraft, type WaitUnit } from "@/lib/campaigns/step-form";
import type { PinOption } from "@/lib/packs/pin-label";
import { STAGE } from "@/lib/states/stages";

export type StepErrors = { wait?: string; prompt?: string };

type Props = {
  idPrefix: string;
  draft: StepDraft;
  /** Its place in the sequence (2 and up: step 1 is the first email). */
  number: number;
  last: boolean;
  errors: StepErrors;
  options: PinOption[];
  /** The step's fork is saved on this step: its diff and evaluation are further down the page. */
  savedFork: boolean;
  canEvaluate: boolean;
  onEdit: (patch: Partial<StepDraft>, field: keyof StepErrors) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
};

const small = buttonStyles.quiet.replace("px-2.5 py-1.5", "px-2 py-1");

/** One follow-up in the step editor: move and remove buttons, its wait (number and unit) and its follow_up version. */
export function StepEditorRow({ idPrefix, draft, number, last, errors, options, savedFork, canEvaluate, onEdit, onMove, onRemove }: Props) {
  const [showFork, setShowFork] = useState(false);
  const words = waitWords(draft.amount, draft.unit);
  const iso = waitIso(draft.amount, draft.unit);
  const workspaceDefault = options.find((option) => option.default) ?? options.find((option) => option.production);
  const fork = options.find((option) => option.pin === draft.prompt && option.fork);
  const waitDescribedBy = [`${idPrefix}-wait-words`, errors.wait ? `${idPrefix}-wait-error` : null].filter(Boolean).join(" ");
  return (
    <li aria-labelledby={`${idPrefix}-heading`} className="py-4" data-testid="step-row">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${idPrefix}-heading`} className="text-sm font-semibold text-slate-900">
          Step {number} <span className="font-normal text-slate-600">· a follow-up</span>
        </h3>
        <div className="flex flex-wrap gap-1">
          <button id={`${idPrefix}-up`} type="button" className={small} disabled={number === 2} onClick={() => onMove(-1)}>
            <span aria-hidden="true">↑</span> <span className="sr-only sm:not-sr-only">Move </span>up<span className="sr-only"> step {number}</span>
          </button>
          <button id={`${idPrefix}-down`} type="button" className={small} disabled={last} onClick={() => onMove(1)}>
            <span aria-hidden="true">↓</span> <span className="sr-only sm:not-sr-only">Move </span>down<span className="sr-only"> step {number}</span>
          </button>
          <button id={`${idPrefix}-remove`} type="button" className={`${small} text-rose-700 hover:bg-rose-50`} onClick={onRemove}>
            Remove<span className="sr-only"> step {number}</span>
          </button>
        </div>
      </div>
      <div className="mt-2 grid gap-3 md:grid-cols-[minmax(0,17rem)_minmax(0,1fr)]">
        <fieldset className="min-w-0">
          <legend className="text-xs font-medium text-slate-700">Wait after step {number - 1} is sent</legend>
          <div className="flex gap-2">
            <input
              id={`${idPrefix}-wait`}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              value={draft.amount}
              onChange={(event) => onEdit({ amount: event.target.value }, "wait")}
              aria-label={`Wait of step ${number}`}
              aria-invalid={errors.wait ? true : undefined}
              aria-describedby={waitDescribedBy}
              className={`${fieldStyles.input.replace("w-full", "w-24")} shrink-0`}
            />
            <select
              id={`${idPrefix}-unit`}
              value={draft.unit}
              onChange={(event) => onEdit({ unit: event.target.value as WaitUnit }, "wait")}
              aria-label={`Unit of step ${number}’s wait`}
              className={`${fieldStyles.input.replace("w-full", "min-w-0")} flex-1`}
            >
              {WAIT_UNITS.map((entry) => (
                <option key={entry.unit} value={entry.unit}>
                  {entry.label}
                </option>
              ))}
            </select>
          </div>
          <p id={`${idPrefix}-wait-words`} className={fieldStyles.hint} data-testid="wait-words">
            {words ? (
              <>
                Sent {words} after step {number - 1} <span className="font-mono">({iso})</span>
              </>
            ) : (
              "Enter a whole number."
            )}
          </p>
          {errors.wait ? (
            <p id={`${idPrefix}-wait-error`} className={fieldStyles.error}>
              {errors.wait}
            </p>
          ) : null}
        </fieldset>
        <div className="min-w-0">
          <label htmlFor={`${idPrefix}-prompt`} className="block text-xs font-medium text-slate-700">
            Prompt of step {number}
          </label>
          <PinSelect
            id={`${idPrefix}-prompt`}
            options={options}
            value={draft.prompt}
            onChange={(pin) => onEdit({ prompt: pin }, "prompt")}
            emptyLabel="follow_up (workspace default)"
            error={errors.prompt}
          />
          {draft.prompt === "" && workspaceDefault ? (
            <p className={fieldStyles.hint}>
              Today that is {workspaceDefault.name} {workspaceDefault.version}; promoting another follow_up version changes it.
            </p>
          ) : null}
          {errors.prompt ? (
            <p id={`${idPrefix}-prompt-error`} className={fieldStyles.error}>
              {errors.prompt}
            </p>
          ) : null}
        </div>
      </div>
      {fork && savedFork ? (
        <a href={`#${forkAnchor({ stage: STAGE.follow_up, step: number })}`} className="mt-2 inline-block text-xs text-indigo-700 hover:underline">
          A fork: its diff and evaluation are below
        </a>
      ) : fork ? (
        <div className="mt-2">
          <button type="button" className={small} aria-expanded={showFork} aria-controls={`${idPrefix}-fork`} onClick={() => setShowFork(!showFork)}>
            {showFork ? "Hide" : "Show"} this fork’s diff and evaluation
          </button>
          {showFork ? (
            <div id={`${idPrefix}-fork`}>
              <StepForkPreview name={fork.name} version={fork.version} canEvaluate={canEvaluate} />
            </div>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
