import { db } from "@/lib/db";
import { AUTH_CHANNEL, forgetInProcess } from "@/lib/tokens/access-pool";
import { redis } from "@/lib/redis";

/** Where a token's authentication and plan are cached in Redis (read and filled by lib/api/access.ts). */
export const authCacheKey = (hash: string) => `leadpipe:auth:${hash}`;

/**
 * Drops cached authentication for these token hashes, so the next request re-reads the database:
 * the Redis entry, this process's pool, and (by a message on AUTH_CHANNEL) every other process's.
 */
export async function forgetTokenAuth(hashes: string[]): Promise<void> {
  if (!hashes.length) return;
  forgetInProcess(hashes);
  await redis()
    .multi()
    .del(...hashes.map(authCacheKey))
    .publish(AUTH_CHANNEL, hashes.join(","))
    .exec();
}

/** After a member's role changes or they leave: their tokens re-check on the next request. */
export async function forgetTokensOfMember(workspaceId: string, userId: string): Promise<void> {
  const tokens = await db().apiToken.findMany({ where: { workspaceId, userId }, select: { tokenHash: true } });
  await forgetTokenAuth(tokens.map((token) => token.tokenHash));
}
