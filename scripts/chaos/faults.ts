// The faults the chaos run injects, each counted and timed: SIGKILL of a worker (or of all of
// them at once) and of the web process, each started again at once; a Redis restart (SIGKILL,
// then start on its append-only file); a PostgreSQL crash-restart (`pg_ctl stop -m immediate`,
// then start with crash recovery); a worker that SIGKILLs itself between the relay's acceptance of
// a mail and the commit recording it (LEADPIPE_CRASH_AT=send.after-relay-accepted), and one that
// does so once a send is `committing`, before the end of its message (send.after-committing,
// lib/sending/crash-point.ts). Both leave a send in doubt: the first at the sink, the second not.
import type { AppProcess } from "./app-processes";
import type { PrivateServices } from "./services";

export type FaultKind = "worker kill -9" | "web kill -9" | "redis restart" | "postgres restart" | "worker dies after relay OK" | "worker dies in committing";
export type FaultRecord = { kind: FaultKind; atSeconds: number; note: string; recoveredSeconds: number };

export function faultInjector(options: { web: AppProcess; workers: AppProcess[]; services: PrivateServices; startedAt: number; log: (line: string) => void }) {
  const { web, workers, services, startedAt, log } = options;
  const records: FaultRecord[] = [];
  const seconds = () => (Date.now() - startedAt) / 1000;

  async function inject(kind: FaultKind, note: string, count: number, action: () => Promise<void>) {
    const at = seconds();
    log(`fault at ${at.toFixed(1)} s: ${kind}${count > 1 ? ` ×${count}` : ""} (${note})`);
    await action();
    const recovered = seconds() - at;
    for (let i = 0; i < count; i++) records.push({ kind, atSeconds: at, note, recoveredSeconds: recovered });
    log(`  back after ${recovered.toFixed(1)} s`);
  }

  return {
    records,
    /** Seconds since the chaos run started (the clock of `atSeconds`). */
    elapsed: seconds,
    /** SIGKILL one worker (or every worker, when `index` is "all") and start it again. */
    killWorkers(index: number | "all", note: string) {
      const chosen = index === "all" ? workers : [workers[index]];
      return inject("worker kill -9", note, chosen.length, async () => {
        await Promise.all(chosen.map((worker) => worker.kill9()));
        await Promise.all(chosen.map((worker) => worker.start()));
      });
    },
    killWeb(note: string) {
      return inject("web kill -9", note, 1, async () => {
        await web.kill9();
        await web.start();
      });
    },
    /**
     * Restarts worker `index` with a crash point armed (`send.after-relay-accepted`: on its first
     * accepted send, before the commit; `send.after-committing`: on its first send in `committing`,
     * before the end of the message) and waits until it dies there, then starts it again as usual.
     */
    crashAt(point: "send.after-relay-accepted" | "send.after-committing", index: number, note: string) {
      const worker = workers[index];
      return inject(point === "send.after-relay-accepted" ? "worker dies after relay OK" : "worker dies in committing", note, 1, async () => {
        await worker.kill9();
        await worker.start({ LEADPIPE_CRASH_AT: point });
        const crashed = await worker.exitsOnItsOwn(180_000);
        if (!crashed) {
          log("  the armed worker sent nothing within 180 s; killed it instead");
          await worker.kill9();
        }
        await worker.start();
      });
    },
    restartRedis(note: string, downMs = 3_000) {
      return inject("redis restart", note, 1, () => services.restartRedis(downMs));
    },
    restartPostgres(note: string, downMs = 5_000) {
      return inject("postgres restart", note, 1, () => services.restartPostgres(downMs));
    },
    summary(): Record<FaultKind, number> {
      const kinds: FaultKind[] = [
        "worker kill -9",
        "web kill -9",
        "redis restart",
        "postgres restart",
        "worker dies after relay OK",
        "worker dies in committing",
      ];
      return Object.fromEntries(kinds.map((kind) => [kind, records.filter((r) => r.kind === kind).length])) as Record<FaultKind, number>;
    },
  };
}

export type FaultInjector = ReturnType<typeof faultInjector>;
