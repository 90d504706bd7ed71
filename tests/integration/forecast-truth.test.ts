import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createCampaign } from "@/lib/campaigns/campaigns";
import { getDraftDetail } from "@/lib/drafts/draft-detail";
import { newId } from "@/lib/ids";
import { pauseSequence } from "@/lib/lifecycle/sequence";
import { closeQueues } from "@/lib/queues";
import { listRunLeads, RunLeadsQuery } from "@/lib/runs/list-runs";
import { campaignForecast } from "@/lib/senders/forecast";
import { createSender } from "@/lib/senders/senders";
import { stopLeadSequence } from "@/lib/runs/stop-lead-sequence";
import { ensureWorkspace } from "@/lib/workspaces/create-workspace";
import { seed } from "@/prisma/seed/run-seed";
import { resetDatabase } from "../helpers/db";
import { approvedFollowUp, draftsAwaitingReview } from "../helpers/draft-fixtures";

// What the pages say about sends that will not really go at their slot (issue 33's untrue screens):
// a lead stopped by hand while its approved first email waited for its slot (the worker skips it:
// lib/sending/send-draft.ts), and a follow-up held while its lead is out of office (lib/sequences/
// send-hold.ts). The draft page and the run page say so, and the campaign's forecast counts neither
// in its days; its last expected send is today when today's room holds the drafts.

const actor = { type: "system" as const, id: "tests", name: "tests" };
const HOUR = 3_600_000;
let workspaceId = "";
let userId = "";

beforeAll(async () => {
  await resetDatabase();
  await seed();
  workspaceId = (await ensureWorkspace({ slug: "truth", name: "Truth" })).id;
  userId = (await db().user.create({ data: { id: newId("usr"), email: "rev@truth.example", name: "Rev", passwordHash: "x" } })).id;
});

afterAll(async () => {
  await closeQueues();
});

describe("sends that will not go at their slot", () => {
  it("a stopped lead's approved email and an out-of-office lead's follow-up: shown as such, and out of the forecast's days", async () => {
    const sender = await createSender(
      workspaceId,
      {
        from_email: "ann@truth.example",
        from_name: "Ann Truth",
        relay: { host: "127.0.0.1", port: 2525, secure: false, username: null, password: null },
        mailbox: null,
        daily_cap: 10,
        ramp: null,
        enabled: true,
      },
      actor,
    );
    const campaign = await createCampaign(workspaceId, { name: "Truth", pack: "saas-outbound", sender_ids: [sender.id], schedule: null }, { userId, actor });

    // Four first emails: three awaiting review, one approved and waiting for its slot, whose lead is then stopped.
    const { runId, draftIds } = await draftsAwaitingReview(workspaceId, ["a@one.example", "b@two.example", "c@three.example", "d@four.example"]);
    await db().run.update({
      where: { id: runId },
      data: {
        campaignId: campaign.id,
        steps: [
          { step: 1, wait: null, waitSeconds: null },
          { step: 2, wait: "P3D", waitSeconds: 259_200 },
        ],
      },
    });
    const stoppedDraft = await db().draft.update({ where: { id: draftIds[3] }, data: { status: "approved", reviewerId: userId, reviewedAt: new Date() } });
    await db().runLead.update({ where: { id: stoppedDraft.runLeadId }, data: { state: "running", stage: "send", sequenceStatus: "active", sequenceStep: 1 } });
    const slot = new Date(Date.now() + HOUR);
    await db().send.create({
      data: {
        id: newId("snd"),
        workspaceId,
        draftId: stoppedDraft.id,
        messageId: `<${newId("snd")}@truth.example>`,
        status: "pending",
        senderId: sender.id,
        scheduledFor: slot,
      },
    });
    await stopLeadSequence(workspaceId, runId, stoppedDraft.leadId, actor);

    // A follow-up approved and given a slot, then its lead answers with an out-of-office until in 3 days.
    const followUp = await approvedFollowUp(workspaceId, "ooo@five.example");
    await db().run.update({ where: { id: followUp.runId }, data: { campaignId: campaign.id } });
    await db().send.create({
      data: {
        id: newId("snd"),
        workspaceId,
        draftId: followUp.followUpId,
        messageId: `<${newId("snd")}@truth.example>`,
        status: "pending",
        senderId: sender.id,
        scheduledFor: new Date(Date.now() + 2 * HOUR),
      },
    });
    const back = new Date(Date.now() + 3 * 24 * HOUR);
    expect(await db().$transaction((tx) => pauseSequence(tx, followUp.runLeadId, back))).toBe(true);

    // The draft page: neither says "Scheduled for …" as if it would go then.
    const stopped = await getDraftDetail(workspaceId, stoppedDraft.id);
    expect(stopped.send?.scheduled_for).toBe(slot.toISOString());
    expect(stopped.send_hold).toEqual({ reason: "lead_stopped", ended_reason: "stopped", until: null });
    const held = await getDraftDetail(workspaceId, followUp.followUpId);
    expect(held.send_hold).toEqual({ reason: "lead_paused", ended_reason: null, until: back.toISOString() });
    expect((await getDraftDetail(workspaceId, draftIds[0])).send_hold).toBeNull();

    // The run page's leads say the same.
    const leads = await listRunLeads(workspaceId, followUp.runId, RunLeadsQuery.parse({}));
    expect(leads.data[0].send?.hold).toMatchObject({ reason: "lead_paused", until: back.toISOString() });

    // The forecast: the three awaiting review fit in today's room of 10 (not tomorrow); the stopped
    // lead's email is not counted; the held follow-up is counted as held, outside the days.
    const now = Date.now();
    const forecast = await campaignForecast(workspaceId, campaign.id, now);
    expect(forecast.per_step).toEqual([
      { step: 1, pending: 3, held: 0, scheduled_first: null, expected_last: new Date(now).toISOString() },
      { step: 2, pending: 0, held: 1, scheduled_first: null, expected_last: null },
    ]);
    // Senders are named by their own data (a viewer reads the forecast, not the senders list).
    expect(forecast.per_sender).toEqual([
      { sender_id: sender.id, from_email: "ann@truth.example", from_name: "Ann Truth", status: "active", cap_today: 10, scheduled_today: 0 },
    ]);
  });
});
