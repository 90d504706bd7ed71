import { enqueueBulk, liveWork, type QueuePayload } from "@/lib/queues";
import { trackReplies, trackReply } from "@/lib/replies/track-reply";

// Track jobs carry one reply (handed in over /v1) or up to 100 (a mailbox batch). Recovery (the
// mailbox session start, the resume sweep) queues only replies no live job already carries (the
// registry's `work` of each job), so a reply waiting behind a busy hosted provider is never
// classified, and paid for, twice.

const PER_JOB = 100;

/** One `track` job. */
export async function trackJob(payload: QueuePayload<"track">) {
  if ("replyIds" in payload) return { classifications: await trackReplies(payload.replyIds) };
  return { classification: await trackReply(payload.replyId) };
}

/** The track jobs for these replies, PER_JOB per job; `tag` makes the job ids of one call unique. */
export function trackJobs(replyIds: string[], tag: string) {
  const jobs = [];
  for (let start = 0; start < replyIds.length; start += PER_JOB) {
    jobs.push({ payload: { v: 1 as const, replyIds: replyIds.slice(start, start + PER_JOB) }, options: { tag } });
  }
  return jobs;
}

/** Queues track for those of the replies no live job carries; answers how many were queued. */
export async function queueTrackForLost(replyIds: string[], tag: string): Promise<number> {
  if (replyIds.length === 0) return 0;
  const queued = await liveWork("track");
  const lost = replyIds.filter((id) => !queued.has(id));
  await enqueueBulk("track", trackJobs(lost, tag));
  return lost.length;
}
