import type { Job } from "bullmq";
import type { QueuePayload } from "@/lib/queues";
import { runReplay } from "@/lib/replays/run-replay";

export async function processReplay(job: Job<QueuePayload<"replay">>) {
  return runReplay(job.data.replayId);
}
