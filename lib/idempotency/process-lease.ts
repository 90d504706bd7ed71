import { randomBytes } from "node:crypto";
import { timing } from "@/lib/config/timing";
import { redis } from "@/lib/redis";

// Whether the process holding an open Idempotency-Key claim is still alive (docs/reliability.md).
// Each process that claims keys holds a lease in Redis, `leadpipe:idempotency-owner:<id>`, set with
// a time to live of IDEMPOTENCY_LEASE_MS and renewed every third of it; its claims name it. A
// process killed mid-request stops renewing, so its lease lapses within IDEMPOTENCY_LEASE_MS and a
// retry may take its claims over then, instead of after the minute an open claim needs otherwise.
//
// A missing lease is believed only when this process's own renewals have all succeeded for a
// renewal period and a half: then Redis has been up long enough for a live owner to have renewed
// too (after a Redis restart that lost or expired the leases, say). Without that, or without Redis,
// or for a claim that names no owner, the minute stands. A claim is written only after its owner's
// lease was set, so no live claim names a lease that was never there.

const PREFIX = "leadpipe:idempotency-owner:";

// One lease per process, on globalThis: the web app bundles its routes apart, and every copy of this
// module must name (and renew) the same lease.
type State = { owner: string; timer?: NodeJS.Timeout; renewedAt: number | null; upSince: number | null };
const STATE = Symbol.for("leadpipe.idempotencyLease");
function state(): State {
  const holder = globalThis as { [STATE]?: State };
  return (holder[STATE] ??= { owner: `boot_${randomBytes(9).toString("hex")}`, renewedAt: null, upSince: null });
}

const leaseMs = () => timing().idempotencyLeaseMs;
const renewMs = () => Math.floor(leaseMs() / 3);

async function renew(): Promise<boolean> {
  const now = Date.now();
  try {
    await redis().set(PREFIX + state().owner, "1", "PX", leaseMs());
    state().renewedAt = now;
    state().upSince ??= now;
    return true;
  } catch {
    state().upSince = null;
    return false;
  }
}

/**
 * This process's lease, to be named on a claim it writes, or null (Redis away: the claim names no
 * owner and waits the minute). Starts the renewals on first use; waits for a renewal only when the
 * last one is too old to leave the lease more than half its life.
 */
export async function ownerForClaim(): Promise<string | null> {
  const current = state();
  if (!current.timer) {
    current.timer = setInterval(() => void renew(), renewMs());
    current.timer.unref();
  }
  if (current.renewedAt !== null && Date.now() - current.renewedAt < leaseMs() / 2) return current.owner;
  return (await renew()) ? current.owner : null;
}

/** Whether the owner named on an open claim is known to be dead: its lease lapsed while Redis was up. */
export async function ownerIsGone(owner: string | null): Promise<boolean> {
  if (!owner || owner === state().owner) return false;
  const upSince = state().upSince;
  if (upSince === null || Date.now() - upSince < renewMs() * 1.5) return false;
  try {
    return (await redis().exists(PREFIX + owner)) === 0;
  } catch {
    return false;
  }
}

/** The owner an open claim's stored `response` names, if any. */
export function claimOwner(response: unknown): string | null {
  const owner = (response as { owner?: unknown } | null)?.owner;
  return typeof owner === "string" ? owner : null;
}
