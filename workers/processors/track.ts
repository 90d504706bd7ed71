import type { ProcessFn } from "@/lib/jobs/consume";
import { trackReply } from "@/lib/replies/track-reply";

// A provider that cannot answer now throws ProviderUnavailable (a RetryLater): the track queue
// puts the job back as delayed for as long as the provider asked (lib/jobs/consume.ts).
export const processTrack: ProcessFn<"track"> = async (payload) => ({ classification: await trackReply(payload.replyId) });
