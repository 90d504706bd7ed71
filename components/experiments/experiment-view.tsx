"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { queryKeys } from "@/components/data/query-keys";
import { useExperiment } from "@/components/data/queries/experiments";
import { webApi, WebApiError } from "@/components/data/web-api";
import { ExperimentResultsTable } from "@/components/experiments/experiment-results";
import { METRIC_LABELS, pinOf, stepName, type ExperimentJson } from "@/components/experiments/types";
import { PromoteWinner } from "@/components/experiments/promote-winner";
import { versionHref } from "@/components/prompts/prompt-text";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { PageHeader } from "@/components/ui/page-header";
import { QueryState } from "@/components/ui/query-state";
import { Notice } from "@/components/ui/states";
import { buttonStyles, cardStyles, fieldStyles } from "@/components/ui/styles";
import { Time } from "@/components/ui/time";
import { EXPERIMENT_STATUS, EXPERIMENT_STATUS_LABELS } from "@/lib/states/experiment";

type Props = { campaignId: string; campaignName: string; id: string; canConclude: boolean; canPromote: boolean };

/** /campaigns/{id}/experiments/{experiment_id}: the results, the plain verdict, (reviewers) Conclude, and (admins) promoting the winner. */
export function ExperimentView({ campaignId, campaignName, id, canConclude, canPromote }: Props) {
  const experiment = useExperiment(id);
  const crumbs = [
    { label: "Campaigns", href: "/campaigns" },
    { label: campaignName, href: `/campaigns/${campaignId}` },
  ];
  if (!experiment.isSuccess) {
    return (
      <>
        <PageHeader title="Experiment" crumbs={crumbs} />
        <QueryState query={experiment} frame={cardStyles} loading="Loading the experiment…" failed="The experiment could not be loaded." />
      </>
    );
  }
  const data = experiment.data;
  const title = `Experiment on ${stepName(data.step)}`;
  return (
    <>
      <PageHeader title={title} crumbs={[...crumbs, { label: title }]}>
        {data.variants.length} versions of {data.variants[0]?.version.name ?? "the step’s prompt"} share the leads of {stepName(data.step)}, measured by{" "}
        {METRIC_LABELS[data.metric].toLowerCase()}.
      </PageHeader>
      <div className="space-y-6">
        <section aria-labelledby="results-heading" className={`${cardStyles} p-5`}>
          <div className="flex flex-wrap items-center gap-3">
            <h2 id="results-heading" className="text-base font-semibold text-slate-900">
              Results
            </h2>
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-medium ${data.status === EXPERIMENT_STATUS.concluded ? "bg-slate-100 text-slate-700" : "bg-indigo-50 text-indigo-800"}`}
              data-testid="experiment-status"
            >
              {EXPERIMENT_STATUS_LABELS[data.status]}
            </span>
          </div>
          <p
            className={`mt-2 rounded-md px-3 py-2 text-sm ${data.summary.enough_data ? "bg-emerald-50 text-emerald-900" : "bg-amber-50 text-amber-900"}`}
            data-testid="experiment-verdict"
          >
            {data.summary.message}
            {data.summary.enough_data ? ` ${leaderSentence(data)}` : " No variant is called better until then."}
          </p>
          <div className="mt-4">
            <ExperimentResultsTable experiment={data} />
          </div>
          <p className="mt-3 text-xs text-slate-500">
            Rate: {METRIC_LABELS[data.metric].toLowerCase()} over sent emails (auto-replies and bounces are not replies; positive means interested or asking for
            a meeting). Interval: Wilson 95 %. Chance best: the probability that the variant’s true rate is the highest, from Beta posteriors. Mean edit:
            characters reviewers changed in the approved edits (first emails only). Minimum per variant: {data.min_per_variant.toLocaleString()}{" "}
            {data.min_per_variant === 1 ? "send" : "sends"}. Started <Time iso={data.created_at} />.
          </p>
        </section>
        {data.status === EXPERIMENT_STATUS.concluded ? <Concluded data={data} canPromote={canPromote} /> : canConclude ? <Conclude data={data} /> : null}
      </div>
    </>
  );
}

function leaderSentence(data: ExperimentJson): string {
  const leader = [...data.results].sort((a, b) => b.probability_best - a.probability_best)[0];
  if (!leader) return "";
  return `${leader.version.name} ${leader.version.version} is best with a chance of ${Math.round(leader.probability_best * 100)} %.`;
}

function Concluded({ data, canPromote }: { data: ExperimentJson; canPromote: boolean }) {
  return (
    <section aria-labelledby="conclusion-heading" className={`${cardStyles} p-5`}>
      <h2 id="conclusion-heading" className="text-base font-semibold text-slate-900">
        Conclusion
      </h2>
      <p className="mt-2 text-sm text-slate-700" data-testid="experiment-conclusion">
        {data.winner ? (
          <>
            <Link href={versionHref(data.winner.name, data.winner.version)} className="font-mono text-indigo-700 hover:underline">
              {data.winner.name} {data.winner.version}
            </Link>{" "}
            won; it is pinned on {stepName(data.step)} for new leads. Concluded <Time iso={data.concluded_at} />: <q>{data.reason}</q>
          </>
        ) : null}
      </p>
      {data.override_reason ? (
        <p className="mt-1 text-sm text-amber-900">
          Concluded before every variant had its minimum of sends: <q>{data.override_reason}</q>
        </p>
      ) : null}
      {data.winner ? <PromoteWinner winner={data.winner} canPromote={canPromote} /> : null}
    </section>
  );
}

function Conclude({ data }: { data: ExperimentJson }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [winner, setWinner] = useState("");
  const [reason, setReason] = useState("");
  const [override, setOverride] = useState("");
  const [missing, setMissing] = useState<string | null>(null);
  const early = !data.summary.enough_data;
  const conclude = useMutation({
    mutationFn: () =>
      webApi<ExperimentJson>(`/experiments/${data.id}/conclude`, {
        method: "POST",
        body: { winner, reason: reason.trim(), ...(early ? { override_reason: override.trim() } : {}) },
      }),
    onSuccess: async (concluded) => {
      setOpen(false);
      queryClient.setQueryData(queryKeys.experiments.detail(data.id), concluded);
      void queryClient.invalidateQueries({ queryKey: queryKeys.experiments.all });
      await queryClient.invalidateQueries({ queryKey: queryKeys.campaigns.detail(data.campaign_id) });
    },
  });
  const submit = () => {
    const gap = !winner
      ? "Choose the winning variant first."
      : !reason.trim()
        ? "Write why it won first."
        : early && !override.trim()
          ? "Write why you conclude before the minimum first."
          : null;
    setMissing(gap);
    if (!gap) conclude.mutate();
  };
  return (
    <section aria-labelledby="conclude-heading" className={`${cardStyles} flex flex-wrap items-center justify-between gap-3 p-5`}>
      <div>
        <h2 id="conclude-heading" className="text-base font-semibold text-slate-900">
          Conclude
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Pick the winner: it is pinned on {stepName(data.step)} of the campaign for new leads, and the split stops.
        </p>
      </div>
      <button
        type="button"
        className={buttonStyles.primary}
        onClick={() => {
          conclude.reset();
          setOpen(true);
        }}
      >
        Conclude…
      </button>
      <ConfirmDialog
        open={open}
        tone="primary"
        title="Conclude this experiment?"
        confirmLabel="Conclude and pin the winner"
        pending={conclude.isPending}
        error={missing ?? (conclude.error instanceof WebApiError ? conclude.error.message : (conclude.error?.message ?? null))}
        onConfirm={submit}
        onCancel={() => setOpen(false)}
      >
        <label className={fieldStyles.label} htmlFor="winner-input">
          Winner
        </label>
        <select
          id="winner-input"
          className={fieldStyles.input}
          value={winner}
          onChange={(event) => {
            setWinner(event.target.value);
            setMissing(null);
          }}
        >
          <option value="">Choose a variant…</option>
          {data.variants.map((variant) => (
            <option key={pinOf(variant.version)} value={pinOf(variant.version)}>
              {variant.version.name} {variant.version.version}
            </option>
          ))}
        </select>
        <label className={`${fieldStyles.label} mt-3`} htmlFor="conclude-reason-input">
          Reason (the audit log keeps it)
        </label>
        <textarea
          id="conclude-reason-input"
          rows={3}
          maxLength={2000}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          className={fieldStyles.input}
        />
        {early ? (
          <>
            <p className="mt-3 text-amber-900">{data.summary.message}</p>
            <label className={`${fieldStyles.label} mt-2`} htmlFor="override-reason-input">
              Why conclude before the minimum? (required)
            </label>
            <textarea
              id="override-reason-input"
              rows={2}
              maxLength={2000}
              value={override}
              onChange={(event) => setOverride(event.target.value)}
              className={fieldStyles.input}
            />
          </>
        ) : null}
      </ConfirmDialog>
      {conclude.isSuccess ? <Notice tone="success">Concluded; the winner is pinned on the campaign.</Notice> : null}
    </section>
  );
}
