"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { queryKeys } from "@/components/data/query-keys";
import { webApi, WebApiError } from "@/components/data/web-api";
import type { EvalSetSummary } from "@/components/evals/types";
import { Field } from "@/components/ui/field";
import { buttonStyles, cardStyles, fieldStyles } from "@/components/ui/styles";
import { PROMPT_STAGES, STAGE, STAGE_LABELS } from "@/lib/states/stages";

// Admins create a set of their own (POST /api/web/eval-sets, as POST /v1/eval-sets): a ref that a
// fork's evals_ref can name, the stage its cases are for, a name and a description. Cases are
// then added on the set's page.

export function CreateEvalSetForm() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<{ ref: string; stage: string; name: string; description: string }>({
    ref: "evals/",
    stage: STAGE.qualify,
    name: "",
    description: "",
  });
  const id = useId();
  const create = useMutation({
    mutationFn: () => webApi<EvalSetSummary>("/eval-sets", { method: "POST", body: { ...form, description: form.description || undefined } }),
    onSuccess: (set) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.evals.all });
      router.push(`/prompts/evals/${set.id}`);
    },
  });
  const error = create.error instanceof WebApiError ? create.error : null;
  const fieldError = (path: string) => error?.forField(path);
  const general = create.error && !["ref", "stage", "name", "description"].some((path) => fieldError(path)) ? create.error.message : null;
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) => setForm({ ...form, [key]: event.target.value });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    create.mutate();
  }

  return (
    <form onSubmit={submit} className={`${cardStyles} p-5`} aria-labelledby={`${id}-heading`} noValidate>
      <h2 id={`${id}-heading`} className="text-base font-semibold text-slate-900">
        New eval set
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        A fork whose <span className="font-mono">evals_ref</span> names this ref is evaluated on its cases (yours come before a built-in set of the same ref).
      </p>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <Field id={`${id}-ref`} label="Ref" error={fieldError("ref")} hint="Lower-case letters, digits, _ . / -">
          <input
            id={`${id}-ref`}
            className={fieldStyles.input}
            value={form.ref}
            onChange={set("ref")}
            maxLength={100}
            autoComplete="off"
            aria-invalid={fieldError("ref") ? true : undefined}
            aria-describedby={`${id}-ref-${fieldError("ref") ? "error" : "hint"}`}
          />
        </Field>
        <Field id={`${id}-stage`} label="Stage" error={fieldError("stage")}>
          <select id={`${id}-stage`} className={fieldStyles.input} value={form.stage} onChange={set("stage")}>
            {PROMPT_STAGES.map((stage) => (
              <option key={stage} value={stage}>
                {STAGE_LABELS[stage]}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-name`} label="Name" error={fieldError("name")}>
          <input
            id={`${id}-name`}
            className={fieldStyles.input}
            value={form.name}
            onChange={set("name")}
            maxLength={200}
            autoComplete="off"
            aria-invalid={fieldError("name") ? true : undefined}
          />
        </Field>
        <Field id={`${id}-description`} label="Description (optional)" error={fieldError("description")}>
          <input
            id={`${id}-description`}
            className={fieldStyles.input}
            value={form.description}
            onChange={set("description")}
            maxLength={2000}
            autoComplete="off"
          />
        </Field>
      </div>
      {general ? (
        <p role="alert" className="mt-3 text-sm text-rose-700">
          {general}
        </p>
      ) : null}
      <div className="mt-4 flex justify-end">
        <button type="submit" className={buttonStyles.primary} disabled={create.isPending}>
          {create.isPending ? "Creating…" : "Create set"}
        </button>
      </div>
    </form>
  );
}
