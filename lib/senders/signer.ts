import type pg from "pg";
import { sql } from "@/lib/db";
import type { StageContext } from "@/lib/pipeline/stage-context";
import { assignSenders } from "@/lib/senders/assign";

// Who signs a lead's drafts (contract §13: "A draft is signed by the sender it goes out from"). The
// prompt variables `sender_name`, `sender_title` and `signature` come from the lead's sender
// (`from_name`, `title`, `signature`); for the default sender (no sender: `senderId` null), from the
// offer as before (lib/pipeline/stage-context.ts). A lead of a campaign run is given its sender when
// its first draft is written (signersFor), and its follow-ups and rewritten drafts are signed by
// the same (identitiesOf).

type Queryable = Pick<pg.Pool | pg.PoolClient, "query">;

/** A sender as its drafts sign: null fields sign as empty. */
export type SenderIdentity = { senderId: string; name: string | null; title: string | null; signature: string | null; email: string };

/** The sender of each run lead (null: the default sender). */
export async function identitiesOf(runLeadIds: string[], client: Queryable = sql()): Promise<Map<string, SenderIdentity | null>> {
  const result = new Map<string, SenderIdentity | null>(runLeadIds.map((id) => [id, null]));
  if (!runLeadIds.length) return result;
  const { rows } = await client.query<SenderIdentity & { runLeadId: string }>(
    `SELECT rl.id AS "runLeadId", s.id AS "senderId", s."fromName" AS name, s.title, s.signature, s."fromEmail" AS email
       FROM run_leads rl JOIN senders s ON s.id = rl."senderId" WHERE rl.id = ANY($1)`,
    [runLeadIds],
  );
  for (const { runLeadId, ...identity } of rows) result.set(runLeadId, identity);
  return result;
}

/**
 * The senders of run leads about to get their first draft: those of a campaign run without one are
 * assigned one now (lib/senders/assign.ts), so the draft is written for, and `draft.ready` names,
 * the sender it goes out from. A run without a campaign sends from the default sender.
 */
export async function signersFor(run: { workspaceId: string; campaignId: string | null }, runLeadIds: string[]) {
  if (run.campaignId && runLeadIds.length) {
    const { rows } = await sql().query<{ id: string }>(`SELECT id FROM run_leads WHERE id = ANY($1) AND "senderId" IS NULL`, [runLeadIds]);
    if (rows.length) await assignSenders(rows.map((row) => ({ runLeadId: row.id, campaignId: run.campaignId!, workspaceId: run.workspaceId })));
  }
  return identitiesOf(runLeadIds);
}

/** The stage context as a lead's sender signs (unchanged for the default sender). */
export function signedContext<C extends StageContext>(context: C, identity: SenderIdentity | null | undefined): C {
  if (!identity) return context;
  const name = identity.name ?? "";
  return {
    ...context,
    senderName: name,
    offer: { ...context.offer, sender_name: name, sender_title: identity.title, signature: identity.signature },
  };
}
