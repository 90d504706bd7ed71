"use client";

import { queryKeys } from "@/components/data/query-keys";
import { usePack } from "@/components/data/queries/packs";
import { OfferOverrideForm } from "@/components/offer/offer-override-form";
import type { OfferOverride } from "@/components/offer/types";
import { cardStyles } from "@/components/ui/styles";

/** The campaign's own offer fields, over its pack's and the workspace's (admins edit them). */
export function CampaignOffer({ id, pack, offer, canEdit }: { id: string; pack: string; offer: OfferOverride | null; canEdit: boolean }) {
  const packData = usePack(pack);
  return (
    <section aria-labelledby="campaign-offer-heading" className={`${cardStyles} p-5`}>
      <h2 id="campaign-offer-heading" className="mb-2 text-base font-semibold text-slate-900">
        Offer for this campaign
      </h2>
      <OfferOverrideForm
        path={`/campaigns/${id}`}
        override={offer}
        under={packData.data?.offer ?? null}
        fallbackLabel="Pack or workspace offer"
        canEdit={canEdit}
        invalidate={queryKeys.campaigns.detail(id)}
      />
    </section>
  );
}
