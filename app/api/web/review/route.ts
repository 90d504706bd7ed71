import { listReviewQueue, ReviewQueueQuery } from "@/lib/drafts/review-queue";
import { webRoute } from "@/lib/web/web-route";

export const GET = webRoute({ role: "viewer", query: ReviewQueueQuery, handler: ({ session, query }) => listReviewQueue(session.workspace.id, query) });
