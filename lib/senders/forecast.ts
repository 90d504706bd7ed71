import { z } from "zod";
import { db, sql } from "@/lib/db";
import { NotFound } from "@/lib/errors";
import { campaignSenders } from "@/lib/senders/assign";
import { capOn } from "@/lib/senders/slots";
import { localDay, type Schedule } from "@/lib/senders/window";
import { expectedLastSend } from "@/lib/senders/forecast-days";
import { DRAFT_STATUS, RUN_LEAD_STATE, SEND_STATUS, SENDER_HEALTH_STATUS, SENDER_HEALTH_STATUSES, SEQUENCE_STATUS } from "@/lib/statuses";

// A campaign's forecast (GET /v1/campaigns/{id}/forecast, contract §12; the campaign page's card).
// Per step: how many of its drafts are still to go (awaiting review, or approved and not sent), the
// first scheduled slot, and when the last is expected: the last slot handed out, pushed on by the
// days the campaign's senders need, at their caps today, for the drafts not scheduled yet. Per
// sender: its cap today and how many sends it has been given for today. Two aggregate queries over
// the campaign's drafts, whatever their number (scripts/bench/senders.ts: 100,000 leads).
// Only what will really go is counted (issue 33): a draft whose lead was stopped (or whose run lead
// left the run) is never sent, so it is not counted; a follow-up held while its lead is out of
// office is counted as `held`, outside the days, until the lead's return.

export const ForecastSchema = z
  .object({
    per_step: z.array(
      z.object({
        step: z.number().int(),
        pending: z.number().int().meta({ description: "Drafts still to go: awaiting review, or approved and not sent (not a stopped lead's, not a held one)" }),
        held: z.number().int().meta({ description: "Follow-ups held while their lead is out of office: they go after its return, not in these days" }),
        scheduled_first: z.string().nullable().meta({ description: "The earliest slot of its scheduled sends" }),
        expected_last: z
          .string()
          .nullable()
          .meta({ description: "When the last is expected to go, the drafts not scheduled yet spread at the senders' caps today" }),
      }),
    ),
    per_sender: z.array(
      z.object({
        sender_id: z.string().nullable().meta({ description: "null: the workspace's default sender (used when there are no senders)" }),
        from_email: z.string().nullable().meta({ description: "Its From address (the default sender's: the relay's, null without one)" }),
        from_name: z.string().nullable(),
        status: z.enum(SENDER_HEALTH_STATUSES).meta({ description: "Its health status (contract §13): a paused sender sends nothing" }),
        cap_today: z.number().int().nullable().meta({ description: "Its cap (or ramped cap) today; null: no cap" }),
        scheduled_today: z.number().int().meta({ description: "Sends given a slot today, across every campaign" }),
      }),
    ),
  })
  .meta({ id: "CampaignForecast" });
export type Forecast = z.infer<typeof ForecastSchema>;

export async function campaignForecast(workspaceId: string, campaignId: string, now = Date.now()): Promise<Forecast> {
  const campaign = await db().campaign.findFirst({ where: { id: campaignId, workspaceId }, select: { id: true, schedule: true } });
  if (!campaign) throw new NotFound("campaign");
  const schedule = campaign.schedule as Schedule | null;
  // The day "today" is, for the counts: the schedule's zone (UTC under "lead" or no schedule).
  const zone = schedule && schedule.time_zone !== "lead" ? schedule.time_zone : "UTC";
  const today = localDay(now, zone);

  const senderIds = await campaignSenders(sql(), campaignId);
  const senders = await db().sender.findMany({ where: { id: { in: senderIds } }, include: { days: { where: { day: new Date(`${today}T00:00:00Z`) } } } });
  const perSender: Forecast["per_sender"] = senders.map((sender) => {
    const cap = capOn({ ...sender, firstSendDay: sender.firstSendDay?.toISOString().slice(0, 10) ?? null }, today);
    return {
      sender_id: sender.id,
      from_email: sender.fromEmail,
      from_name: sender.fromName,
      status: sender.pausedAt ? SENDER_HEALTH_STATUS.paused : SENDER_HEALTH_STATUS.active,
      cap_today: Number.isFinite(cap) ? cap : null,
      scheduled_today: sender.days[0]?.scheduled ?? 0,
    };
  });
  if (!senders.length) {
    const relay = await db().relaySettings.findUnique({ where: { workspaceId }, select: { fromEmail: true, fromName: true, pausedAt: true } });
    const { rows } = await sql().query<{ n: string }>(
      `SELECT count(*) AS n FROM sends WHERE "workspaceId" = $1 AND "senderId" IS NULL AND "scheduledFor" >= $2::date AND "scheduledFor" < $2::date + 1`,
      [workspaceId, today],
    );
    perSender.push({
      sender_id: null,
      from_email: relay?.fromEmail ?? null,
      from_name: relay?.fromName ?? null,
      status: relay?.pausedAt ? SENDER_HEALTH_STATUS.paused : SENDER_HEALTH_STATUS.active,
      cap_today: null,
      scheduled_today: Number(rows[0].n),
    });
  }

  // A draft goes only while its run lead is still in the run (lib/sending/send-draft.ts); a follow-up
  // of a sequence paused by an out-of-office waits for the pause's end (lib/sequences/send-hold.ts).
  const { rows } = await sql().query<{ step: number; pending: string; held: string; unscheduled: string; first: Date | null; last: Date | null }>(
    `SELECT d.step,
            count(*) FILTER (WHERE NOT held) AS pending, count(*) FILTER (WHERE held) AS held,
            count(*) FILTER (WHERE NOT held AND s."scheduledFor" IS NULL) AS unscheduled,
            min(s."scheduledFor") FILTER (WHERE NOT held) AS first, max(s."scheduledFor") FILTER (WHERE NOT held) AS last
       FROM drafts d JOIN runs r ON r.id = d."runId" JOIN run_leads rl ON rl.id = d."runLeadId" LEFT JOIN sends s ON s."draftId" = d.id,
            LATERAL (SELECT d.step > 1 AND rl."sequenceStatus" = $6 AND rl."nextAt" > $7 AS held) h
      WHERE r."campaignId" = $1 AND r."workspaceId" = $2 AND d.status = ANY($3)
        AND (s.id IS NULL OR s.status = ANY($4)) AND rl.state = ANY($5)
      GROUP BY d.step ORDER BY d.step`,
    [
      campaignId,
      workspaceId,
      [DRAFT_STATUS.awaiting_review, DRAFT_STATUS.approved],
      [SEND_STATUS.pending, SEND_STATUS.waiting_relay, SEND_STATUS.sending],
      [RUN_LEAD_STATE.pending, RUN_LEAD_STATE.running, RUN_LEAD_STATE.awaiting_review],
      SEQUENCE_STATUS.paused,
      new Date(now),
    ],
  );
  const perDay = perSender.reduce((sum, sender) => sum + (sender.cap_today ?? Infinity), 0);
  const leftToday = perSender.reduce((sum, sender) => sum + (sender.cap_today === null ? Infinity : Math.max(0, sender.cap_today - sender.scheduled_today)), 0);
  // One row per step with drafts waiting to go (a campaign with nothing pending shows step 1 at 0).
  const steps = rows.length ? rows : [{ step: 1, pending: "0", held: "0", unscheduled: "0", first: null, last: null }];
  return {
    per_step: steps.map((step) => {
      const pending = Number(step.pending);
      const expectedLast = expectedLastSend({
        now,
        lastSlot: step.last?.getTime() ?? null,
        unscheduled: Number(step.unscheduled),
        perDay,
        leftToday,
        dayOf: (ms) => localDay(ms, zone),
      });
      return {
        step: step.step,
        pending,
        held: Number(step.held),
        scheduled_first: step.first?.toISOString() ?? null,
        expected_last: pending > 0 && expectedLast !== null ? new Date(expectedLast).toISOString() : null,
      };
    }),
    per_sender: perSender,
  };
}
