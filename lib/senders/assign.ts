import type pg from "pg";
import { sql } from "@/lib/db";

// Which sender a lead's sequence goes out from (contract §12, §13). A run lead of a campaign run gets
// one sender for its whole sequence when its first draft is written (lib/senders/signer.ts), so the
// draft is signed by the sender it goes out from: one of the campaign's `sender_ids` (every enabled
// sender of the workspace when empty), spread in proportion to each sender's daily cap — the sender
// whose leads of the campaign, one more counted, are the smallest share of its cap — so caps 5 and 8
// get leads about 5:8 (a sender without a cap weighs as the largest cap among them). The spread is
// stable: a lead keeps its sender (stored on the run lead) unless that sender is disabled or deleted
// (lib/wiring/sender-changes.ts). With no enabled sender the lead stays on the workspace's default
// sender (`senderId` null). A lead drafted before this rule (no sender yet) is given one when its
// draft is scheduled, as before.

type Queryable = Pick<pg.Pool | pg.PoolClient, "query">;

export type Unassigned = { runLeadId: string; campaignId: string; workspaceId: string };

/** The enabled senders a campaign sends from, oldest first (none: the default sender). */
export async function campaignSenders(client: Queryable, campaignId: string): Promise<string[]> {
  return (await campaignSenderCaps(client, campaignId)).map((sender) => sender.id);
}

/** The same, with each one's daily cap (the weight of its share of the leads). */
async function campaignSenderCaps(client: Queryable, campaignId: string): Promise<{ id: string; dailyCap: number | null }[]> {
  const { rows } = await client.query<{ id: string; dailyCap: number | null }>(
    `SELECT s.id, s."dailyCap" FROM campaigns c JOIN senders s ON s."workspaceId" = c."workspaceId"
      WHERE c.id = $1 AND s.enabled AND (cardinality(c."senderIds") = 0 OR s.id = ANY(c."senderIds"))
      ORDER BY s."createdAt", s.id`,
    [campaignId],
  );
  return rows;
}

/** Run leads per sender among the campaign's runs: the load least-loaded assignment evens out. */
async function loads(client: Queryable, campaignId: string, senderIds: string[]): Promise<Map<string, number>> {
  const { rows } = await client.query<{ senderId: string; n: string }>(
    `SELECT rl."senderId", count(*) AS n FROM run_leads rl JOIN runs r ON r.id = rl."runId"
      WHERE r."campaignId" = $1 AND rl."senderId" = ANY($2) GROUP BY rl."senderId"`,
    [campaignId, senderIds],
  );
  const load = new Map(senderIds.map((id) => [id, 0]));
  for (const row of rows) load.set(row.senderId, Number(row.n));
  return load;
}

/**
 * Gives each run lead without a sender one (set-based: one query per campaign for the loads, one
 * UPDATE for all). A lead that another process assigned meanwhile keeps that sender (COALESCE).
 * Returns the sender of every run lead given (null: the default sender).
 */
export async function assignSenders(leads: Unassigned[], client: Queryable = sql()): Promise<Map<string, string | null>> {
  const result = new Map<string, string | null>();
  const byCampaign = new Map<string, Unassigned[]>();
  for (const lead of leads) {
    const group = byCampaign.get(lead.campaignId);
    if (group) group.push(lead);
    else byCampaign.set(lead.campaignId, [lead]);
  }
  const ids: string[] = [];
  const senders: string[] = [];
  for (const [campaignId, group] of byCampaign) {
    const withCaps = await campaignSenderCaps(client, campaignId);
    const candidates = withCaps.map((sender) => sender.id);
    if (candidates.length === 0) {
      for (const lead of group) result.set(lead.runLeadId, null);
      continue;
    }
    const load = await loads(client, campaignId, candidates);
    const largest = Math.max(1, ...withCaps.map((sender) => sender.dailyCap ?? 0));
    const weight = new Map(withCaps.map((sender) => [sender.id, sender.dailyCap ?? largest]));
    const share = (id: string) => (load.get(id)! + 1) / weight.get(id)!;
    for (const lead of [...group].sort((a, b) => (a.runLeadId < b.runLeadId ? -1 : 1))) {
      let best = candidates[0];
      for (const id of candidates) if (share(id) < share(best)) best = id;
      load.set(best, load.get(best)! + 1);
      ids.push(lead.runLeadId);
      senders.push(best);
    }
  }
  if (ids.length) {
    const { rows } = await client.query<{ id: string; senderId: string }>(
      `UPDATE run_leads rl SET "senderId" = COALESCE(rl."senderId", v.sender)
         FROM unnest($1::text[], $2::text[]) AS v(id, sender) WHERE rl.id = v.id
       RETURNING rl.id, rl."senderId"`,
      [ids, senders],
    );
    for (const row of rows) result.set(row.id, row.senderId);
  }
  return result;
}

/** The sender of one run lead, assigned now if its run has a campaign and it has none yet (null: the default sender). */
export async function senderOfRunLead(runLeadId: string): Promise<string | null> {
  const { rows } = await sql().query<{ senderId: string | null; campaignId: string | null; workspaceId: string }>(
    `SELECT rl."senderId", r."campaignId", rl."workspaceId" FROM run_leads rl JOIN runs r ON r.id = rl."runId" WHERE rl.id = $1`,
    [runLeadId],
  );
  const row = rows[0];
  if (!row || row.senderId || !row.campaignId) return row?.senderId ?? null;
  return (await assignSenders([{ runLeadId, campaignId: row.campaignId, workspaceId: row.workspaceId }])).get(runLeadId) ?? null;
}
