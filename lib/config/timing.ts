import { z } from "zod";
import { ConfigError } from "@/lib/config";

// Time as a dependency (issue 34): every wait the service makes on purpose lives here, with the
// product's values as defaults and an environment variable to change each one. Code reads
// `timing()`; tests set them short in their environment instead of sleeping real windows out.
// Separate from `config()` so that a module reading a wait needs none of the secrets.
//
//   UNDO_WINDOW_MS          a web approval's undo window before the send and draft.approved leave
//   MAILBOX_SCAN_MS         how often the intake loop looks for mailboxes to read
//   MAILBOX_LEASE_MS        a crashed worker's mailbox is taken over within this
//   SEQUENCE_TICK_MS        how often every worker looks for sequence leads that fell due
//   SEQUENCE_LEASE_SECONDS  a claimed lead whose job was lost (a worker killed between the claim and
//                           the queue, Redis losing its last second) is claimed again after this;
//                           a job renews it while it works, so only lost work waits it out
//   SWEEP_MS                the resume sweeps (lost pipeline jobs, sends, deliveries)
//   IDEMPOTENCY_LEASE_MS    a process's lease on its open Idempotency-Key claims: a killed web
//                           process's claims are taken over within this (lib/idempotency/process-lease.ts)

const ms = (min: number) => z.coerce.number().int().min(min);

const TimingSchema = z.object({
  UNDO_WINDOW_MS: ms(2_000).default(10_000),
  MAILBOX_SCAN_MS: ms(100).default(5_000),
  MAILBOX_LEASE_MS: ms(1_000).default(15_000),
  SEQUENCE_TICK_MS: ms(50).default(1_000),
  SEQUENCE_LEASE_SECONDS: z.coerce.number().int().min(5).default(30),
  SWEEP_MS: ms(1_000).default(60_000),
  IDEMPOTENCY_LEASE_MS: ms(1_500).default(15_000),
});

export type Timing = {
  undoWindowMs: number;
  mailboxScanMs: number;
  mailboxLeaseMs: number;
  sequenceTickMs: number;
  sequenceLeaseSeconds: number;
  sweepMs: number;
  idempotencyLeaseMs: number;
};

export function parseTiming(env: Record<string, string | undefined>): Timing {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([key, value]) => key in TimingSchema.shape && value !== undefined && value !== ""));
  const result = TimingSchema.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => ({ name: String(issue.path[0]), message: issue.message })));
  }
  const t = result.data;
  return {
    undoWindowMs: t.UNDO_WINDOW_MS,
    mailboxScanMs: t.MAILBOX_SCAN_MS,
    mailboxLeaseMs: t.MAILBOX_LEASE_MS,
    sequenceTickMs: t.SEQUENCE_TICK_MS,
    sequenceLeaseSeconds: t.SEQUENCE_LEASE_SECONDS,
    sweepMs: t.SWEEP_MS,
    idempotencyLeaseMs: t.IDEMPOTENCY_LEASE_MS,
  };
}

let cached: Timing | undefined;

export function timing(): Timing {
  cached ??= parseTiming(process.env);
  return cached;
}
