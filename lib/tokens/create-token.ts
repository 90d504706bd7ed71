import { db } from "@/lib/db";
import type { TokenScope } from "@/lib/generated/prisma/enums.ts";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { sha256Hex } from "@/lib/crypto/secrets";
import { ValidationFailed } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { generateToken, tokenDisplayParts } from "@/lib/tokens/token-format";

export const TOKEN_LIFETIMES_DAYS = [7, 30, 90, 365] as const;

export type CreateTokenOptions = {
  workspaceId: string;
  userId: string;
  name: string;
  scope: TokenScope;
  /** One of TOKEN_LIFETIMES_DAYS, or null for no expiry. */
  expiresInDays: number | null;
  actor: Actor;
};

/** Creates a token; the plaintext is returned once and only its SHA-256 is stored. */
export async function createToken({ workspaceId, userId, name, scope, expiresInDays, actor }: CreateTokenOptions) {
  const trimmed = name.trim();
  const errors = [];
  if (!trimmed || trimmed.length > 100) errors.push({ path: "name", message: "must be 1 to 100 characters" });
  if (expiresInDays !== null && !(TOKEN_LIFETIMES_DAYS as readonly number[]).includes(expiresInDays)) {
    errors.push({ path: "expires_in_days", message: `must be one of ${TOKEN_LIFETIMES_DAYS.join(", ")} or none` });
  }
  if (errors.length) throw new ValidationFailed(errors);

  const token = generateToken();
  const { prefix, last4 } = tokenDisplayParts(token);
  const expiresAt = expiresInDays === null ? null : new Date(Date.now() + expiresInDays * 86_400_000);
  const record = await db().$transaction(async (tx) => {
    const created = await tx.apiToken.create({
      data: { id: newId("tok"), workspaceId, userId, name: trimmed, tokenHash: sha256Hex(token), prefix, last4, scope, expiresAt },
    });
    await recordAudit(tx, {
      workspaceId,
      actor,
      action: "token.created",
      target: { type: "api_token", id: created.id },
      data: { name: trimmed, scope, expires_at: expiresAt?.toISOString() ?? null, display: `${prefix}…${last4}` },
    });
    return created;
  });
  return { token, record };
}
