import { db } from "@/lib/db";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { NotFound } from "@/lib/errors";
import { forgetTokenAuth } from "@/lib/tokens/auth-cache";

/** Revokes a token of the workspace by id or by its display prefix ("lpat_abcd"). Idempotent. */
export async function revokeToken(workspaceId: string, ref: { id?: string; prefix?: string }, actor: Actor) {
  const { tokenHash, ...token } = await markRevoked(workspaceId, ref, actor);
  await forgetTokenAuth([tokenHash]);
  return token;
}

/** The token's hash names its cached authentication, which revoking drops (lib/db.ts leaves it out of ordinary reads). */
const WITH_HASH = { tokenHash: false } as const;

async function markRevoked(workspaceId: string, ref: { id?: string; prefix?: string }, actor: Actor) {
  return db().$transaction(async (tx) => {
    const token = await tx.apiToken.findFirst({
      where: { workspaceId, ...(ref.id ? { id: ref.id } : { prefix: ref.prefix }), revokedAt: null },
    });
    if (!token) {
      const already = await tx.apiToken.findFirst({ where: { workspaceId, ...(ref.id ? { id: ref.id } : { prefix: ref.prefix }) }, omit: WITH_HASH });
      if (already) return already;
      throw new NotFound("access token");
    }
    const revoked = await tx.apiToken.update({ where: { id: token.id }, data: { revokedAt: new Date() }, omit: WITH_HASH });
    await recordAudit(tx, {
      workspaceId,
      actor,
      action: "token.revoked",
      target: { type: "api_token", id: token.id },
      data: { name: token.name, display: `${token.prefix}…${token.last4}` },
    });
    return revoked;
  });
}
