"use client";

import Link from "next/link";
import { usePack } from "@/components/data/queries/packs";
import { queryKeys } from "@/components/data/query-keys";
import { OfferOverrideForm } from "@/components/offer/offer-override-form";
import { ForkPackForm, ForkToEditButton } from "@/components/packs/fork-pack-form";
import { IcpForm } from "@/components/packs/icp-form";
import { IcpRules } from "@/components/packs/icp-rules";
import { PackApproval } from "@/components/packs/pack-approval";
import { OwnerBadge } from "@/components/packs/pack-list";
import { PackPins } from "@/components/packs/pack-pins";
import { ResolvedSet } from "@/components/packs/resolved-set";
import { QueryState } from "@/components/ui/query-state";
import { LoadingState, Notice } from "@/components/ui/states";
import { cardStyles } from "@/components/ui/styles";

type Props = { slug: string; workspace: string; canEdit: boolean; canApprove: boolean; forked: boolean };

export function PackView({ slug, workspace, canEdit, canApprove, forked }: Props) {
  const pack = usePack(slug);
  if (!pack.isSuccess) return <QueryState query={pack} frame={cardStyles} loading="Loading the pack…" failed="The pack could not be loaded." />;
  const data = pack.data;
  const own = data.owner === "workspace";
  return (
    <div className="space-y-6">
      {forked ? <Notice tone="success">Pack forked into {workspace}. Change its targeting and pins below.</Notice> : null}
      <section aria-labelledby="pack-heading" className={`${cardStyles} p-5`}>
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="pack-heading" className="text-base font-semibold text-slate-900">
            {data.name}
          </h2>
          <OwnerBadge pack={data} />
        </div>
        {data.description ? <p className="mt-1 text-sm text-slate-600">{data.description}</p> : null}
        <p className="mt-1 text-xs text-slate-500">
          Stages: <span className="font-mono">{data.stages.join(" → ")}</span>
          {data.parent ? (
            <>
              {" "}
              · forked from{" "}
              <Link href={`/packs/${data.parent}`} className="font-mono text-indigo-700 hover:underline">
                {data.parent}
              </Link>
            </>
          ) : null}
        </p>
      </section>
      <section aria-labelledby="resolved-heading" className={`${cardStyles} p-5`}>
        <h2 id="resolved-heading" className="text-base font-semibold text-slate-900">
          What runs of this pack use
        </h2>
        <p className="mb-3 mt-1 text-sm text-slate-600">
          Each stage&apos;s prompt version a new run resolves now, and where it comes from: a pin of this pack, the version {workspace} promoted, or the
          built-in production version. A campaign or the run itself can pin a stage over these.
        </p>
        {data.prompt_set ? <ResolvedSet set={data.prompt_set} workspace={workspace} /> : <LoadingState label="Loading the prompt set…" />}
      </section>
      <section aria-labelledby="approval-heading" className={`${cardStyles} p-5`}>
        <h2 id="approval-heading" className="mb-2 text-base font-semibold text-slate-900">
          Approval of its prompt set
        </h2>
        {data.prompt_set ? <PackApproval slug={slug} set={data.prompt_set} canApprove={canApprove} /> : <LoadingState label="Loading the prompt set…" />}
      </section>
      <section aria-labelledby="icp-heading" className={`${cardStyles} p-5`}>
        <h2 id="icp-heading" className="text-base font-semibold text-slate-900">
          Targeting (ideal customer profile)
        </h2>
        <p className="mb-3 mt-1 text-sm text-slate-600">
          {own
            ? canEdit
              ? "Who qualify scores as a fit. Runs started after you save use it; the launcher forecasts how much of a CSV qualifies."
              : "Who qualify scores as a fit; admins change it."
            : "Who qualify scores as a fit. Built-in packs are read-only: fork this one to edit its targeting."}
        </p>
        {own && canEdit ? <IcpForm key={data.slug} pack={data} /> : <IcpRules icp={data.icp} />}
        {!own && canEdit ? <ForkToEditButton pack={data} label="Fork to edit targeting" /> : null}
      </section>
      <section aria-labelledby="pins-heading" className={`${cardStyles} p-5`}>
        <h2 id="pins-heading" className="text-base font-semibold text-slate-900">
          Prompts per stage
        </h2>
        <p className="mb-3 mt-1 text-sm text-slate-600">
          {own
            ? canEdit
              ? "This pack's own pins: a built-in version or one of your forks."
              : "This pack's own pins; admins change them."
            : "The built-in pack's pins; a version your workspace promoted comes before them. Built-in packs are read-only: fork one to change its pins."}
        </p>
        <PackPins pack={data} editable={own && canEdit} />
      </section>
      <section aria-labelledby="pack-offer-heading" className={`${cardStyles} p-5`}>
        <h2 id="pack-offer-heading" className="mb-2 text-base font-semibold text-slate-900">
          Offer for this pack
        </h2>
        {own ? (
          <OfferOverrideForm
            path={`/packs/${slug}`}
            override={data.offer}
            fallbackLabel="Workspace offer"
            canEdit={canEdit}
            invalidate={queryKeys.packs.detail(slug)}
          />
        ) : (
          <p className="text-sm text-slate-600">
            Built-in packs use the workspace&apos;s offer (Settings → Offer and sender); fork this pack to give it its own.
          </p>
        )}
      </section>
      {canEdit ? (
        <section aria-label="Fork this pack" className={`${cardStyles} p-5`}>
          <ForkPackForm pack={data} workspace={workspace} />
        </section>
      ) : null}
    </div>
  );
}
