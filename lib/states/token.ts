import { labelled, named } from "@/lib/states/define";

// An API token's status (lib/tokens/list-tokens.ts): computed from `revokedAt` and `expiresAt`. Browser-safe.

export const TOKEN_STATUSES = ["active", "expired", "revoked"] as const;
export type TokenStatus = (typeof TOKEN_STATUSES)[number];
export const TOKEN_STATUS = named(TOKEN_STATUSES);
export const TOKEN_STATUS_LABELS = labelled(TOKEN_STATUSES);
