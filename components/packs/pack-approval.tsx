"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "@/components/data/query-keys";
import Link from "next/link";
import { useState } from "react";
import { webApi, WebApiError } from "@/components/data/web-api";
import { promptHref } from "@/components/prompts/prompt-text";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { buttonStyles } from "@/components/ui/styles";
import { Time } from "@/components/ui/time";
import { usesFork } from "@/components/packs/resolved-set";
import type { PackSetForUser } from "@/lib/packs/approve-pack";

/**
 * Whether a reviewer approved the prompt set a run of this pack resolves now. Runs whose set holds
 * an unapproved fork are refused (409 fork_not_approved); a reviewer approves the set here. The
 * button is disabled, with the server's reason, when approving cannot succeed for this user
 * (`can_approve` / `approve_blocked_reason`, from the rule approvePack enforces: four eyes).
 */
export function PackApproval({ slug, set, canApprove }: { slug: string; set: PackSetForUser; canApprove: boolean }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [override, setOverride] = useState("");
  const [overrideMissing, setOverrideMissing] = useState(false);
  const approve = useMutation({
    mutationFn: (reason: string | null) => webApi(`/packs/${slug}/approve`, { method: "POST", body: reason ? { override_reason: reason } : {} }),
    onSuccess: async () => {
      setConfirming(false);
      void queryClient.invalidateQueries({ queryKey: queryKeys.prompts.pinOptions() }); // the pickers name approvals
      await queryClient.invalidateQueries({ queryKey: queryKeys.packs.detail(slug) });
    },
  });
  // A fork that scores below its parent on its eval set: the server answers 409 eval_regression,
  // and the approval then needs a written reason (kept with it and in the audit log).
  const regression = approve.error instanceof WebApiError && approve.error.code === "eval_regression";
  const confirm = () => {
    const missing = regression && !override.trim();
    setOverrideMissing(missing);
    if (!missing) approve.mutate(regression ? override.trim() : null);
  };
  return (
    <div data-testid="pack-approval">
      {set.forks.length === 0 ? (
        <p className="text-sm text-slate-600">
          {usesFork(set)
            ? "Runs of this pack use forks only as promoted to the workspace default (promoting needs an approved fork), so they need no further approval."
            : "Runs of this pack use no fork, so they need no approval."}
        </p>
      ) : set.approved ? (
        <p className="text-sm text-slate-700">
          <span className="mr-2 inline-block rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800">Approved</span>A reviewer approved
          this prompt set <Time iso={set.approved_at} mode="relative" />. Changing a pin takes the approval back.
        </p>
      ) : (
        <p className="text-sm text-slate-700">
          <span className="mr-2 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">Awaiting approval</span>
          Runs of this pack are refused until a reviewer approves the forks below for this prompt set.
        </p>
      )}
      {set.forks.length ? (
        <ul className="mt-2 space-y-1 text-sm">
          {set.forks.map((fork) => (
            <li key={fork.stage} className="flex flex-wrap gap-x-2">
              <span className="w-32 font-mono text-xs text-slate-500">{fork.stage}</span>
              <Link href={promptHref(fork.name)} className="break-all font-mono text-indigo-700 hover:underline">
                {fork.name} {fork.version}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {!set.approved && set.forks.length && canApprove ? (
        <div className="mt-3">
          <button
            type="button"
            className={buttonStyles.primary}
            disabled={!set.can_approve}
            aria-describedby={set.approve_blocked_reason ? `pack-approve-blocked-${slug}` : undefined}
            onClick={() => {
              approve.reset();
              setOverride("");
              setOverrideMissing(false);
              setConfirming(true);
            }}
          >
            Approve this prompt set
          </button>
          {set.approve_blocked_reason ? (
            <p id={`pack-approve-blocked-${slug}`} className="mt-1 text-sm text-slate-600">
              {set.approve_blocked_reason}
            </p>
          ) : null}
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        tone="primary"
        title="Approve this prompt set?"
        confirmLabel={regression ? "Approve despite the regression" : "Approve"}
        pending={approve.isPending}
        error={overrideMissing ? "Write why you approve despite the regression first." : approve.error?.message}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      >
        <p>
          Runs of {slug} will use {set.forks.map((fork) => `${fork.name} ${fork.version}`).join(", ")}. You cannot approve a fork you created yourself.
        </p>
        {regression ? (
          <>
            <label className="mt-3 block text-sm font-medium text-slate-800" htmlFor={`pack-override-${slug}`}>
              Override reason (kept with the approval and in the audit log)
            </label>
            <textarea
              id={`pack-override-${slug}`}
              rows={3}
              maxLength={2000}
              value={override}
              onChange={(event) => {
                setOverride(event.target.value);
                setOverrideMissing(false);
              }}
              className="mt-1 w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm text-slate-900 focus:outline-none focus:ring-2 focus:ring-indigo-500"
            />
          </>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
