import { db } from "@/lib/db";
import { getOffer } from "@/lib/offer/workspace-offer";
import { DRAFT_STATUS } from "@/lib/statuses";

/** Headline counts for the workspace home page, and how far the workspace is through getting started. */
export async function workspaceOverview(workspaceId: string) {
  const [leads, runs, awaitingReview, members, relay, offer, reviewed] = await Promise.all([
    db().lead.count({ where: { workspaceId } }),
    db().run.count({ where: { workspaceId } }),
    db().draft.count({ where: { workspaceId, status: DRAFT_STATUS.awaiting_review } }),
    db().membership.count({ where: { workspaceId } }),
    db().relaySettings.findUnique({ where: { workspaceId }, select: { workspaceId: true } }),
    getOffer(workspaceId),
    db().draft.findFirst({ where: { workspaceId, reviewedAt: { not: null } }, select: { id: true } }),
  ]);
  const gettingStarted = { relay: Boolean(relay), offer: Boolean(offer.product), firstRun: runs > 0, firstReview: Boolean(reviewed) };
  return { leads, runs, awaitingReview, members, gettingStarted };
}
export type GettingStarted = Awaited<ReturnType<typeof workspaceOverview>>["gettingStarted"];
