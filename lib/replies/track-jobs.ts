import { queue, enqueueBulk, LIVE_JOB_STATES } from "@/lib/queues";

// Track jobs carry one reply (handed in over /v1) or up to 100 (a mailbox batch). Recovery (the
// mailbox session start, the resume sweep) queues only replies no live job already carries, so a
// reply waiting behind a busy hosted provider is never classified, and paid for, twice.

const PER_JOB = 100;

/** Every reply a waiting, active or delayed track job carries. */
export async function repliesInLiveJobs(): Promise<Set<string>> {
  const jobs = await queue("track").getJobs([...LIVE_JOB_STATES], 0, -1);
  return new Set(jobs.flatMap((job) => (job?.data?.replyIds as string[] | undefined) ?? (job?.data?.replyId ? [job.data.replyId as string] : [])));
}

/** Queues track for the replies, PER_JOB per job; `tag` makes the job ids of one call unique. */
export async function queueTrack(replyIds: string[], tag: string): Promise<void> {
  const jobs = [];
  for (let start = 0; start < replyIds.length; start += PER_JOB) {
    const chunk = replyIds.slice(start, start + PER_JOB);
    jobs.push({ payload: { v: 1 as const, replyIds: chunk }, options: { jobId: `track.${chunk[0]}.${tag}` } });
  }
  await enqueueBulk("track", jobs);
}

/** Queues track for those of the replies no live job carries; answers how many were queued. */
export async function queueTrackForLost(replyIds: string[], tag: string): Promise<number> {
  if (replyIds.length === 0) return 0;
  const queued = await repliesInLiveJobs();
  const lost = replyIds.filter((id) => !queued.has(id));
  await queueTrack(lost, tag);
  return lost.length;
}
