"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { queryKeys } from "@/components/data/query-keys";
import { useCampaignExperiments } from "@/components/data/queries/experiments";
import { webApi, WebApiError } from "@/components/data/web-api";
import { experimentHref, METRIC_LABELS, percent, stepTitle, type ExperimentJson, type ExperimentStep } from "@/components/experiments/types";
import { PinSelect, usePinOptions } from "@/components/packs/pin-select";
import { QueryState } from "@/components/ui/query-state";
import { buttonStyles, cardStyles, fieldStyles } from "@/components/ui/styles";
import { EXPERIMENT_STATUS, EXPERIMENT_STATUS_LABELS } from "@/lib/states/experiment";

// The campaign page's experiments (contract §12): each one with its state and leader, and for
// reviewers a form to start one on a step: 2–4 versions of the step's prompt with weights, the
// metric and the minimum of sends per variant. A fork variant needs a reviewer's approval first
// (the API answers 409 fork_not_approved, shown here). Besides the steps, the reply step: the answers
// to replies (contract §13), versions of the `reply` prompt.

export function CampaignExperiments({ campaignId, steps, canCreate }: { campaignId: string; steps: number[]; canCreate: boolean }) {
  const experiments = useCampaignExperiments(campaignId);
  const [creating, setCreating] = useState(false);
  const list = experiments.data?.data ?? [];
  const running = new Set(list.filter((experiment) => experiment.status !== EXPERIMENT_STATUS.concluded).map((experiment) => experiment.step));
  return (
    <section aria-labelledby="experiments-heading" className={`${cardStyles} p-5`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="experiments-heading" className="text-base font-semibold text-slate-900">
          Experiments
        </h2>
        {canCreate && !creating ? (
          <button type="button" className={buttonStyles.secondary} onClick={() => setCreating(true)}>
            New experiment
          </button>
        ) : null}
      </div>
      <p className="mt-1 text-sm text-slate-600">Split a step’s leads between approved versions and let the replies decide.</p>
      <QueryState query={experiments} loading="Loading experiments…" failed="The experiments could not be loaded.">
        {list.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">No experiment yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100" data-testid="experiment-list">
            {list.map((experiment) => (
              <ExperimentRow key={experiment.id} experiment={experiment} />
            ))}
          </ul>
        )}
      </QueryState>
      {creating ? (
        <CreateExperimentForm
          campaignId={campaignId}
          steps={[...steps, "reply" as const].filter((step) => !running.has(step))}
          onCancel={() => setCreating(false)}
        />
      ) : null}
    </section>
  );
}

function ExperimentRow({ experiment }: { experiment: ExperimentJson }) {
  const sent = experiment.results.reduce((sum, row) => sum + row.sent, 0);
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3 text-sm">
      <div className="min-w-0">
        <Link href={experimentHref(experiment)} className="font-medium text-indigo-700 hover:underline">
          {stepTitle(experiment.step)}: {experiment.variants.map((variant) => variant.version.version).join(" vs ")}
        </Link>
        <p className="text-xs text-slate-500">
          {METRIC_LABELS[experiment.metric]} · {sent.toLocaleString()} sent ·{" "}
          {experiment.status === EXPERIMENT_STATUS.concluded
            ? `concluded: ${experiment.winner ? `${experiment.winner.version} won` : "no winner"}`
            : experiment.summary.enough_data
              ? experiment.results.map((row) => `${row.version.version} ${percent(row.rate)}`).join(", ")
              : "not enough data yet"}
        </p>
      </div>
      <span
        className={`rounded-full px-2 py-0.5 text-xs font-medium ${experiment.status === EXPERIMENT_STATUS.concluded ? "bg-slate-100 text-slate-700" : "bg-indigo-50 text-indigo-800"}`}
      >
        {EXPERIMENT_STATUS_LABELS[experiment.status]}
      </span>
    </li>
  );
}

type Variant = { version: string; weight: string };

function CreateExperimentForm({ campaignId, steps, onCancel }: { campaignId: string; steps: ExperimentStep[]; onCancel: () => void }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const options = usePinOptions();
  const [step, setStep] = useState<ExperimentStep>(steps[0] ?? 1);
  const [variants, setVariants] = useState<Variant[]>([
    { version: "", weight: "1" },
    { version: "", weight: "1" },
  ]);
  const [metric, setMetric] = useState<ExperimentJson["metric"]>("positive_reply_rate");
  const [minimum, setMinimum] = useState("100");
  const create = useMutation({
    mutationFn: () =>
      webApi<ExperimentJson>("/experiments", {
        method: "POST",
        body: {
          campaign_id: campaignId,
          step,
          variants: variants.map((variant) => ({ version: variant.version.trim(), weight: Number(variant.weight) })),
          metric,
          min_per_variant: Number(minimum),
        },
      }),
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.experiments.all });
      router.push(experimentHref(created));
    },
  });
  const error = create.error instanceof WebApiError ? create.error : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  const setVariant = (index: number, change: Partial<Variant>) =>
    setVariants((all) => all.map((variant, i) => (i === index ? { ...variant, ...change } : variant)));
  const draftOptions = options.data?.draft_email ?? [];
  if (steps.length === 0) return <p className="mt-4 text-sm text-slate-600">Every step already has a running experiment; conclude one first.</p>;
  return (
    <form onSubmit={submit} className="mt-4 space-y-4 border-t border-slate-100 pt-4" aria-labelledby="new-experiment-heading" noValidate>
      <h3 id="new-experiment-heading" className="text-sm font-semibold text-slate-900">
        New experiment
      </h3>
      <div className="grid gap-4 sm:grid-cols-3">
        <div>
          <label className={fieldStyles.label} htmlFor="experiment-step">
            Step
          </label>
          <select
            id="experiment-step"
            className={fieldStyles.input}
            value={step}
            onChange={(event) => setStep(event.target.value === "reply" ? "reply" : Number(event.target.value))}
          >
            {steps.map((value) => (
              <option key={value} value={value}>
                {value === "reply" ? "Answers to replies (reply)" : `Step ${value} (${value === 1 ? "first email" : "follow-up"})`}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label className={fieldStyles.label} htmlFor="experiment-metric">
            Measured by
          </label>
          <select
            id="experiment-metric"
            className={fieldStyles.input}
            value={metric}
            onChange={(event) => setMetric(event.target.value as ExperimentJson["metric"])}
          >
            {Object.entries(METRIC_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label className={fieldStyles.label} htmlFor="experiment-minimum">
            Minimum sends per variant
          </label>
          <input
            id="experiment-minimum"
            type="number"
            min={1}
            inputMode="numeric"
            className={fieldStyles.input}
            value={minimum}
            onChange={(event) => setMinimum(event.target.value)}
            aria-invalid={error?.forField("min_per_variant") ? true : undefined}
          />
          {error?.forField("min_per_variant") ? <p className={fieldStyles.error}>{error.forField("min_per_variant")}</p> : null}
        </div>
      </div>
      <fieldset className="space-y-3">
        <legend className={fieldStyles.label}>Variants (2 to 4 versions of the step’s prompt)</legend>
        {variants.map((variant, index) => {
          const fieldError = error?.forField(`variants.${index}.version`);
          return (
            <div key={index} className="grid gap-2 sm:grid-cols-[1fr_7rem_auto] sm:items-end">
              <div>
                <label className="text-xs text-slate-600" htmlFor={`variant-${index}`}>
                  Variant {String.fromCharCode(65 + index)}
                </label>
                {step === 1 && draftOptions.length ? (
                  <PinSelect
                    id={`variant-${index}`}
                    options={draftOptions}
                    value={variant.version}
                    onChange={(pin) => setVariant(index, { version: pin })}
                    emptyLabel="Choose a version…"
                    error={fieldError}
                  />
                ) : (
                  <input
                    id={`variant-${index}`}
                    className={`${fieldStyles.input} font-mono text-[13px]`}
                    placeholder={step === "reply" ? "reply:v1.0.0" : "follow_up:v1.0.0"}
                    value={variant.version}
                    onChange={(event) => setVariant(index, { version: event.target.value })}
                    aria-invalid={fieldError ? true : undefined}
                  />
                )}
                {fieldError ? (
                  <p id={`variant-${index}-error`} className={fieldStyles.error}>
                    {fieldError}
                  </p>
                ) : null}
              </div>
              <div>
                <label className="text-xs text-slate-600" htmlFor={`variant-${index}-weight`}>
                  Weight
                </label>
                <input
                  id={`variant-${index}-weight`}
                  type="number"
                  min={0.01}
                  step="any"
                  className={fieldStyles.input}
                  value={variant.weight}
                  onChange={(event) => setVariant(index, { weight: event.target.value })}
                />
              </div>
              {variants.length > 2 ? (
                <button
                  type="button"
                  className={buttonStyles.quiet}
                  onClick={() => setVariants((all) => all.filter((_, i) => i !== index))}
                  aria-label={`Remove variant ${String.fromCharCode(65 + index)}`}
                >
                  Remove
                </button>
              ) : (
                <span />
              )}
            </div>
          );
        })}
        {variants.length < 4 ? (
          <button type="button" className={buttonStyles.quiet} onClick={() => setVariants((all) => [...all, { version: "", weight: "1" }])}>
            Add a variant
          </button>
        ) : null}
      </fieldset>
      {create.error ? (
        <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800">
          {create.error.message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonStyles.primary} disabled={create.isPending}>
          {create.isPending ? "Starting…" : "Start experiment"}
        </button>
        <button type="button" className={buttonStyles.secondary} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
