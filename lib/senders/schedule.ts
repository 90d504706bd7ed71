import type pg from "pg";
import { sql, sqlTransaction } from "@/lib/db";
import { newId } from "@/lib/ids";
import { assignSenders } from "@/lib/senders/assign";
import { domainRule, lockDomainCounts } from "@/lib/senders/domain-limit";
import { type DayState, placeSends, type SenderLimits, type SlotRequest } from "@/lib/senders/slots";
import { addDays, type Schedule } from "@/lib/senders/window";
import { DRAFT_STATUS, RUN_LEAD_STATE, RUN_STATUS, SEND_STATUS } from "@/lib/statuses";

// Scheduling approved drafts (contract §12; docs/pipeline.md, "Senders and schedules"). A draft of a
// campaign run is given its sender (lib/senders/assign.ts) and a slot: its Send row is written
// `pending` with `senderId` and `scheduledFor`, and the send job waits until then
// (lib/sending/send-job.ts). A capped sender's slots are handed out under its row lock (SELECT …
// FOR UPDATE on senders), reading and writing its per-day counts (sender_days) in the same
// transaction that writes the sends, so however many worker processes schedule at once, no day
// gets more than the cap. Set-based: a batch of drafts costs a few queries per sender, whatever its
// size (scripts/bench/senders.ts schedules 100,000).
//
// Drafts of runs without a campaign, and drafts of the default sender with no schedule, are not
// scheduled (null): they are sent at once, as before senders existed. Nor are answers to replies
// (kind reply, contract §13): a person is waiting for them, and they are no step of a sequence.

const SENDERS_AT_ONCE = 4;

export type Slot = { senderId: string | null; scheduledFor: Date };

type Row = {
  id: string;
  workspaceId: string;
  runLeadId: string;
  sendAfter: Date | null;
  senderId: string | null;
  campaignId: string | null;
  schedule: Schedule | null;
  timeZone: string | null;
  email: string;
  sendId: string | null;
  sendSenderId: string | null;
  scheduledFor: Date | null;
};

/** The approved drafts that will be sent (a run that stops after drafting, or a canceled one, sends nothing: no slot). */
async function load(draftIds: string[]): Promise<Row[]> {
  const { rows } = await sql().query<Row>(
    `SELECT d.id, d."workspaceId", d."runLeadId", d."sendAfter", rl."senderId", r."campaignId", c.schedule, l."timeZone", l."emailLower" AS email,
            s.id AS "sendId", s."senderId" AS "sendSenderId", s."scheduledFor"
       FROM drafts d JOIN run_leads rl ON rl.id = d."runLeadId" JOIN runs r ON r.id = d."runId" JOIN leads l ON l.id = d."leadId"
       LEFT JOIN campaigns c ON c.id = r."campaignId" LEFT JOIN sends s ON s."draftId" = d.id
      WHERE d.id = ANY($1) AND d.status = $2 AND d.kind <> 'reply' AND rl.state = $3 AND r.status <> $4 AND r."stopAfter" IS DISTINCT FROM 'draft_email'
      ORDER BY d."reviewedAt" NULLS LAST, d.id`,
    [draftIds, DRAFT_STATUS.approved, RUN_LEAD_STATE.running, RUN_STATUS.canceled],
  );
  return rows;
}

const domainOf = (email: string | null | undefined) => email?.split("@")[1] ?? "leadpipe.local";

type SendInsert = { id: string; workspaceId: string; draftId: string; messageId: string; senderId: string | null; scheduledFor: Date };

async function insertSends(client: Pick<pg.Pool | pg.PoolClient, "query">, sends: SendInsert[]) {
  if (!sends.length) return;
  await client.query(
    `INSERT INTO sends (id, "workspaceId", "draftId", "messageId", status, "senderId", "scheduledFor")
     SELECT v.id, v.ws, v.draft, v.mid, $7, v.sender, v.at FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[])
         AS v(id, ws, draft, mid, sender, at)
     ON CONFLICT ("draftId") DO NOTHING`,
    [
      sends.map((send) => send.id),
      sends.map((send) => send.workspaceId),
      sends.map((send) => send.draftId),
      sends.map((send) => send.messageId),
      sends.map((send) => send.senderId),
      sends.map((send) => send.scheduledFor),
      SEND_STATUS.pending,
    ],
  );
}

function sendFor(row: Row, senderId: string | null, domain: string, at: number): SendInsert {
  const id = newId("snd");
  return { id, workspaceId: row.workspaceId, draftId: row.id, messageId: `<${id}@${domain}>`, senderId, scheduledFor: new Date(at) };
}

const dueOf = (row: Row, now: number) => Math.max(now, row.sendAfter?.getTime() ?? 0);

const requestOf = (row: Row, now: number): SlotRequest => ({ due: dueOf(row, now), schedule: row.schedule, leadZone: row.timeZone, domain: domainRule(row) });

/** The default sender's drafts: no cap, only the campaign's window (and its max_per_domain_per_day). */
async function scheduleDefault(rows: Row[], now: number, result: Map<string, Slot | null>) {
  const windowed = rows.filter((row) => row.schedule).sort((a, b) => dueOf(a, now) - dueOf(b, now));
  for (const row of rows) if (!row.schedule) result.set(row.id, null);
  if (!windowed.length) return;
  const relays = await sql().query<{ workspaceId: string; fromEmail: string }>(
    `SELECT "workspaceId", "fromEmail" FROM relay_settings WHERE "workspaceId" = ANY($1)`,
    [[...new Set(windowed.map((row) => row.workspaceId))]],
  );
  const from = new Map(relays.rows.map((relay) => [relay.workspaceId, relay.fromEmail]));
  await sqlTransaction(async (client) => {
    const domainDays = await lockDomainCounts(client, windowed, now);
    const uncapped: SenderLimits = { dailyCap: null, rampStart: null, rampStepPerDay: null, firstSendDay: null };
    const slots = placeSends(
      uncapped,
      new Map(),
      windowed.map((row) => requestOf(row, now)),
      domainDays,
    );
    const sends = windowed.map((row, index) => sendFor(row, null, domainOf(from.get(row.workspaceId)), slots[index]));
    await insertSends(client, sends);
    for (const send of sends) result.set(send.draftId, { senderId: null, scheduledFor: send.scheduledFor });
  });
}

type SenderRow = {
  id: string;
  enabled: boolean;
  fromEmail: string;
  dailyCap: number | null;
  rampStart: number | null;
  rampStepPerDay: number | null;
  firstSendDay: string | null;
};

/**
 * One sender's drafts, under its row lock. A sender disabled or deleted since takes none and
 * gives none a slot (lib/wiring/sender-changes.ts moves its leads). Returns the drafts to place again (none today).
 */
async function scheduleOnSender(senderId: string, rows: Row[], now: number, result: Map<string, Slot | null>): Promise<Row[]> {
  return sqlTransaction(async (client) => {
    const locked = await client.query<SenderRow>(
      `SELECT id, enabled, "fromEmail", "dailyCap", "rampStart", "rampStepPerDay", to_char("firstSendDay", 'YYYY-MM-DD') AS "firstSendDay"
         FROM senders WHERE id = $1 FOR UPDATE`,
      [senderId],
    );
    const sender = locked.rows[0];
    // Disabled or deleted since: its leads' drafts are written again for their new sender and go
    // back to review (lib/wiring/sender-changes.ts), never sent From another (contract §13).
    if (!sender?.enabled) return [];
    // Another process may have scheduled some of them while this one waited for the lock.
    const taken = await client.query<{ draftId: string; scheduledFor: Date | null }>(`SELECT "draftId", "scheduledFor" FROM sends WHERE "draftId" = ANY($1)`, [
      rows.map((row) => row.id),
    ]);
    const already = new Map(taken.rows.map((send) => [send.draftId, send.scheduledFor]));
    for (const [draftId, at] of already) result.set(draftId, at ? { senderId, scheduledFor: at } : null);
    const todo = rows.filter((row) => !already.has(row.id)).sort((a, b) => dueOf(a, now) - dueOf(b, now));
    if (!todo.length) return [];

    const limits: SenderLimits = { ...sender };
    const days = new Map<string, DayState>();
    if (sender.dailyCap !== null) {
      const since = addDays(new Date(now).toISOString().slice(0, 10), -2);
      const stored = await client.query<{ day: string; scheduled: number; lastAt: Date }>(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, scheduled, "lastAt" FROM sender_days WHERE "senderId" = $1 AND day >= $2::date`,
        [senderId, since],
      );
      for (const day of stored.rows) days.set(day.day, { scheduled: day.scheduled, lastAt: day.lastAt.getTime() });
    }
    const before = new Map([...days].map(([day, state]) => [day, state.scheduled]));
    const domainDays = await lockDomainCounts(client, todo, now);
    const slots = placeSends(
      limits,
      days,
      todo.map((row) => requestOf(row, now)),
      domainDays,
    );
    const changed = sender.dailyCap === null ? [] : [...days].filter(([day, state]) => before.get(day) !== state.scheduled);
    if (changed.length) {
      await client.query(
        `INSERT INTO sender_days ("senderId", day, scheduled, "lastAt")
         SELECT $1, v.day, v.scheduled, v.last FROM unnest($2::date[], $3::int[], $4::timestamptz[]) AS v(day, scheduled, last)
         ON CONFLICT ("senderId", day) DO UPDATE SET scheduled = EXCLUDED.scheduled, "lastAt" = EXCLUDED."lastAt"`,
        [senderId, changed.map(([day]) => day), changed.map(([, state]) => state.scheduled), changed.map(([, state]) => new Date(state.lastAt!))],
      );
    }
    if (limits.firstSendDay && !sender.firstSendDay)
      await client.query(`UPDATE senders SET "firstSendDay" = $2::date WHERE id = $1`, [senderId, limits.firstSendDay]);
    const sends = todo.map((row, index) => sendFor(row, senderId, domainOf(sender.fromEmail), slots[index]));
    await insertSends(client, sends);
    for (const send of sends) result.set(send.draftId, { senderId, scheduledFor: send.scheduledFor });
    return [];
  });
}

/**
 * Gives each approved draft its sender and send slot (see above). Returns, per draft id, its slot,
 * or null when it is sent at once the way it always was. A draft already scheduled keeps its slot.
 */
export async function scheduleDrafts(draftIds: string[], now = Date.now()): Promise<Map<string, Slot | null>> {
  const result = new Map<string, Slot | null>();
  let rows = await load(draftIds);
  for (let round = 0; round < 3 && rows.length; round++) {
    const todo: Row[] = [];
    for (const row of rows) {
      if (row.sendId) result.set(row.id, row.scheduledFor ? { senderId: row.sendSenderId, scheduledFor: row.scheduledFor } : null);
      else if (!row.campaignId) result.set(row.id, null);
      else todo.push(row);
    }
    const unassigned = todo.filter((row) => !row.senderId);
    if (unassigned.length) {
      const assigned = await assignSenders(unassigned.map((row) => ({ runLeadId: row.runLeadId, campaignId: row.campaignId!, workspaceId: row.workspaceId })));
      for (const row of unassigned) row.senderId = assigned.get(row.runLeadId) ?? null;
    }
    const bySender = new Map<string | null, Row[]>();
    for (const row of todo) {
      const group = bySender.get(row.senderId);
      if (group) group.push(row);
      else bySender.set(row.senderId, [row]);
    }
    const released: Row[] = [];
    const groups = [...bySender];
    // Senders are independent (each transaction locks only its own row): a few at once, as writing
    // the sends is most of the time and PostgreSQL takes them in parallel.
    const next = async (): Promise<void> => {
      const entry = groups.shift();
      if (!entry) return;
      const [senderId, group] = entry;
      if (senderId === null) await scheduleDefault(group, now, result);
      else released.push(...(await scheduleOnSender(senderId, group, now, result)));
      return next();
    };
    await Promise.all(Array.from({ length: Math.min(SENDERS_AT_ONCE, groups.length) }, next));
    rows = released.map((row) => ({ ...row, senderId: null }));
  }
  return result;
}

/** One draft's slot (null: send it now, unscheduled). */
export async function scheduleDraft(draftId: string, now = Date.now()): Promise<Slot | null> {
  return (await scheduleDrafts([draftId], now)).get(draftId) ?? null;
}
