import type { ProcessFn } from "@/lib/jobs/consume";
import { trackJob } from "@/lib/replies/track-jobs";

// A provider that cannot answer now (ProviderUnavailable, a RetryLater) puts the job back as
// delayed for as long as it asked, without using an attempt (the queue's `delayOnRetryLater`).
export const processTrack: ProcessFn<"track"> = (payload) => trackJob(payload);
