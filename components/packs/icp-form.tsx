"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { queryKeys } from "@/components/data/query-keys";
import { webApi, WebApiError } from "@/components/data/web-api";
import { REQUIRED_LABELS, SENIORITY_LABELS } from "@/components/packs/icp-rules";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/states";
import { buttonStyles, fieldStyles } from "@/components/ui/styles";
import { REQUIRABLE_FIELDS, SENIORITY_LEVELS, type RequirableField, type SeniorityLevel } from "@/lib/icp/icp-fields";
import type { PackJson } from "@/lib/packs/present-pack";

// A workspace pack's targeting, edited by an admin: PATCH /api/web/packs/{slug} `icp` (as
// PATCH /v1/packs/{slug}). Lists are one entry per line; the server checks every rule and names a
// malformed one, shown under its field ("Line 2: …" for an entry of a list).

type Icp = PackJson["icp"];
type WeightKey = keyof Icp["weights"];
const WEIGHTS: [WeightKey, string][] = [
  ["title", "Title"],
  ["industry", "Industry"],
  ["employees", "Company size"],
  ["country", "Country"],
  ["signals", "Buying signals"],
];

type FormState = {
  include: string;
  exclude: string;
  seniority: SeniorityLevel[];
  industries: string;
  min: string;
  max: string;
  countries: string;
  required: RequirableField[];
  weights: Record<WeightKey, string>;
  minScore: string;
};

function toForm(icp: Icp): FormState {
  return {
    include: icp.titles.include.join("\n"),
    exclude: icp.titles.exclude.join("\n"),
    seniority: [...icp.seniority],
    industries: icp.industries.join("\n"),
    min: icp.employees.min === null ? "" : String(icp.employees.min),
    max: icp.employees.max === null ? "" : String(icp.employees.max),
    countries: icp.countries.join(", "),
    required: [...icp.required],
    weights: Object.fromEntries(WEIGHTS.map(([key]) => [key, String(icp.weights[key])])) as Record<WeightKey, string>,
    minScore: String(icp.min_score),
  };
}

const lines = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
// An empty box is "no limit" (null); anything else goes as a number, so the server judges it (NaN goes as null and is refused where required).
const number = (text: string) => (text.trim() === "" ? null : Number(text));

function toIcp(form: FormState): unknown {
  return {
    titles: { include: lines(form.include), exclude: lines(form.exclude) },
    seniority: SENIORITY_LEVELS.filter((level) => form.seniority.includes(level)),
    industries: lines(form.industries),
    employees: { min: number(form.min), max: number(form.max) },
    countries: form.countries
      .split(/[\s,;]+/)
      .filter(Boolean)
      .map((code) => code.toUpperCase()),
    required: REQUIRABLE_FIELDS.filter((field) => form.required.includes(field)),
    weights: Object.fromEntries(WEIGHTS.map(([key]) => [key, number(form.weights[key]) ?? 0])),
    min_score: number(form.minScore),
  };
}

/** The message the server gave for a field (or an entry of it), e.g. "Line 2: An entry is empty." */
function messageFor(error: WebApiError | null, path: string): string | undefined {
  const found = error?.fieldErrors.find((e) => e.path === path || e.path.startsWith(`${path}.`));
  if (!found) return undefined;
  const entry = /^\.(\d+)$/.exec(found.path.slice(path.length));
  return entry ? `Entry ${Number(entry[1]) + 1}: ${found.message}` : found.message;
}

export function IcpForm({ pack }: { pack: PackJson }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [form, setForm] = useState<FormState>(() => toForm(pack.icp));
  const save = useMutation({
    mutationFn: () => webApi<PackJson>(`/packs/${pack.slug}`, { method: "PATCH", body: { icp: toIcp(form) } }),
    onSuccess: (updated) => {
      setForm(toForm(updated.icp));
      queryClient.setQueryData(queryKeys.packs.detail(pack.slug), (old: object | undefined) => ({ ...old, ...updated }));
      void queryClient.invalidateQueries({ queryKey: queryKeys.packs.all });
    },
  });
  const error = save.error instanceof WebApiError ? save.error : null;
  const errorFor = (path: string) => messageFor(error, `icp.${path}`);
  const set = (key: "include" | "exclude" | "industries" | "min" | "max" | "countries" | "minScore") => (event: { target: { value: string } }) => {
    save.reset();
    setForm((current) => ({ ...current, [key]: event.target.value }));
  };
  const toggle = <K extends "seniority" | "required">(key: K, value: FormState[K][number]) => {
    save.reset();
    setForm((current) => {
      const list = current[key] as string[];
      return { ...current, [key]: list.includes(value) ? list.filter((item) => item !== value) : [...list, value] };
    });
  };
  const described = (field: string, message: string | undefined, hint = true) => ({
    "aria-invalid": message ? true : undefined,
    "aria-describedby": message ? `${id}-${field}-error` : hint ? `${id}-${field}-hint` : undefined,
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate();
  }

  const textList = (field: "include" | "exclude" | "industries", path: string, label: string, hint: string) => (
    <Field id={`${id}-${field}`} label={label} hint={hint} error={errorFor(path)}>
      <textarea id={`${id}-${field}`} rows={3} value={form[field]} onChange={set(field)} className={fieldStyles.input} {...described(field, errorFor(path))} />
    </Field>
  );
  const checkboxes = <K extends "seniority" | "required">(
    key: K,
    legend: string,
    hint: string,
    values: readonly FormState[K][number][],
    labels: Record<string, string>,
  ) => {
    const message = errorFor(key);
    return (
      <fieldset aria-describedby={message ? `${id}-${key}-error` : `${id}-${key}-hint`}>
        <legend className={fieldStyles.label}>{legend}</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {values.map((value) => (
            <label key={value} className="flex items-center gap-1.5 text-sm text-slate-700">
              <input type="checkbox" checked={(form[key] as string[]).includes(value)} onChange={() => toggle(key, value)} className="accent-indigo-600" />
              {labels[value]}
            </label>
          ))}
        </div>
        {message ? (
          <p id={`${id}-${key}-error`} className={fieldStyles.error}>
            {message}
          </p>
        ) : (
          <p id={`${id}-${key}-hint`} className={fieldStyles.hint}>
            {hint}
          </p>
        )}
      </fieldset>
    );
  };

  return (
    <form onSubmit={submit} aria-label="Targeting" noValidate className="space-y-4">
      <div className="grid gap-4 md:grid-cols-2">
        {textList("include", "titles.include", "Titles to target", "One per line, e.g. Practice Manager. A title containing one of them matches.")}
        {textList("exclude", "titles.exclude", "Titles to leave out", "One per line; a lead with one of these scores 0.")}
      </div>
      {checkboxes("seniority", "Seniority", "None ticked: any level. Read from the title (Owner, Director, Manager…).", SENIORITY_LEVELS, SENIORITY_LABELS)}
      {textList("industries", "industries", "Industries", "One per line, e.g. Dental. Empty: any industry.")}
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id={`${id}-min`} label="Smallest company (employees)" hint="Empty: no lower limit." error={errorFor("employees.min")}>
          <input
            id={`${id}-min`}
            type="number"
            inputMode="numeric"
            min={0}
            value={form.min}
            onChange={set("min")}
            className={fieldStyles.input}
            {...described("min", errorFor("employees.min"))}
          />
        </Field>
        <Field id={`${id}-max`} label="Largest company (employees)" hint="Empty: no upper limit." error={errorFor("employees.max")}>
          <input
            id={`${id}-max`}
            type="number"
            inputMode="numeric"
            min={1}
            value={form.max}
            onChange={set("max")}
            className={fieldStyles.input}
            {...described("max", errorFor("employees.max"))}
          />
        </Field>
        <Field id={`${id}-countries`} label="Countries" hint="Two-letter codes, e.g. US, GB. Empty: anywhere." error={errorFor("countries")}>
          <input
            id={`${id}-countries`}
            value={form.countries}
            onChange={set("countries")}
            autoComplete="off"
            spellCheck={false}
            className={`${fieldStyles.input} font-mono`}
            {...described("countries", errorFor("countries"))}
          />
        </Field>
      </div>
      {checkboxes("required", "Required fields", "A lead without one of these scores 0.", REQUIRABLE_FIELDS, REQUIRED_LABELS)}
      <fieldset aria-describedby={errorFor("weights") ? `${id}-weights-error` : `${id}-weights-hint`}>
        <legend className={fieldStyles.label}>Weights</legend>
        <div className="mt-1 grid grid-cols-2 gap-3 sm:grid-cols-5">
          {WEIGHTS.map(([key, label]) => (
            <Field key={key} id={`${id}-w-${key}`} label={label} error={errorFor(`weights.${key}`)}>
              <input
                id={`${id}-w-${key}`}
                type="number"
                inputMode="numeric"
                min={0}
                max={100}
                value={form.weights[key]}
                onChange={(event) => {
                  save.reset();
                  setForm((current) => ({ ...current, weights: { ...current.weights, [key]: event.target.value } }));
                }}
                className={fieldStyles.input}
                {...described(`w-${key}`, errorFor(`weights.${key}`), false)}
              />
            </Field>
          ))}
        </div>
        {errorFor("weights") && !WEIGHTS.some(([key]) => errorFor(`weights.${key}`)) ? (
          <p id={`${id}-weights-error`} className={fieldStyles.error}>
            {errorFor("weights")}
          </p>
        ) : (
          <p id={`${id}-weights-hint`} className={fieldStyles.hint}>
            How much each criterion counts towards the score.
          </p>
        )}
      </fieldset>
      <div className="sm:max-w-xs">
        <Field id={`${id}-minScore`} label="Minimum score" hint="0–100: a lead qualifies at this score or more." error={errorFor("min_score")}>
          <input
            id={`${id}-minScore`}
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            value={form.minScore}
            onChange={set("minScore")}
            className={fieldStyles.input}
            {...described("minScore", errorFor("min_score"))}
          />
        </Field>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonStyles.primary} disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save targeting"}
        </button>
        <span aria-live="polite">
          {save.isSuccess ? <Notice tone="success">Targeting saved. Runs started from now on qualify leads against it.</Notice> : null}
          {error?.fieldErrors.length ? <Notice tone="error">Not saved: see the marked fields.</Notice> : null}
          {save.error && !error?.fieldErrors.length ? <Notice tone="error">{save.error.message}</Notice> : null}
        </span>
      </div>
    </form>
  );
}
