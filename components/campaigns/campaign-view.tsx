"use client";

import { useMutation, useQueries, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { queryKeys } from "@/components/data/query-keys";
import { useCampaign } from "@/components/data/queries/campaigns";
import { webApi } from "@/components/data/web-api";
import { CampaignOffer } from "@/components/campaigns/campaign-offer";
import { CampaignPins } from "@/components/campaigns/campaign-pins";
import { CampaignSteps, forkAnchor } from "@/components/campaigns/campaign-steps";
import { CampaignExperiments } from "@/components/campaigns/campaign-experiments";
import { StepEditor } from "@/components/campaigns/step-editor";
import { CampaignSending } from "@/components/campaigns/campaign-sending";
import { evalQueries } from "@/components/data/queries/evals";
import { BehaviourDiffPanel } from "@/components/evals/behaviour-diff";
import { EvalComparisonPanel } from "@/components/evals/eval-comparison";
import { TextDiff } from "@/components/diff/text-diff";
import { ForkParentLine } from "@/components/campaigns/fork-parent-line";
import { CampaignStatus } from "@/components/campaigns/campaign-status";
import { promptDiffText } from "@/components/prompts/prompt-text";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { PageHeader } from "@/components/ui/page-header";
import { QueryState } from "@/components/ui/query-state";
import { Notice } from "@/components/ui/states";
import { buttonStyles, cardStyles } from "@/components/ui/styles";
import { Time } from "@/components/ui/time";
import { CAMPAIGN_STATUS, type CampaignDecision } from "@/lib/states/campaign";

/** The approval page: the pins, every pinned fork's diff against its parent, then Approve. */
export function CampaignView({ id, canApprove, canEdit, userId }: { id: string; canApprove: boolean; canEdit: boolean; userId: string }) {
  const queryClient = useQueryClient();
  const campaign = useCampaign(id);
  const [confirming, setConfirming] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState("");
  const [reasonMissing, setReasonMissing] = useState(false);
  const [decided, setDecided] = useState<CampaignDecision | null>(null);
  const [override, setOverride] = useState("");
  const [overrideMissing, setOverrideMissing] = useState(false);
  // The forks' evaluations against their parents (the panels below share these queries): a fork
  // that regressed makes the approval ask for a written override reason (the API: 409 eval_regression).
  const comparisons = useQueries({ queries: (campaign.data?.forks ?? []).map((fork) => evalQueries.comparison(fork.name, fork.version)) });
  const regressed = comparisons.filter((c) => c.data?.regression).map((c) => `${c.data!.version.name} ${c.data!.version.version}`);
  const settle = async (outcome: CampaignDecision) => {
    setConfirming(false);
    setRejecting(false);
    setDecided(outcome);
    void queryClient.invalidateQueries({ queryKey: queryKeys.campaigns.list() });
    void queryClient.invalidateQueries({ queryKey: queryKeys.prompts.pinOptions() }); // the pickers name approvals
    await queryClient.invalidateQueries({ queryKey: queryKeys.campaigns.detail(id) });
  };
  const approve = useMutation({
    mutationFn: () => webApi(`/campaigns/${id}/approve`, { method: "POST", ...(regressed.length ? { body: { override_reason: override.trim() } } : {}) }),
    onSuccess: () => settle(CAMPAIGN_STATUS.approved),
  });
  const reject = useMutation({
    mutationFn: () => webApi(`/campaigns/${id}/reject`, { method: "POST", body: { reason: reason.trim() } }),
    onSuccess: () => settle(CAMPAIGN_STATUS.rejected),
  });

  const crumbs = [{ label: "Campaigns", href: "/campaigns" }];
  if (!campaign.isSuccess) {
    return (
      <>
        <PageHeader title="Campaign" crumbs={crumbs} />
        <QueryState query={campaign} frame={cardStyles} loading="Loading the campaign…" failed="The campaign could not be loaded." />
      </>
    );
  }
  const data = campaign.data;
  const awaiting = data.needs_approval && data.status !== CAMPAIGN_STATUS.approved;
  // Four eyes: the campaign's creator may not decide on it (the API answers 403 too).
  const ownCampaign = data.created_by === userId;
  const canDecide = canApprove && !ownCampaign && data.needs_approval;

  return (
    <>
      <PageHeader title={data.name} crumbs={[...crumbs, { label: data.name }]}>
        A campaign of the pack <span className="font-mono">{data.pack}</span>.
      </PageHeader>
      <div className="space-y-6">
        {decided === CAMPAIGN_STATUS.approved ? <Notice tone="success">Campaign approved. Its runs can start now.</Notice> : null}
        {decided === CAMPAIGN_STATUS.rejected ? <Notice tone="success">Campaign rejected. Its runs are refused until a reviewer approves it.</Notice> : null}
        <section aria-labelledby="summary-heading" className={`${cardStyles} p-5`}>
          <div className="flex flex-wrap items-center gap-3">
            <h2 id="summary-heading" className="text-base font-semibold text-slate-900">
              Approval
            </h2>
            <CampaignStatus campaign={data} />
          </div>
          <p className="mt-2 text-sm text-slate-700" data-testid="approval-state">
            {data.status === CAMPAIGN_STATUS.rejected ? (
              <>
                Rejected by {data.rejecter ? `${data.rejecter.name} (${data.rejecter.email})` : "a reviewer"} <Time iso={data.rejected_at} mode="relative" />:{" "}
                <q data-testid="reject-reason">{data.reject_reason}</q> Runs of this campaign are refused.
              </>
            ) : data.status === CAMPAIGN_STATUS.approved ? (
              <>
                Approved by {data.approver ? `${data.approver.name} (${data.approver.email})` : "a reviewer"} <Time iso={data.approved_at} mode="relative" />.
                Runs of this campaign may start.
              </>
            ) : awaiting ? (
              <>
                This campaign pins {data.forks.length === 1 ? "a forked prompt" : `${data.forks.length} forked prompts`}. Runs that use it are refused until a
                reviewer approves it after reading {data.forks.length === 1 ? "the diff" : "each diff"} below.
              </>
            ) : (
              <>This campaign pins no fork, so it needs no approval.</>
            )}
          </p>
          <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-xs text-slate-500">Pack</dt>
              <dd className="font-mono">
                <Link href={`/packs/${data.pack}`} className="text-indigo-700 hover:underline">
                  {data.pack}
                </Link>
              </dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">Campaign id</dt>
              <dd className="break-all font-mono text-xs">{data.id}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">Created</dt>
              <dd>
                <Time iso={data.created_at} />
              </dd>
            </div>
          </dl>
          <h3 className="mt-4 text-xs font-semibold uppercase tracking-wide text-slate-500">Pins</h3>
          <CampaignPins id={id} pack={data.pack} pins={data.pins} canEdit={canEdit} />
        </section>

        {canEdit ? <StepEditor id={id} steps={data.steps} forks={data.forks} canEvaluate={canApprove} /> : <CampaignSteps steps={data.steps} />}

        <CampaignExperiments campaignId={id} steps={data.steps.map((step) => step.step)} canCreate={canApprove} />

        <CampaignSending campaign={data} canEdit={canEdit} />

        {data.forks.map((fork) => (
          <section key={forkAnchor(fork)} id={forkAnchor(fork)} aria-labelledby={`${forkAnchor(fork)}-heading`} className={`${cardStyles} scroll-mt-4 p-5`}>
            <h2 id={`${forkAnchor(fork)}-heading`} className="break-all text-base font-semibold text-slate-900">
              <span className="font-mono text-sm font-normal text-slate-500">
                {fork.stage}
                {fork.step !== null ? ` · step ${fork.step}` : ""}
              </span>{" "}
              {fork.name} {fork.version}
              <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-normal text-slate-600">
                {fork.source === "campaign" ? "campaign pin" : `${fork.source} pin`}
              </span>
            </h2>
            <ForkParentLine parent={fork.parent} className="mb-3 mt-1 text-sm text-slate-600" />
            <TextDiff
              label={`Diff of ${fork.name} ${fork.version} against its parent`}
              oldValue={fork.parent_text ? promptDiffText(fork.parent_text) : ""}
              newValue={promptDiffText(fork.text)}
              oldTitle={fork.parent ? `${fork.parent.name} ${fork.parent.version}` : "(none)"}
              newTitle={`${fork.name} ${fork.version}`}
              emptyText="Same model and texts as the parent."
            />
            <EvalComparisonPanel name={fork.name} version={fork.version} canEvaluate={canApprove} headingLevel={3} />
            <BehaviourDiffPanel name={fork.name} version={fork.version} canReplay={canApprove} headingLevel={3} />
          </section>
        ))}

        <CampaignOffer id={id} pack={data.pack} offer={data.offer} canEdit={canEdit} />

        {canDecide && (awaiting || data.status === CAMPAIGN_STATUS.approved) ? (
          <div className={`${cardStyles} flex flex-wrap items-center justify-between gap-3 p-5`}>
            <p className="text-sm text-slate-700">
              {awaiting
                ? "Read every diff above. Approving lets runs of this campaign use these prompts."
                : "Rejecting takes the approval back: runs of this campaign are refused."}
            </p>
            <div className="flex flex-wrap gap-2">
              {data.status !== CAMPAIGN_STATUS.rejected ? (
                <button
                  type="button"
                  className={buttonStyles.secondary}
                  onClick={() => {
                    reject.reset();
                    setRejecting(true);
                  }}
                >
                  Reject…
                </button>
              ) : null}
              {awaiting ? (
                <button
                  type="button"
                  className={buttonStyles.primary}
                  onClick={() => {
                    approve.reset();
                    setConfirming(true);
                  }}
                >
                  Approve campaign
                </button>
              ) : null}
            </div>
          </div>
        ) : awaiting && canApprove && ownCampaign ? (
          <p className="text-sm text-slate-600" data-testid="four-eyes">
            You created this campaign, so another reviewer must approve or reject it (four eyes).
          </p>
        ) : awaiting ? (
          <p className="text-sm text-slate-600">A reviewer or an admin approves campaigns.</p>
        ) : null}

        <ConfirmDialog
          open={rejecting}
          tone="danger"
          title={`Reject “${data.name}”?`}
          confirmLabel="Reject"
          pending={reject.isPending}
          error={reject.error?.message ?? (reasonMissing ? "Write why you reject it first." : null)}
          onConfirm={() => {
            setReasonMissing(!reason.trim());
            if (reason.trim()) reject.mutate();
          }}
          onCancel={() => setRejecting(false)}
        >
          <label className="block text-sm font-medium text-slate-800" htmlFor="reject-reason-input">
            Reason (the audit log and the campaign page keep it)
          </label>
          <textarea
            id="reject-reason-input"
            required
            rows={3}
            maxLength={2000}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            className="mt-1 w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm text-slate-900 focus:outline-none focus:ring-2 focus:ring-indigo-500"
          />
        </ConfirmDialog>

        <ConfirmDialog
          open={confirming}
          tone="primary"
          title={`Approve “${data.name}”?`}
          confirmLabel="Approve"
          pending={approve.isPending}
          error={approve.error?.message ?? (overrideMissing ? "Write why you approve despite the regression first." : null)}
          onConfirm={() => {
            const missing = regressed.length > 0 && !override.trim();
            setOverrideMissing(missing);
            if (!missing) approve.mutate();
          }}
          onCancel={() => setConfirming(false)}
        >
          {regressed.length ? (
            <>
              <p className="mb-2 text-amber-900">
                {regressed.join(", ")} {regressed.length === 1 ? "passes" : "pass"} fewer eval cases than{" "}
                {regressed.length === 1 ? "its parent" : "their parents"}.
              </p>
              <label className="block text-sm font-medium text-slate-800" htmlFor="override-reason-input">
                Override reason (kept with the approval and in the audit log)
              </label>
              <textarea
                id="override-reason-input"
                required
                rows={3}
                maxLength={2000}
                value={override}
                onChange={(event) => {
                  setOverride(event.target.value);
                  setOverrideMissing(false);
                }}
                className="mb-3 mt-1 w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm text-slate-900 focus:outline-none focus:ring-2 focus:ring-indigo-500"
              />
            </>
          ) : null}
          <p>
            Runs of this campaign will use {data.forks.map((fork) => `${fork.name} ${fork.version}`).join(", ")}. The audit log keeps the diffs you approved.
            Changing the campaign’s pins or steps later takes the approval back.
          </p>
        </ConfirmDialog>
      </div>
    </>
  );
}
