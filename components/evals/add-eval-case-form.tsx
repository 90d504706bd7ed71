"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState, type FormEvent } from "react";
import { queryKeys } from "@/components/data/query-keys";
import { webApi, WebApiError } from "@/components/data/web-api";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/states";
import { REPLY_CATEGORIES } from "@/lib/reply-categories";
import { buttonStyles, cardStyles, fieldStyles } from "@/components/ui/styles";
import { STAGE, STAGE_LABELS } from "@/lib/states/stages";

// Reviewers add a case to a set (POST /api/web/eval-sets/{id}/cases, as over /v1): what the stage
// is given (a lead, its buying signals, or for track a reply) and what it must answer, in the
// fields that stage needs. The server's field errors show at their fields.

const LEAD_FIELDS = [
  ["title", "Title"],
  ["company", "Company"],
  ["industry", "Industry"],
  ["employees", "Employees"],
  ["country", "Country (2 letters)"],
  ["notes", "Notes"],
] as const;
const EMPTY = {
  name: "",
  title: "",
  company: "",
  industry: "",
  employees: "",
  country: "",
  notes: "",
  intent: "",
  subject: "",
  reply: "",
  qualified: "",
  classification: "",
  mustMention: "",
  openingMentions: "",
  forbidden: "",
  maxWords: "",
  noInventedFacts: false,
  expectedIntent: "",
};
type Form = typeof EMPTY;

const list = (text: string) =>
  text
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
/** A whole number as a number; anything else as typed, for the server to name the field. */
const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : text);

function draftChecks(form: Form) {
  const draft = {
    ...(list(form.mustMention).length ? { must_mention: list(form.mustMention) } : {}),
    ...(list(form.openingMentions).length ? { opening_mentions: list(form.openingMentions) } : {}),
    ...(list(form.forbidden).length ? { forbidden: list(form.forbidden) } : {}),
    ...(form.maxWords.trim() ? { max_words: whole(form.maxWords) } : {}),
    ...(form.noInventedFacts ? { no_invented_facts: true } : {}),
  };
  // No check at all: left out, so the server says a draft case needs one.
  return Object.keys(draft).length ? { draft } : {};
}

/** The body of the request, from the form (empty fields left out). */
function caseBody(stage: string, form: Form) {
  const lead = Object.fromEntries(
    LEAD_FIELDS.map(([key]) => [key, form[key].trim()])
      .filter(([, value]) => value)
      .map(([key, value]) => [key, key === "employees" ? whole(value) : key === "country" ? value.toUpperCase() : value]),
  );
  const intent = list(form.intent);
  const input =
    stage === STAGE.track
      ? { reply: { subject: form.subject, text: form.reply } }
      : { lead, ...(intent.length && stage !== STAGE.extract_signals ? { signals: { intent } } : {}) };
  const expect =
    stage === STAGE.qualify
      ? form.qualified
        ? { qualified: form.qualified === "yes" }
        : {}
      : stage === STAGE.track
        ? form.classification
          ? { classification: form.classification }
          : {}
        : stage === STAGE.extract_signals
          ? { signals: { intent: list(form.expectedIntent) } }
          : draftChecks(form);
  return { name: form.name, input, expect };
}

export function AddEvalCaseForm({ setId, stage }: { setId: string; stage: string }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Form>(EMPTY);
  const [added, setAdded] = useState<string | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const id = useId();
  const add = useMutation({
    mutationFn: () => webApi<{ name: string }>(`/eval-sets/${setId}/cases`, { method: "POST", body: caseBody(stage, form) }),
    onSuccess: async (created) => {
      setAdded(created.name);
      setForm(EMPTY);
      nameInput.current?.focus();
      await queryClient.invalidateQueries({ queryKey: queryKeys.evals.all });
    },
  });
  const error = add.error instanceof WebApiError ? add.error : null;
  const at = (...paths: string[]) => paths.map((path) => error?.forField(path)).find(Boolean);
  const known = [
    "name",
    "input.reply",
    "input.reply.text",
    "expect.qualified",
    "expect.classification",
    "expect.draft",
    "expect.draft.max_words",
    "expect.signals",
    ...LEAD_FIELDS.map(([key]) => `input.lead.${key}`),
  ];
  const general = add.error && !(error?.fieldErrors.some((e) => known.includes(e.path)) ?? false) ? add.error.message : null;
  const text = (key: keyof Form) => ({
    value: form[key] as string,
    onChange: (event: { target: { value: string } }) => setForm({ ...form, [key]: event.target.value }),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAdded(null);
    add.mutate();
  }

  return (
    <form onSubmit={submit} className={`${cardStyles} p-5`} aria-labelledby={`${id}-heading`} noValidate>
      <h2 id={`${id}-heading`} className="text-base font-semibold text-slate-900">
        Add a case
      </h2>
      <p className="mt-1 text-sm text-slate-600">It is your workspace’s own: only your evaluations run it.</p>
      {stage === STAGE.follow_up || stage === STAGE.reply ? (
        <p className="mt-1 text-sm text-slate-600" data-testid="case-needs-thread">
          A {STAGE_LABELS[stage]} case also needs the thread so far, which this form does not take: add one from a draft’s page (Add to eval set) or through the
          API.
        </p>
      ) : null}
      {added ? (
        <div className="mt-3">
          <Notice tone="success">Case “{added}” added.</Notice>
        </div>
      ) : null}
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <div className="md:col-span-2">
          <Field id={`${id}-name`} label="Case name" error={at("name")}>
            <input
              ref={nameInput}
              id={`${id}-name`}
              className={fieldStyles.input}
              {...text("name")}
              maxLength={200}
              autoComplete="off"
              aria-invalid={at("name") ? true : undefined}
            />
          </Field>
        </div>
        {stage === STAGE.track ? (
          <>
            <Field id={`${id}-subject`} label="Reply subject">
              <input id={`${id}-subject`} className={fieldStyles.input} {...text("subject")} maxLength={500} autoComplete="off" />
            </Field>
            <div className="md:col-span-2">
              <Field id={`${id}-reply`} label="Reply text" error={at("input.reply", "input.reply.text")}>
                <textarea
                  id={`${id}-reply`}
                  className={fieldStyles.input}
                  rows={4}
                  {...text("reply")}
                  maxLength={20_000}
                  aria-invalid={at("input.reply", "input.reply.text") ? true : undefined}
                />
              </Field>
            </div>
          </>
        ) : (
          <>
            {LEAD_FIELDS.map(([key, label]) => (
              <Field key={key} id={`${id}-${key}`} label={label} error={at(`input.lead.${key}`)}>
                <input
                  id={`${id}-${key}`}
                  className={fieldStyles.input}
                  {...text(key)}
                  inputMode={key === "employees" ? "numeric" : undefined}
                  maxLength={key === "notes" ? 5000 : 300}
                  autoComplete="off"
                  aria-invalid={at(`input.lead.${key}`) ? true : undefined}
                />
              </Field>
            ))}
            {stage !== STAGE.extract_signals ? (
              <Field id={`${id}-intent`} label="Buying signals (comma-separated)" hint="What extract_signals found, e.g. hiring, recently_funded">
                <input id={`${id}-intent`} className={fieldStyles.input} {...text("intent")} autoComplete="off" aria-describedby={`${id}-intent-hint`} />
              </Field>
            ) : null}
          </>
        )}
      </div>

      <fieldset className="mt-5 border-t border-slate-200 pt-4">
        <legend className="text-sm font-semibold text-slate-900">Expected answer</legend>
        <div className="mt-2 grid gap-4 md:grid-cols-2">
          {stage === STAGE.qualify ? (
            <Field id={`${id}-qualified`} label="Verdict" error={at("expect.qualified")}>
              <select id={`${id}-qualified`} className={fieldStyles.input} {...text("qualified")} aria-invalid={at("expect.qualified") ? true : undefined}>
                <option value="">Choose…</option>
                <option value="yes">Qualified</option>
                <option value="no">Not qualified</option>
              </select>
            </Field>
          ) : stage === STAGE.track ? (
            <Field id={`${id}-classification`} label="Classification" error={at("expect.classification")}>
              <select
                id={`${id}-classification`}
                className={fieldStyles.input}
                {...text("classification")}
                aria-invalid={at("expect.classification") ? true : undefined}
              >
                <option value="">Choose…</option>
                {REPLY_CATEGORIES.map((category) => (
                  <option key={category} value={category}>
                    {category}
                  </option>
                ))}
              </select>
            </Field>
          ) : stage === STAGE.extract_signals ? (
            <Field id={`${id}-expected-intent`} label="Intent signals it must find (comma-separated)" error={at("expect.signals")}>
              <input id={`${id}-expected-intent`} className={fieldStyles.input} {...text("expectedIntent")} autoComplete="off" />
            </Field>
          ) : (
            <>
              <Field id={`${id}-must`} label="Must mention (comma-separated)" error={at("expect.draft")}>
                <input id={`${id}-must`} className={fieldStyles.input} {...text("mustMention")} autoComplete="off" />
              </Field>
              <Field id={`${id}-opening`} label="Opening line must mention (comma-separated)">
                <input id={`${id}-opening`} className={fieldStyles.input} {...text("openingMentions")} autoComplete="off" />
              </Field>
              <Field id={`${id}-forbidden`} label="Must never say (comma-separated)">
                <input id={`${id}-forbidden`} className={fieldStyles.input} {...text("forbidden")} autoComplete="off" />
              </Field>
              <Field id={`${id}-words`} label="Word limit" error={at("expect.draft.max_words")}>
                <input id={`${id}-words`} className={fieldStyles.input} {...text("maxWords")} inputMode="numeric" autoComplete="off" />
              </Field>
              <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-700">
                <input type="checkbox" checked={form.noInventedFacts} onChange={(event) => setForm({ ...form, noInventedFacts: event.target.checked })} />
                No invented facts
              </label>
            </>
          )}
        </div>
      </fieldset>
      {general ? (
        <p role="alert" className="mt-3 text-sm text-rose-700">
          {general}
        </p>
      ) : null}
      <div className="mt-4 flex justify-end">
        <button type="submit" className={buttonStyles.primary} disabled={add.isPending}>
          {add.isPending ? "Adding…" : "Add case"}
        </button>
      </div>
    </form>
  );
}
