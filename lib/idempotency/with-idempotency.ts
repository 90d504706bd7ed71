import { createHash } from "node:crypto";
import { db } from "@/lib/db";
import type { HandlerResult } from "@/lib/api/operation";
import { decryptSecret, encryptSecret } from "@/lib/crypto/secrets";
import { Conflict, InvalidRequest } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { committedResource, recoveryFor, withinClaim } from "@/lib/idempotency/claim-context";
import { claimOwner, ownerForClaim, ownerIsGone } from "@/lib/idempotency/process-lease";

// Idempotency-Key on POST (contract §1): the same key and body within 24 h returns the first
// answer without doing the work twice; the same key with another body is 409. Keys belong to the
// token that sent them. Only successful answers are kept: after an error the client may retry.
// A claim is written before the work and completed after it; a claim still open after
// ABANDONED_CLAIM_MS belongs to a process that died (or lost PostgreSQL) mid-request, and the
// retry takes it over instead of being told "in progress" for the rest of the 24 hours. Before
// doing the work again, a takeover checks whether the first attempt committed: work that creates
// a resource marks the claim in its own transaction (lib/idempotency/claim-context.ts), and the
// takeover then answers with that resource. Other work is guarded by its own row checks (an
// approved draft is not approved twice), so a takeover after it committed answers as a second
// request would (e.g. 409 already approved).
// A claim names its process's lease in Redis (lib/idempotency/process-lease.ts): once that lease has
// lapsed (the process was killed), a retry takes the claim over at once instead of after the minute.
// A kept answer can carry a secret (a webhook endpoint's signing secret from create, reveal or
// rotate), so it is sealed like every other secret at rest (lib/crypto/secrets.ts).

const WINDOW_MS = 24 * 60 * 60 * 1000;
const ABANDONED_CLAIM_MS = 60 * 1000;
const RELEASE_WITHIN_MS = 20 * 1000;
const RELEASE_RETRY_MS = 500;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

type Stored = { status: number; body: unknown; location?: string };
type Sealed = { sealed: string };

function seal(stored: Stored): Sealed {
  return { sealed: encryptSecret(JSON.stringify(stored)) };
}

/** Rows written before answers were sealed hold the answer itself; they expire within 24 h. */
function unseal(response: unknown): Stored {
  const sealed = (response as Partial<Sealed> | null)?.sealed;
  return typeof sealed === "string" ? (JSON.parse(decryptSecret(sealed)) as Stored) : (response as Stored);
}

type Claim = { workspaceId: string; tokenId: string; key: string; method: string; path: string; rawBody: string };

function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: string }).code === "P2002";
}

/** The answer for the resource a dead first attempt committed (stored on the claim), or null. */
async function recoverCommitted(workspaceId: string, claimId: string, response: unknown): Promise<HandlerResult | null> {
  const committed = committedResource(response);
  const recover = committed ? recoveryFor(committed.type) : undefined;
  if (!committed || !recover) return null;
  const result = await recover(workspaceId, committed.id);
  const stored: Stored = { status: result.status ?? 200, body: result.body ?? null, location: result.location };
  await db().idempotencyKey.updateMany({ where: { id: claimId, status: null }, data: { status: stored.status, response: seal(stored) } });
  return { ...result, headers: { ...result.headers, "idempotent-replayed": "true" } };
}

export async function withIdempotency(claim: Claim, run: () => Promise<HandlerResult>): Promise<HandlerResult> {
  if (!KEY_PATTERN.test(claim.key)) {
    throw new InvalidRequest("Idempotency-Key must be 1 to 255 printable ASCII characters.", [{ path: "Idempotency-Key", message: "invalid" }]);
  }
  const bodyHash = createHash("sha256").update(claim.rawBody).digest("hex");
  const id = newId("idk");
  const owner = await ownerForClaim();
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await db().idempotencyKey.create({
        data: {
          id,
          workspaceId: claim.workspaceId,
          tokenId: claim.tokenId,
          key: claim.key,
          method: claim.method,
          path: claim.path,
          bodyHash,
          expiresAt: new Date(Date.now() + WINDOW_MS),
          ...(owner ? { response: { owner } } : {}),
        },
      });
      break;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const existing = await db().idempotencyKey.findUnique({ where: { tokenId_key: { tokenId: claim.tokenId, key: claim.key } } });
      if (!existing) continue; // deleted in between: claim again
      if (existing.expiresAt < new Date()) {
        await db().idempotencyKey.deleteMany({ where: { id: existing.id } });
        continue;
      }
      if (existing.bodyHash !== bodyHash || existing.method !== claim.method || existing.path !== claim.path) {
        throw new Conflict("This Idempotency-Key was used with a different request.", "idempotency_conflict");
      }
      if (existing.status === null) {
        const recent = existing.createdAt.getTime() > Date.now() - ABANDONED_CLAIM_MS;
        if (recent && !(await ownerIsGone(claimOwner(existing.response)))) throw new Conflict("A request with this Idempotency-Key is still in progress.");
        const recovered = await recoverCommitted(claim.workspaceId, existing.id, existing.response);
        if (recovered) return recovered;
        await db().idempotencyKey.deleteMany({ where: { id: existing.id, status: null } });
        continue;
      }
      const stored = unseal(existing.response);
      return { status: existing.status, body: stored.body, location: stored.location, headers: { "idempotent-replayed": "true" } };
    }
  }

  try {
    const result = await withinClaim(id, run, owner);
    const stored: Stored = { status: result.status ?? 200, body: result.body ?? null, location: result.location };
    await db().idempotencyKey.update({ where: { id }, data: { status: stored.status, response: seal(stored) } });
    return result;
  } catch (error) {
    await releaseClaim(id);
    throw error;
  }
}

/**
 * Frees the claim of a request that failed, so that the client's retry does the work instead of
 * hearing "in progress" until the claim counts as abandoned. The failure is often PostgreSQL being
 * away (a restart), and then so is the first try of this delete: it is tried again for up to
 * RELEASE_WITHIN_MS (the client's answer waits that long at most). Before issue 34 one try was
 * made, so a request caught by a PostgreSQL restart held its key for the whole ABANDONED_CLAIM_MS:
 * the chaos run's reviewer waited a minute for its approvals. A claim whose answer was kept
 * (`status` set: only the answer was lost) is left, so the retry replays it.
 */
async function releaseClaim(id: string): Promise<void> {
  const deadline = Date.now() + RELEASE_WITHIN_MS;
  for (;;) {
    try {
      await db().idempotencyKey.deleteMany({ where: { id, status: null } });
      return;
    } catch {
      if (Date.now() >= deadline) return; // the takeover after ABANDONED_CLAIM_MS remains
      await new Promise((resolve) => setTimeout(resolve, RELEASE_RETRY_MS));
    }
  }
}
