import { z } from "zod";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { db, queryIn, type Tx } from "@/lib/db";
import { writeEvents } from "@/lib/events/outbox";
import { SYSTEM_ACTOR } from "@/lib/suppressions/suppressions";
import { SEND_STATUS, SENDER_HEALTH_STATUS, SENDER_HEALTH_STATUSES } from "@/lib/statuses";

// Sender health (contract §13, "Sender health"). Computed from what the service already records:
// the sends a sender's relay accepted (sends.status sent, by sends.senderId; null is the default
// sender) and the hard bounces of those sends over the last 7 days. A hard bounce is a DSN read over
// IMAP whose recipient failed with a 5.x.x status (bounces.kind hard, lib/mailbox/ingest.ts), or a
// reply classified `bounce` whose text carries a 5.x.x status (handed to POST /replies, or a
// correction). A send counts once however many notices report it.
//
// The pause happens in the transaction that records the hard bounce (pauseOnHardBounces): the
// sender's row is locked first (senders, or relay_settings for the default sender), so two bounces
// recorded at once are counted one after the other, and the send claim (lib/sending/send-draft.ts)
// reads the pause under a share lock of the same row: once the pause commits nothing more is claimed.

export const PAUSE_REASONS = ["bounce_rate"] as const;
const WINDOW = "7 days";
/** A 5.x.x enhanced status code (RFC 3463) in a notice's text. */
const HARD_STATUS = String.raw`(^|[^0-9.])5\.[0-9]{1,3}\.[0-9]{1,3}([^0-9]|$)`;

/** Whether a bounce notice's text carries a 5.x.x status (the same test as the counts'). */
export const isHardBounceText = (text: string) => new RegExp(HARD_STATUS).test(text);

export const SenderHealthSchema = z
  .object({
    status: z.enum(SENDER_HEALTH_STATUSES),
    sends_7d: z.number().int().meta({ description: "Sends its relay accepted over the last 7 days" }),
    hard_bounces_7d: z.number().int().meta({ description: "Its sends that bounced hard (a 5.x.x status) over the last 7 days" }),
    bounce_rate_7d: z.number().meta({ description: "hard_bounces_7d ÷ sends_7d (0 without sends)" }),
    unsubscribes_7d: z.number().int().meta({ description: "Its recipients who unsubscribed over the last 7 days" }),
    paused_reason: z.enum(PAUSE_REASONS).nullable(),
    paused_at: z.string().nullable(),
  })
  .meta({ id: "SenderHealth" });
export type SenderHealth = z.infer<typeof SenderHealthSchema>;

export const SendingPolicySchema = z
  .object({ max_bounce_rate: z.number(), min_sends: z.number().int(), updated_at: z.string().nullable() })
  .meta({ id: "SendingPolicy" });
export const PutSendingPolicyBody = z
  .strictObject({
    max_bounce_rate: z.number().gt(0).max(1).default(0.05).meta({ description: "Pause a sender whose hard bounces reach this share of its sends (0–1]" }),
    min_sends: z.number().int().min(1).max(1_000_000).default(20).meta({ description: "…once it has at least this many sends over the last 7 days" }),
  })
  .meta({ id: "PutSendingPolicy" });
export type PutSendingPolicyBody = z.infer<typeof PutSendingPolicyBody>;

export const ResumeSenderBody = z
  .strictObject({ reason: z.string().trim().min(1).max(500).meta({ description: "Why it may send again (audited)" }) })
  .meta({ id: "ResumeSender" });

type Policy = { maxBounceRate: number; minSends: number; updatedAt: Date | null };
const DEFAULT_POLICY: Policy = { maxBounceRate: 0.05, minSends: 20, updatedAt: null };

async function policyIn(tx: Tx, workspaceId: string): Promise<Policy> {
  return (await tx.sendingPolicy.findUnique({ where: { workspaceId } })) ?? DEFAULT_POLICY;
}

const presentPolicy = (policy: Policy) => ({
  max_bounce_rate: policy.maxBounceRate,
  min_sends: policy.minSends,
  updated_at: policy.updatedAt?.toISOString() ?? null,
});

export async function getSendingPolicy(workspaceId: string) {
  return presentPolicy(await policyIn(db(), workspaceId));
}

export async function putSendingPolicy(workspaceId: string, body: PutSendingPolicyBody, actor: Actor) {
  const fields = { maxBounceRate: body.max_bounce_rate, minSends: body.min_sends };
  const saved = await db().$transaction(async (tx) => {
    const row = await tx.sendingPolicy.upsert({ where: { workspaceId }, create: { workspaceId, ...fields }, update: fields });
    await recordAudit(tx, { workspaceId, actor, action: "sending_policy.updated", target: { type: "sending_policy", id: workspaceId }, data: body });
    return row;
  });
  return presentPolicy(saved);
}

type Counts = { sends: number; hard: number; unsubscribes: number };
/** The key of a sender in the counts: its id, or "" for the default sender. */
const keyOf = (senderId: string | null) => senderId ?? "";

/** Every sender's counts over the last 7 days, in one statement (keyed by keyOf). */
async function countsIn(tx: Tx, workspaceId: string): Promise<Map<string, Counts>> {
  const rows = await queryIn<{ sender: string; sends: number; hard: number; unsubscribes: number }>(
    tx,
    `WITH since AS (SELECT now() - $4::interval AS t),
     sent AS (SELECT s."draftId", COALESCE(s."senderId", '') AS sender, s."acceptedAt" FROM sends s WHERE s."workspaceId" = $1 AND s.status = $2),
     hard AS (SELECT b."draftId" FROM bounces b WHERE b."workspaceId" = $1 AND b.kind = 'hard' AND b."draftId" IS NOT NULL AND b."createdAt" >= (SELECT t FROM since)
              UNION SELECT r."draftId" FROM replies r WHERE r."workspaceId" = $1 AND r.classification = 'bounce' AND r."draftId" IS NOT NULL
                AND r.text ~ $3 AND COALESCE(r."classifiedAt", r."createdAt") >= (SELECT t FROM since)),
     unsub AS (SELECT r."draftId" FROM replies r WHERE r."workspaceId" = $1 AND r.classification = 'unsubscribe' AND r."draftId" IS NOT NULL
                AND COALESCE(r."classifiedAt", r."createdAt") >= (SELECT t FROM since))
     SELECT sender,
            count(*) FILTER (WHERE "acceptedAt" >= (SELECT t FROM since))::int AS sends,
            count(*) FILTER (WHERE "draftId" IN (SELECT "draftId" FROM hard))::int AS hard,
            count(*) FILTER (WHERE "draftId" IN (SELECT "draftId" FROM unsub))::int AS unsubscribes
       FROM sent GROUP BY sender`,
    [workspaceId, SEND_STATUS.sent, HARD_STATUS, WINDOW],
  );
  return new Map(rows.map((row) => [row.sender, { sends: row.sends, hard: row.hard, unsubscribes: row.unsubscribes }]));
}

type PauseState = { pausedAt: Date | null; pausedReason: string | null };

function present(counts: Counts | undefined, pause: PauseState): SenderHealth {
  const { sends = 0, hard = 0, unsubscribes = 0 } = counts ?? {};
  return {
    status: pause.pausedAt ? SENDER_HEALTH_STATUS.paused : SENDER_HEALTH_STATUS.active,
    sends_7d: sends,
    hard_bounces_7d: hard,
    bounce_rate_7d: sends ? Math.round((hard / sends) * 10_000) / 10_000 : 0,
    unsubscribes_7d: unsubscribes,
    paused_reason: pause.pausedAt ? ((pause.pausedReason as SenderHealth["paused_reason"]) ?? "bounce_rate") : null,
    paused_at: pause.pausedAt?.toISOString() ?? null,
  };
}

/** The health of each sender given (null: the default sender), one query for all. */
export async function healthOf(workspaceId: string, senders: (PauseState & { id: string | null })[]): Promise<Map<string, SenderHealth>> {
  if (!senders.length) return new Map();
  const counts = await countsIn(db(), workspaceId);
  return new Map(senders.map((sender) => [keyOf(sender.id), present(counts.get(keyOf(sender.id)), sender)]));
}

/** Adds `health` to presented senders (their rows carry the pause columns). */
export async function withHealth<T extends { id: string }>(workspaceId: string, items: T[], rows: (PauseState & { id: string })[]) {
  const health = await healthOf(workspaceId, rows);
  return items.map((item) => ({ ...item, health: health.get(item.id)! }));
}

/** Locks the sender's row (the default sender's relay settings) and reads its pause; null: it is gone. */
async function lockPause(tx: Tx, workspaceId: string, senderId: string | null): Promise<PauseState | null> {
  const [row] = senderId
    ? await queryIn<PauseState>(tx, `SELECT "pausedAt", "pausedReason" FROM senders WHERE id = $1 AND "workspaceId" = $2 FOR UPDATE`, [senderId, workspaceId])
    : await queryIn<PauseState>(tx, `SELECT "pausedAt", "pausedReason" FROM relay_settings WHERE "workspaceId" = $1 FOR UPDATE`, [workspaceId]);
  return row ?? null;
}

async function setPause(tx: Tx, workspaceId: string, senderId: string | null, pausedAt: Date | null) {
  const data = { pausedAt, pausedReason: pausedAt ? PAUSE_REASONS[0] : null };
  if (senderId) await tx.sender.update({ where: { id: senderId, workspaceId }, data });
  else await tx.relaySettings.update({ where: { workspaceId }, data });
}

/**
 * In the transaction that recorded hard bounces of these drafts' sends (already written): each
 * sender they went out from whose rate now reaches the policy is paused, with sender.paused and an
 * audit entry. A sender already paused stays as it is.
 */
export async function pauseOnHardBounces(tx: Tx, workspaceId: string, draftIds: string[]): Promise<void> {
  if (!draftIds.length) return;
  const senders = await queryIn<{ senderId: string | null }>(
    tx,
    `SELECT DISTINCT "senderId" FROM sends WHERE "workspaceId" = $1 AND "draftId" = ANY($2) AND status = $3 ORDER BY "senderId" NULLS FIRST`,
    [workspaceId, draftIds, SEND_STATUS.sent],
  );
  if (!senders.length) return;
  const policy = await policyIn(tx, workspaceId);
  for (const { senderId } of senders) {
    const pause = await lockPause(tx, workspaceId, senderId);
    if (!pause || pause.pausedAt) continue;
    const counts = (await countsIn(tx, workspaceId)).get(keyOf(senderId));
    if (!counts || counts.sends < policy.minSends || counts.hard / counts.sends < policy.maxBounceRate) continue;
    const rate = Math.round((counts.hard / counts.sends) * 10_000) / 10_000;
    await setPause(tx, workspaceId, senderId, new Date());
    await recordAudit(tx, {
      workspaceId,
      actor: SYSTEM_ACTOR,
      action: "sender.paused",
      target: senderId ? { type: "sender", id: senderId } : { type: "relay", id: workspaceId },
      data: { reason: "bounce_rate", bounce_rate: rate, sends_7d: counts.sends, hard_bounces_7d: counts.hard, max_bounce_rate: policy.maxBounceRate },
    });
    await writeEvents(tx, workspaceId, [
      { type: "sender.paused", data: { sender_id: senderId, reason: "bounce_rate", bounce_rate: rate, sends_7d: counts.sends } },
    ]);
  }
}

/**
 * Resumes a paused sender (null: the default sender): audited, sender.resumed, and its waiting sends
 * queued again. Resuming a sender that is not paused changes nothing. Answers whether it was paused.
 */
export async function resumeSending(workspaceId: string, senderId: string | null, reason: string, actor: Actor): Promise<boolean> {
  return db().$transaction(async (tx) => {
    const pause = await lockPause(tx, workspaceId, senderId);
    if (!pause?.pausedAt) return false;
    await setPause(tx, workspaceId, senderId, null);
    await recordAudit(tx, {
      workspaceId,
      actor,
      action: "sender.resumed",
      target: senderId ? { type: "sender", id: senderId } : { type: "relay", id: workspaceId },
      data: { reason, paused_at: pause.pausedAt.toISOString(), paused_reason: pause.pausedReason },
    });
    await writeEvents(tx, workspaceId, [{ type: "sender.resumed", data: { sender_id: senderId, reason } }]);
    return true;
  });
}
