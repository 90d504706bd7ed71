import { db } from "@/lib/db";

/** Deletes idempotency records past their 24-hour window. Returns how many went. */
export async function purgeExpiredIdempotencyKeys(now = new Date()): Promise<number> {
  const { count } = await db().idempotencyKey.deleteMany({ where: { expiresAt: { lt: now } } });
  return count;
}
