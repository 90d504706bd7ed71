import { db } from "@/lib/db";
import type { Plan, Role, TokenScope } from "@/lib/generated/prisma/enums.ts";
import { sha256Hex } from "@/lib/crypto/secrets";
import { Unauthenticated } from "@/lib/errors";
import { isWellFormedToken } from "@/lib/tokens/token-format";

export type AuthContext = {
  token: { id: string; name: string; scope: TokenScope };
  workspace: { id: string; slug: string; plan: Plan };
  user: { id: string; email: string };
  role: Role;
  actor: { type: "token"; id: string; name: string };
};

const LAST_USED_GRANULARITY_MS = 60_000;

/** Resolves "Bearer lpat_..." to the token, its workspace and its creator's current role. */
export async function authenticateToken(authorization: string | null): Promise<AuthContext> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
  if (!match) throw new Unauthenticated("Send Authorization: Bearer <personal access token>.");
  const token = match[1];
  if (!isWellFormedToken(token)) throw new Unauthenticated("That is not a LeadPipe access token.");

  const row = await db().apiToken.findUnique({
    where: { tokenHash: sha256Hex(token) },
    select: {
      id: true, name: true, scope: true, workspaceId: true, expiresAt: true, revokedAt: true, lastUsedAt: true,
      workspace: { select: { id: true, slug: true, plan: true } },
      user: { select: { id: true, email: true, memberships: { select: { role: true, workspaceId: true } } } },
    },
  });
  if (!row) throw new Unauthenticated("Unknown access token.");
  if (row.revokedAt) throw new Unauthenticated("This access token was revoked.");
  const now = new Date();
  if (row.expiresAt && row.expiresAt <= now) throw new Unauthenticated("This access token has expired.");
  const membership = row.user.memberships.find((m) => m.workspaceId === row.workspaceId);
  if (!membership) throw new Unauthenticated("The token's creator is no longer a member of this workspace.");

  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > LAST_USED_GRANULARITY_MS) {
    // At most once a minute, and never in the request's way.
    void db().apiToken.update({ where: { id: row.id }, data: { lastUsedAt: now } }).catch(() => undefined);
  }

  return {
    token: { id: row.id, name: row.name, scope: row.scope },
    workspace: row.workspace,
    user: { id: row.user.id, email: row.user.email },
    role: membership.role as Role,
    actor: { type: "token", id: row.id, name: `${row.name} (${row.user.email})` },
  };
}
