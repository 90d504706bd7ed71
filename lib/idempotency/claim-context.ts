import { AsyncLocalStorage } from "node:async_hooks";
import type { HandlerResult } from "@/lib/api/operation";
import type { Tx } from "@/lib/db";
import { Conflict } from "@/lib/errors";

// A takeover must not repeat work the first attempt committed (a process can die after its
// transaction and before storing the answer). So work that creates a resource under an
// Idempotency-Key writes, in its own transaction, a marker on the claim naming what it created
// (markClaimCommitted); a takeover that finds the marker answers with that resource (through the
// recovery its module registered) instead of doing the work again. And if a takeover has already
// replaced the claim, the slow first attempt's transaction fails and rolls back.

type Resource = { type: string; id: string };
const claims = new AsyncLocalStorage<{ claimId: string; owner: string | null }>();
const recoveries = new Map<string, (workspaceId: string, id: string) => Promise<HandlerResult>>();

/** Runs `work` as the holder of this claim (withIdempotency does this), whose owner's lease it names (lib/idempotency/process-lease.ts). */
export function withinClaim<T>(claimId: string, work: () => Promise<T>, owner: string | null = null): Promise<T> {
  return claims.run({ claimId, owner }, work);
}

/** Inside the transaction that creates `resource`: records it on the current claim (if any). */
export async function markClaimCommitted(tx: Tx, resource: Resource): Promise<void> {
  const current = claims.getStore();
  if (!current) return;
  const marked = await tx.idempotencyKey.updateMany({
    where: { id: current.claimId, status: null },
    data: { response: { committed: resource, ...(current.owner ? { owner: current.owner } : {}) } },
  });
  if (marked.count === 0) throw new Conflict("A retry with this Idempotency-Key took the request over.");
}

/** How to answer again for a resource of this type that a dead attempt created. */
export function registerRecovery(type: string, answer: (workspaceId: string, id: string) => Promise<HandlerResult>): void {
  recoveries.set(type, answer);
}

/** The committed resource recorded on an open claim, if the first attempt got that far. */
export function committedResource(response: unknown): Resource | null {
  const committed = (response as { committed?: Resource } | null)?.committed;
  return committed && typeof committed.type === "string" && typeof committed.id === "string" ? committed : null;
}

export function recoveryFor(type: string) {
  return recoveries.get(type);
}
