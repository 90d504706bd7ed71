import { z } from "zod";
import { db } from "@/lib/db";
import { decodeCursor, ListQuery, toPage } from "@/lib/http/pagination";
import { TOKEN_STATUS, type TokenStatus } from "@/lib/states/token";
import { TOKEN_LIFETIMES_DAYS } from "@/lib/tokens/create-token";

// The workspace's tokens as Settings → API tokens shows them (contract §3): never the secret, only
// "lpat_abcd…wxyz" with name, scope, creator, created, last used (at most a minute stale), expiry and status.

export type { TokenStatus } from "@/lib/states/token";

export type TokenListItem = {
  id: string;
  name: string;
  display: string;
  scope: "read" | "write";
  creator: { id: string; name: string; email: string };
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
  revoked_at: string | null;
  status: TokenStatus;
};

/** What the web form sends to create a token: `expires_in_days` null means no expiry. */
export const CreateTokenBody = z.strictObject({
  name: z.string().trim().min(1, "Give the token a name").max(100),
  scope: z.enum(["read", "write"]),
  expires_in_days: z.union([z.literal(TOKEN_LIFETIMES_DAYS), z.null()]),
});

export function tokenStatus(token: { revokedAt: Date | null; expiresAt: Date | null }, now = new Date()): TokenStatus {
  if (token.revokedAt) return TOKEN_STATUS.revoked;
  if (token.expiresAt && token.expiresAt <= now) return TOKEN_STATUS.expired;
  return TOKEN_STATUS.active;
}

type TokenRow = {
  id: string;
  name: string;
  prefix: string;
  last4: string;
  scope: "read" | "write";
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
};

export function presentToken(row: TokenRow, creator: TokenListItem["creator"], now = new Date()): TokenListItem {
  return {
    id: row.id,
    name: row.name,
    display: `${row.prefix}…${row.last4}`,
    scope: row.scope,
    creator,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    status: tokenStatus(row, now),
  };
}

export async function listTokens(workspaceId: string, query: z.infer<typeof ListQuery>) {
  const after = decodeCursor("tokens", workspaceId, query.cursor);
  const rows = await db().apiToken.findMany({
    where: { workspaceId, ...(after ? { id: { lt: after } } : {}) },
    select: {
      id: true,
      name: true,
      prefix: true,
      last4: true,
      scope: true,
      createdAt: true,
      lastUsedAt: true,
      expiresAt: true,
      revokedAt: true,
      user: { select: { id: true, name: true, email: true } },
    },
    orderBy: { id: "desc" },
    take: query.limit + 1,
  });
  const now = new Date();
  return toPage(rows, query.limit, "tokens", workspaceId, (row) => presentToken(row, row.user, now));
}
