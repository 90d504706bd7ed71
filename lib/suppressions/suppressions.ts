import { db, type Tx } from "@/lib/db";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { newId } from "@/lib/ids";
import { afterSuppressed } from "@/lib/suppressions/hooks";

// The suppression list: addresses a workspace never sends to again. One row per lower-cased
// address. Every change is an audit entry written in the same transaction as the change. The send
// path asks isSuppressed() before every send; intake (bounces, unsubscribe replies), the one-click
// unsubscribe link, the API, the CSV import and the page add and remove through these functions. An
// address added ends its sequences through a hook the sequences register (lib/suppressions/hooks.ts).

export const SUPPRESSION_SOURCES = ["manual", "import", "unsubscribe_link", "reply", "bounce"] as const;
export type SuppressionSource = (typeof SUPPRESSION_SOURCES)[number];

export const SYSTEM_ACTOR: Actor = { type: "system", id: "system", name: "LeadPipe" };

export type SuppressInput = {
  workspaceId: string;
  email: string;
  /** Why, in words ("Asked to be removed", "550 5.1.1 user unknown"); at most 500 characters. */
  reason: string;
  source: SuppressionSource;
  actor?: Actor;
};

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Adds the address unless it is already there (the first reason is kept). Audited when added. */
export async function suppress(input: SuppressInput, tx?: Tx): Promise<{ created: boolean; id: string }> {
  if (!tx) return db().$transaction((own) => suppress(input, own));
  const emailLower = normalizeEmail(input.email);
  const reason = input.reason.slice(0, 500);
  const id = newId("sup");
  const inserted = await tx.$executeRaw`
    INSERT INTO suppressions ("id", "workspaceId", "emailLower", "reason", "source")
    VALUES (${id}, ${input.workspaceId}, ${emailLower}, ${reason}, ${input.source})
    ON CONFLICT ("workspaceId", "emailLower") DO NOTHING`;
  if (inserted === 0) {
    const existing = await tx.suppression.findUniqueOrThrow({ where: { workspaceId_emailLower: { workspaceId: input.workspaceId, emailLower } } });
    return { created: false, id: existing.id };
  }
  // Nothing more is sent to the address: the features that registered a hook act on it in this
  // transaction (the sequences end, lib/sequences/send-hooks.ts; a reply's own stop rule ran first).
  await afterSuppressed(tx, { workspaceId: input.workspaceId, emailLower, source: input.source });
  await recordAudit(tx, {
    workspaceId: input.workspaceId,
    actor: input.actor ?? SYSTEM_ACTOR,
    action: "suppression.added",
    target: { type: "suppression", id: emailLower },
    data: { reason, source: input.source },
  });
  return { created: true, id };
}

/** Removes the address; false when it was not on the list. Audited with the reason when removed. */
export async function unsuppress(input: { workspaceId: string; email: string; reason?: string; actor: Actor }, tx?: Tx): Promise<boolean> {
  if (!tx) return db().$transaction((own) => unsuppress(input, own));
  const emailLower = normalizeEmail(input.email);
  const removed = await tx.suppression.deleteMany({ where: { workspaceId: input.workspaceId, emailLower } });
  if (removed.count === 0) return false;
  await recordAudit(tx, {
    workspaceId: input.workspaceId,
    actor: input.actor,
    action: "suppression.removed",
    target: { type: "suppression", id: emailLower },
    data: { reason: input.reason ?? null },
  });
  return true;
}

/** The entry for the address, or null. Pass the caller's transaction to read inside it. */
export async function isSuppressed(workspaceId: string, email: string, tx?: Tx): Promise<{ reason: string; source: string } | null> {
  const row = await (tx ?? db()).suppression.findUnique({
    where: { workspaceId_emailLower: { workspaceId, emailLower: normalizeEmail(email) } },
    select: { reason: true, source: true },
  });
  return row;
}
