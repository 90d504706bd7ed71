import { timing } from "@/lib/config/timing";
import { sqlTransaction } from "@/lib/db";
import { claimDue } from "@/lib/lifecycle/sequence";
import { log } from "@/lib/log";
import { enqueueBulkAfterCommit } from "@/lib/queues";

// The sequence scheduler (docs/pipeline.md "Sequences"): nothing sleeps per lead. Each lead with
// something due carries its time in `run_leads.nextAt`, under a partial index that holds only such
// leads. A tick claims the due ones (oldest first, SKIP LOCKED, so every worker process may tick)
// and queues them as `sequence` jobs of up to BATCH leads of one run. The claim is a lease: it
// pushes `nextAt` the timing config's SEQUENCE_LEASE_SECONDS (30 s) ahead, so a lead whose job is
// lost (a worker killed between its claim's commit and the queue, Redis losing its last second of
// writes) comes due again and is claimed once more within seconds, not minutes; the job's writes
// are idempotent. A job renews the lease of its leads when it starts and, while it writes, of the
// leads it has not reached (lib/sequences/draft-follow-ups.ts). A job still waiting in a long queue
// may see its leads claimed a second time: the second job finds them settled and writes nothing.
// A job takes up to 1,000 leads: at 100,000 falling due at once, fewer, larger transactions
// (scripts/bench/sequences.ts: 4,600 leads/s at 500, 5,700 at 1,000 on the same machine).

export const TICK_LIMIT = 5_000;
export const BATCH = 1_000;
/** The scheduler's lease on a claimed lead, in seconds (lib/config/timing.ts). */
export const leaseSeconds = () => timing().sequenceLeaseSeconds;

/** One tick: answers how many leads it claimed. */
export async function tickSequences(limit = TICK_LIMIT): Promise<number> {
  const claimed = await sqlTransaction((client) => claimDue(client, limit, leaseSeconds()));
  if (claimed.length === 0) return 0;
  const byRun = new Map<string, string[]>();
  for (const row of claimed) byRun.set(row.runId, [...(byRun.get(row.runId) ?? []), row.id]);
  const stamp = Date.now().toString(36);
  const jobs = [...byRun].flatMap(([runId, ids]) =>
    Array.from({ length: Math.ceil(ids.length / BATCH) }, (_, i) => ({
      payload: { v: 1 as const, runId, runLeadIds: ids.slice(i * BATCH, (i + 1) * BATCH) },
      options: { tag: stamp },
    })),
  );
  await enqueueBulkAfterCommit("sequence", jobs);
  log.debug({ claimed: claimed.length, jobs: jobs.length }, "sequence tick");
  return claimed.length;
}

/** Ticks every SEQUENCE_TICK_MS (1 s; at once again while a tick finds a full batch), in every worker process. */
export function startSequenceLoop(everyMs = timing().sequenceTickMs): { stop: () => Promise<void> } {
  let running = true;
  const loop = (async () => {
    while (running) {
      let claimed = 0;
      try {
        claimed = await tickSequences();
      } catch (error) {
        log.warn({ err: (error as Error).message }, "sequence tick failed; will retry");
      }
      if (claimed < TICK_LIMIT) await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
    },
  };
}
