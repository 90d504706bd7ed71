import Link from "next/link";
import type { Offer } from "@/components/offer/types";

/** Before a run starts: what its drafts will lack when the workspace's offer is not filled in. */
export function OfferWarning({ offer }: { offer: Offer }) {
  const missing = [
    offer.product ? null : "what you sell (drafts fall back to a generic pitch)",
    offer.sender_name ? null : "who signs (drafts are signed with the relay's from name, else the workspace name)",
  ].filter(Boolean);
  if (missing.length === 0) return null;
  return (
    <div role="status" data-testid="offer-warning" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <p className="font-semibold">Your offer is not complete</p>
      <p className="mt-0.5">
        Drafts are written from the offer and sender profile, which does not say {missing.join(", or ")}. A pack or campaign may fill these in for its own runs.{" "}
        <Link href="/settings/offer" className="font-medium underline">
          Complete the offer
        </Link>
      </p>
    </div>
  );
}
