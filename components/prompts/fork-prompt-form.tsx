"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useDeferredValue, useEffect, useId, useRef, useState, type FormEvent } from "react";
import { queryKeys } from "@/components/data/query-keys";
import { webApi, WebApiError } from "@/components/data/web-api";
import { TextDiff } from "@/components/diff/text-diff";
import { promptDiffText } from "@/components/prompts/prompt-text";
import { buttonStyles, cardStyles, fieldStyles } from "@/components/ui/styles";
import { Field } from "@/components/ui/field";
import type { PromptVersionJson } from "@/lib/prompts/present-version";
import type { HistoryVersion } from "@/lib/prompts/prompt-history";
import { templateErrors } from "@/lib/prompts/template-variables";

type ForkFormProps = {
  name: string;
  baseName: string;
  workspace: string;
  versions: HistoryVersion[];
  initialFrom: string;
  onForked: (created: PromptVersionJson) => void;
  onCancel: () => void;
};

/** Fork a version into the workspace, with a live diff against the parent while typing. */
export function ForkPromptForm({ name, baseName, workspace, versions, initialFrom, onForked, onCancel }: ForkFormProps) {
  const queryClient = useQueryClient();
  const [from, setFrom] = useState(initialFrom);
  const parent = versions.find((version) => version.version === from) ?? versions[0];
  const [label, setLabel] = useState(`${parent.version}-${workspace}`);
  const [model, setModel] = useState(parent.model_default);
  const [system, setSystem] = useState(parent.system);
  const [template, setTemplate] = useState(parent.user_template);
  const ids = { from: useId(), as: useId(), model: useId(), system: useId(), template: useId() };
  const firstField = useRef<HTMLSelectElement>(null);
  useEffect(() => firstField.current?.focus(), []);

  function chooseParent(version: string) {
    const next = versions.find((candidate) => candidate.version === version)!;
    setFrom(version);
    setLabel(`${version}-${workspace}`);
    setModel(next.model_default);
    setSystem(next.system);
    setTemplate(next.user_template);
  }

  const fork = useMutation({
    mutationFn: () =>
      webApi<PromptVersionJson>(`/prompts/${encodeURIComponent(name)}/fork`, {
        method: "POST",
        body: { from, as: label, model_default: model, system, user_template: template },
      }),
    onSuccess: (created) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.prompts.all });
      onForked(created);
    },
  });
  const error = fork.error instanceof WebApiError ? fork.error : null;
  const errors = {
    from: error?.forField("from"),
    as: error?.forField("as") ?? (error?.code === "version_exists" ? error.message : undefined),
    model: error?.forField("model_default"),
    system: error?.forField("system"),
    // Checked live as the template is typed (the same rule the server applies), then the server's answer.
    template: templateErrors(baseName, { user_template: template })[0]?.message ?? error?.forField("user_template"),
  };
  const shownElsewhere = [errors.from, errors.as, errors.model, errors.system, error?.forField("user_template")].some(Boolean);
  const formRef = useRef<HTMLFormElement>(null);
  // A refused fork moves focus to the first field with an error; its message is its description.
  useEffect(() => {
    if (fork.error) formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [fork.error]);
  const described = (id: string, message?: string) => ({
    "aria-invalid": message ? true : undefined,
    "aria-describedby": message ? `${id}-error` : `${id}-hint`,
  });

  const preview = useDeferredValue({ model_default: model, system, user_template: template });
  const forkName = `${baseName}@${workspace}`;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    fork.mutate();
  }

  return (
    <form ref={formRef} onSubmit={submit} className={`${cardStyles} p-5`} aria-labelledby="fork-heading">
      <h2 id="fork-heading" className="text-base font-semibold text-slate-900">
        Fork into {workspace}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        The fork is saved as <span className="font-mono">{forkName}</span>. It keeps its diff against the parent; the audit log records it, and a campaign that
        pins it needs a reviewer’s approval.
      </p>
      <div className="mt-4 grid gap-4 md:grid-cols-3">
        <Field id={ids.from} label="From version" error={errors.from}>
          <select
            ref={firstField}
            id={ids.from}
            value={from}
            onChange={(event) => chooseParent(event.target.value)}
            className={fieldStyles.input}
            {...described(ids.from, errors.from)}
          >
            {versions.map((version) => (
              <option key={version.version} value={version.version}>
                {version.version}
                {version.production ? " (production)" : ""}
              </option>
            ))}
          </select>
        </Field>
        <Field id={ids.as} label="New label (as)" error={errors.as} hint={`"${from}-" and a suffix: a-z, 0-9, dots, hyphens`}>
          <input
            id={ids.as}
            value={label}
            onChange={(event) => setLabel(event.target.value)}
            required
            maxLength={100}
            autoComplete="off"
            spellCheck={false}
            className={`${fieldStyles.input} font-mono`}
            {...described(ids.as, errors.as)}
          />
        </Field>
        <Field id={ids.model} label="Model" error={errors.model} hint="<provider>/<model>">
          <input
            id={ids.model}
            value={model}
            onChange={(event) => setModel(event.target.value)}
            required
            maxLength={200}
            autoComplete="off"
            spellCheck={false}
            className={`${fieldStyles.input} font-mono`}
            {...described(ids.model, errors.model)}
          />
        </Field>
      </div>
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <Field id={ids.system} label="System prompt" error={errors.system}>
          <textarea
            id={ids.system}
            value={system}
            onChange={(event) => setSystem(event.target.value)}
            rows={8}
            required
            className={`${fieldStyles.input} font-mono text-xs`}
            {...described(ids.system, errors.system)}
          />
        </Field>
        <Field id={ids.template} label="User template" error={errors.template} hint="Placeholders like {{first_name}} are filled per lead.">
          <textarea
            id={ids.template}
            value={template}
            onChange={(event) => setTemplate(event.target.value)}
            rows={8}
            required
            className={`${fieldStyles.input} font-mono text-xs`}
            {...described(ids.template, errors.template)}
          />
        </Field>
      </div>
      <h3 className="mt-5 text-sm font-semibold text-slate-900">
        Preview: changes from {name} {parent.version}
      </h3>
      <p className="mb-2 text-xs text-slate-500">Updates as you type. This is the diff reviewers will see.</p>
      <TextDiff
        label="Fork preview against its parent"
        oldValue={promptDiffText(parent)}
        newValue={promptDiffText(preview)}
        oldTitle={`${name} ${parent.version}`}
        newTitle={`${forkName} ${label || "…"}`}
        emptyText="No changes yet: edit the model or the texts above."
      />
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonStyles.primary} disabled={fork.isPending}>
          {fork.isPending ? "Forking…" : "Create fork"}
        </button>
        <button type="button" className={buttonStyles.secondary} onClick={onCancel} disabled={fork.isPending}>
          Cancel
        </button>
      </div>
      {fork.error && !shownElsewhere ? (
        <p role="alert" className="mt-3 rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800">
          {fork.error.message}
        </p>
      ) : null}
    </form>
  );
}
