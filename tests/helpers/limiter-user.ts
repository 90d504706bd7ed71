// A separate process using the Redis provider limiter, as a second worker process would:
// `node --import tsx tests/helpers/limiter-user.ts '<json>'` with
// {key, limits, startAt, calls, callMs, leaseMs?} runs `calls` concurrent calls of `callMs` each
// through withProviderSlot from `startAt` on, printing one `{"start","end"}` line per call;
// with {hold: true} it takes one slot, prints `held <ms>` and never gives it back.
import { acquireSlot, withProviderSlot, type Limits } from "@/lib/providers/limiter";

type Args = { key: string; limits: Limits; startAt?: number; calls?: number; callMs?: number; leaseMs?: number; hold?: boolean };
const args = JSON.parse(process.argv[2]) as Args;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

if (args.hold) {
  await acquireSlot(args.key, args.limits, { leaseMs: args.leaseMs });
  console.log(`held ${Date.now()}`);
  await sleep(3_600_000);
} else {
  await sleep(Math.max(0, (args.startAt ?? 0) - Date.now()));
  await Promise.all(
    Array.from({ length: args.calls ?? 1 }, () =>
      withProviderSlot(
        args.key,
        args.limits,
        async () => {
          const start = Date.now();
          await sleep(args.callMs ?? 0);
          console.log(JSON.stringify({ start, end: Date.now() }));
        },
        { leaseMs: args.leaseMs },
      ),
    ),
  );
  process.exit(0);
}
