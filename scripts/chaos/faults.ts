// The faults the chaos run injects, each counted and timed: SIGKILL of a worker (or of all of
// them at once) and of the web process, each started again at once; a Redis restart (SIGKILL,
// then start on its append-only file); a PostgreSQL crash-restart (`pg_ctl stop -m immediate`,
// then start with crash recovery).
import type { AppProcess } from "./app-processes";
import type { PrivateServices } from "./services";

export type FaultKind = "worker kill -9" | "web kill -9" | "redis restart" | "postgres restart";
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
    restartRedis(note: string, downMs = 3_000) {
      return inject("redis restart", note, 1, () => services.restartRedis(downMs));
    },
    restartPostgres(note: string, downMs = 5_000) {
      return inject("postgres restart", note, 1, () => services.restartPostgres(downMs));
    },
    summary(): Record<FaultKind, number> {
      const kinds: FaultKind[] = ["worker kill -9", "web kill -9", "redis restart", "postgres restart"];
      return Object.fromEntries(kinds.map((kind) => [kind, records.filter((r) => r.kind === kind).length])) as Record<FaultKind, number>;
    },
  };
}

export type FaultInjector = ReturnType<typeof faultInjector>;
