import { db } from "@/lib/db";
import { getOffer } from "@/lib/offer/workspace-offer";
import { DRAFT_STATUS } from "@/lib/statuses";

/** Headline counts for the workspace home page, how far the workspace is through getting started, and its hosted model providers. */
export async function workspaceOverview(workspaceId: string) {
  const [leads, runs, awaitingReview, members, relay, offer, reviewed, providers, senders] = await Promise.all([
    db().lead.count({ where: { workspaceId } }),
    db().run.count({ where: { workspaceId } }),
    db().draft.count({ where: { workspaceId, status: DRAFT_STATUS.awaiting_review } }),
    db().membership.count({ where: { workspaceId } }),
    db().relaySettings.findUnique({ where: { workspaceId }, select: { workspaceId: true } }),
    getOffer(workspaceId),
    db().draft.findFirst({ where: { workspaceId, reviewedAt: { not: null } }, select: { id: true } }),
    db().provider.findMany({ where: { workspaceId, kind: { not: "local" } }, select: { slug: true }, orderBy: { slug: "asc" } }),
    db().sender.count({ where: { workspaceId, enabled: true } }),
  ]);
  // Mail goes out once there is a relay or an enabled sender (Settings → Senders): either connects it.
  const gettingStarted = { relay: Boolean(relay) || senders > 0, offer: Boolean(offer.product), firstRun: runs > 0, firstReview: Boolean(reviewed) };
  return { leads, runs, awaitingReview, members, gettingStarted, hostedProviders: providers.map((p) => p.slug) };
}
export type GettingStarted = Awaited<ReturnType<typeof workspaceOverview>>["gettingStarted"];
