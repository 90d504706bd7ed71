import { listReviewQueue, ReviewQueueQuery } from "@/lib/drafts/review-queue";
import { queueSpamScoresFirst } from "@/lib/spam/score-draft";
import { webRoute } from "@/lib/web/web-route";

export const GET = webRoute({
  role: "viewer",
  query: ReviewQueueQuery,
  handler: async ({ session, query }) => {
    const page = await listReviewQueue(session.workspace.id, query);
    await queueSpamScoresFirst(page.data); // the page a reviewer reads: scored before the backlog
    return page;
  },
});
