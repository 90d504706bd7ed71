import { db } from "@/lib/db";

/** Headline counts for the workspace home page. */
export async function workspaceOverview(workspaceId: string) {
  const [leads, runs, awaitingReview, members] = await Promise.all([
    db().lead.count({ where: { workspaceId } }),
    db().run.count({ where: { workspaceId } }),
    db().draft.count({ where: { workspaceId, status: "awaiting_review" } }),
    db().membership.count({ where: { workspaceId } }),
  ]);
  return { leads, runs, awaitingReview, members };
}
