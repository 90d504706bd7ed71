import { JOB_ROW_STATUS } from "@/lib/statuses";
import { sql } from "@/lib/db";
import { enqueueBulk } from "@/lib/queues";

// Evaluations and replays are queued after their row commits; if that enqueue was lost (Redis down
// at that moment, the process killed in between), the row would wait as `queued` for ever. The
// minute sweep queues rows still `queued` after a minute again under their own job ids, which BullMQ
// ignores while a job of that id exists, so a job that is merely waiting is never doubled.

const STALE_SECONDS = 60;

export async function resumeQueuedJobs(): Promise<{ evaluations: number; replays: number }> {
  const [evaluations, replays] = await Promise.all(
    ["evaluations", "replays"].map(async (table) =>
      (
        await sql().query<{ id: string }>(`SELECT id FROM ${table} WHERE status = $2 AND "createdAt" < now() - make_interval(secs => $1) LIMIT 1000`, [
          STALE_SECONDS,
          JOB_ROW_STATUS.queued,
        ])
      ).rows.map((row) => row.id),
    ),
  );
  await enqueueBulk(
    "evaluate",
    evaluations.map((id) => ({ payload: { v: 1 as const, evaluationId: id } })),
  );
  await enqueueBulk(
    "replay",
    replays.map((id) => ({ payload: { v: 1 as const, replayId: id } })),
  );
  return { evaluations: evaluations.length, replays: replays.length };
}
