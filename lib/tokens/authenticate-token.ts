import { db, sql } from "@/lib/db";
import type { Plan, Role, TokenScope } from "@/lib/generated/prisma/enums.ts";
import { sha256Hex } from "@/lib/crypto/secrets";
import { Unauthenticated } from "@/lib/errors";
import { isWellFormedToken } from "@/lib/tokens/token-format";

export type AuthContext = {
  token: { id: string; name: string; scope: TokenScope; hash: string; expiresAt: number | null };
  workspace: { id: string; slug: string; plan: Plan };
  user: { id: string; email: string };
  role: Role;
  actor: { type: "token"; id: string; name: string };
};

/** "Bearer lpat_..." to the SHA-256 the token is stored under; 401 for anything else. */
export function tokenHashFromHeader(authorization: string | null): string {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
  if (!match) throw new Unauthenticated("Send Authorization: Bearer <personal access token>.");
  if (!isWellFormedToken(match[1])) throw new Unauthenticated("That is not a LeadPipe access token.");
  return sha256Hex(match[1]);
}

type TokenRow = {
  id: string;
  name: string;
  scope: TokenScope;
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  workspaceId: string;
  slug: string;
  plan: Plan;
  userId: string;
  email: string;
  role: Role | null;
};

/**
 * Loads a token by hash with its workspace and its creator's current role, refusing revoked,
 * expired and orphaned tokens. Marks it used (this runs at most about once a minute per token:
 * the result is cached, see lib/api/access.ts).
 */
export async function loadTokenAuth(hash: string): Promise<AuthContext> {
  const { rows } = await sql().query<TokenRow>(
    `SELECT t.id, t.name, t.scope, t."expiresAt", t."revokedAt", t."lastUsedAt", w.id AS "workspaceId", w.slug, w.plan,
            u.id AS "userId", u.email, m.role
       FROM api_tokens t
       JOIN workspaces w ON w.id = t."workspaceId"
       JOIN users u ON u.id = t."userId"
       LEFT JOIN memberships m ON m."workspaceId" = t."workspaceId" AND m."userId" = t."userId"
      WHERE t."tokenHash" = $1`,
    [hash],
  );
  const row = rows[0];
  if (!row) throw new Unauthenticated("Unknown access token.");
  if (row.revokedAt) throw new Unauthenticated("This access token was revoked.");
  if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) throw new Unauthenticated("This access token has expired.");
  if (!row.role) throw new Unauthenticated("The token's creator is no longer a member of this workspace.");
  void db()
    .apiToken.update({ where: { id: row.id }, data: { lastUsedAt: new Date() } })
    .catch(() => undefined);
  return {
    token: { id: row.id, name: row.name, scope: row.scope, hash, expiresAt: row.expiresAt?.getTime() ?? null },
    workspace: { id: row.workspaceId, slug: row.slug, plan: row.plan },
    user: { id: row.userId, email: row.email },
    role: row.role,
    actor: { type: "token", id: row.id, name: `${row.name} (${row.email})` },
  };
}
