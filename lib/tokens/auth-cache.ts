import { db } from "@/lib/db";
import { authCacheKey } from "@/lib/api/access";
import { redis } from "@/lib/redis";

/** Drops cached authentication for these token hashes, so the next request re-reads the database. */
export async function forgetTokenAuth(hashes: string[]): Promise<void> {
  if (hashes.length) await redis().del(...hashes.map(authCacheKey));
}

/** After a member's role changes or they leave: their tokens re-check on the next request. */
export async function forgetTokensOfMember(workspaceId: string, userId: string): Promise<void> {
  const tokens = await db().apiToken.findMany({ where: { workspaceId, userId }, select: { tokenHash: true } });
  await forgetTokenAuth(tokens.map((token) => token.tokenHash));
}
