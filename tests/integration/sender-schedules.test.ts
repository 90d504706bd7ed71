import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, sql } from "@/lib/db";
import { createCampaign } from "@/lib/campaigns/campaigns";
import { approveDraft } from "@/lib/drafts/review-draft";
import { newId } from "@/lib/ids";
import { resumeRuns } from "@/lib/housekeeping/resume-runs";
import { closeQueues, liveWork, queue } from "@/lib/queues";
import { putRelay } from "@/lib/relay/relay-settings";
import { campaignForecast } from "@/lib/senders/forecast";
import { scheduleDraft } from "@/lib/senders/schedule";
import { createSender } from "@/lib/senders/senders";
import { updateSender } from "@/lib/wiring/sender-changes";
import { localDay, zonedInstant, type Schedule } from "@/lib/senders/window";
import { sendWhenDue } from "@/lib/sending/send-job";
import { DRAFT_STATUS, RUN_LEAD_STATE } from "@/lib/statuses";
import { ensureWorkspace } from "@/lib/workspaces/create-workspace";
import { seed } from "@/prisma/seed/run-seed";
import { resetDatabase } from "../helpers/db";
import { draftsAwaitingReview } from "../helpers/draft-fixtures";
import { eventually, freePort, getJson, spawnWorker, type Spawned } from "../helpers/processes";
import { startSmtpSink } from "../helpers/smtp-sink";

// Senders, caps and sending windows (contract §12) against real SMTP servers, real worker processes
// and the real clock. The clock is not moved: the first test uses a window that closes — it opens at
// the current minute and lasts two, so a sender capped at 2 gets slots a minute apart (window ÷ cap)
// and its third lead waits for the same window tomorrow; the second picks the lead zone in which it
// is 20:00-something right now. The window math itself, DST included, is unit-tested with an
// injected clock (lib/senders/window.test.ts).

const actor = { type: "system" as const, id: "tests", name: "tests" };
let sinkA: Awaited<ReturnType<typeof startSmtpSink>>;
let sinkB: Awaited<ReturnType<typeof startSmtpSink>>;
let workspaceId = "";
let userId = "";
const workers: Spawned[] = [];

async function startWorker(): Promise<Spawned> {
  const port = await freePort();
  const worker = spawnWorker({ WORKER_PORT: String(port) });
  workers.push(worker);
  await eventually(async () => (await getJson(`http://127.0.0.1:${port}/readyz`)).status === 200, { timeoutMs: 30_000 });
  return worker;
}

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/**
 * A window open now for three minutes from the start of this minute, in a zone where it does not
 * cross midnight. With a cap of 2 its slots are 90 s apart: made just before the approvals (less
 * than a minute past its start), a sender's second slot still falls inside it.
 */
const WINDOW_MINUTES = 3;
function closingWindow(): Schedule {
  const now = new Date();
  const zone = now.getUTCHours() === 23 && now.getUTCMinutes() >= 60 - WINDOW_MINUTES - 1 ? "Etc/GMT-1" : "UTC";
  const local = new Date(now.getTime() + (zone === "UTC" ? 0 : 3_600_000));
  const start = local.getUTCHours() * 60 + local.getUTCMinutes();
  return { time_zone: zone, days: ["mon", "tue", "wed", "thu", "fri", "sat", "sun"], start: hhmm(start), end: hhmm(start + WINDOW_MINUTES) };
}

async function campaignRun(emails: string[], campaign: { sender_ids?: string[]; schedule: Schedule | null }) {
  const created = await createCampaign(workspaceId, { name: `Campaign ${newId("cmp")}`, pack: "saas-outbound", ...campaign }, { userId, actor });
  const { runId, draftIds } = await draftsAwaitingReview(workspaceId, emails);
  await db().run.update({ where: { id: runId }, data: { campaignId: created.id } });
  return { campaignId: created.id, runId, draftIds };
}

async function sender(port: number, email: string, dailyCap: number | null) {
  return createSender(
    workspaceId,
    {
      from_email: email,
      from_name: null,
      relay: { host: "127.0.0.1", port, secure: false, username: null, password: null },
      mailbox: null,
      daily_cap: dailyCap,
      ramp: null,
      enabled: true,
    },
    actor,
  );
}

beforeAll(async () => {
  await resetDatabase();
  await seed();
  await queue("send").obliterate({ force: true });
  sinkA = await startSmtpSink();
  sinkB = await startSmtpSink();
  workspaceId = (await ensureWorkspace({ slug: "rotation", name: "Rotation" })).id;
  userId = (await db().user.create({ data: { id: newId("usr"), email: "rev@rotation.example", name: "Rev", passwordHash: "x" } })).id;
});

afterAll(async () => {
  for (const worker of workers) worker.child.kill("SIGKILL");
  await sinkA?.close();
  await sinkB?.close();
  await closeQueues();
});

describe("senders, caps and windows", () => {
  it("two senders capped at 2, six approvals, two worker processes: each relay gets 2 today a window ÷ cap apart, the rest waits for tomorrow's window", async () => {
    const a = await sender(sinkA.port, "ann@rotation.example", 2);
    const b = await sender(sinkB.port, "bob@rotation.example", 2);
    await Promise.all([startWorker(), startWorker()]);
    // The window starts this minute, so it is made once the workers are up (they take seconds on a loaded machine).
    const schedule = closingWindow();
    const windowDay = localDay(Date.now(), schedule.time_zone);
    const emails = ["l1", "l2", "l3", "l4", "l5", "l6"].map((name) => `${name}@leads.example`);
    const { campaignId, runId, draftIds } = await campaignRun(emails, { schedule });
    for (const draftId of draftIds) await approveDraft(workspaceId, draftId, {}, { userId, actor });

    await eventually(async () => sinkA.mails.length >= 2 && sinkB.mails.length >= 2, { timeoutMs: 150_000, everyMs: 1000 });
    await new Promise((resolve) => setTimeout(resolve, 3000)); // nothing more may arrive
    expect([sinkA.mails.length, sinkB.mails.length]).toEqual([2, 2]);

    // Each lead has one sender, three each; every mail is From its lead's sender.
    const runLeads = await db().runLead.findMany({ where: { runId }, include: { lead: true } });
    expect(runLeads.filter((rl) => rl.senderId === a.id)).toHaveLength(3);
    expect(runLeads.filter((rl) => rl.senderId === b.id)).toHaveLength(3);
    const senderOf = new Map(runLeads.map((rl) => [rl.lead.email, rl.senderId]));
    for (const mail of sinkA.mails) expect([mail.headers.get("from"), senderOf.get(mail.to[0])]).toEqual(["ann@rotation.example", a.id]);
    for (const mail of sinkB.mails) expect([mail.headers.get("from"), senderOf.get(mail.to[0])]).toEqual(["bob@rotation.example", b.id]);

    const sends = await db().send.findMany({ where: { draftId: { in: draftIds } }, orderBy: { scheduledFor: "asc" } });
    const windowStart = zonedInstant(windowDay, Number(schedule.start.slice(0, 2)) * 60 + Number(schedule.start.slice(3)), schedule.time_zone);
    for (const senderId of [a.id, b.id]) {
      const own = sends.filter((send) => send.senderId === senderId);
      expect(own.map((send) => send.status)).toEqual(["sent", "sent", "pending"]);
      // spacing >= window / cap
      expect(own[1].scheduledFor!.getTime() - own[0].scheduledFor!.getTime()).toBeGreaterThanOrEqual((WINDOW_MINUTES * 60_000) / 2);
      // and no mail leaves before its slot (a loaded machine may send it a little after)
      for (const send of own.slice(0, 2)) expect(send.acceptedAt!.getTime()).toBeGreaterThanOrEqual(send.scheduledFor!.getTime());
      // the third: the same window tomorrow
      expect(own[2].scheduledFor!.getTime()).toBe(windowStart + 86_400_000);
    }
    // The counts per sender per day, across both processes, never above the cap.
    const days = await sql().query<{ senderId: string; scheduled: number }>(`SELECT "senderId", scheduled FROM sender_days ORDER BY day`);
    expect(days.rows.every((day) => day.scheduled <= 2)).toBe(true);
    const completed = await db().event.findMany({ where: { workspaceId, type: "send.completed" } });
    expect(completed).toHaveLength(4);
    for (const event of completed) expect(event.data).toMatchObject({ sender_id: expect.stringMatching(/^sdr_/), scheduled_for: expect.any(String) });

    const forecast = await campaignForecast(workspaceId, campaignId);
    expect(forecast.per_step[0]).toMatchObject({ step: 1, pending: 2, scheduled_first: new Date(windowStart + 86_400_000).toISOString() });
    expect(forecast.per_sender.map((s) => s.cap_today)).toEqual([2, 2]);

    // Ann is disabled: her lead whose send waited moves to Bob (audited), never dropped and never sent
    // under Bob's name as Ann wrote it (contract §13): its draft is written again for Bob and goes
    // back to review. Bob's own waiting send keeps its slot.
    const annWaiting = sends.find((send) => send.senderId === a.id && send.status === "pending")!;
    await updateSender(workspaceId, a.id, { enabled: false }, actor);
    const stillPending = await db().send.findMany({ where: { draftId: { in: draftIds }, status: "pending" } });
    expect(stillPending.map((send) => send.senderId)).toEqual([b.id]);
    const rewritten = await db().draft.findUniqueOrThrow({ where: { id: annWaiting.draftId }, include: { runLead: true, send: true } });
    expect([rewritten.status, rewritten.runLead.senderId, rewritten.send]).toEqual(["awaiting_review", b.id, null]);
    expect(await db().auditEntry.count({ where: { workspaceId, action: "sender.sends_moved", targetId: a.id } })).toBe(1);
    expect(await db().auditEntry.count({ where: { workspaceId, action: "draft.rewritten_for_sender", targetId: annWaiting.draftId } })).toBe(1);
    await updateSender(workspaceId, b.id, { enabled: false }, actor); // leaves the next tests to the default sender
    for (const worker of workers.splice(0)) worker.child.kill("SIGKILL");
  }, 240_000);

  it("a window 09:00–17:00 in the lead's zone: approved at 20:00 there, scheduled for 09:00 the next day; the resume sweep does not send it early", async () => {
    await putRelay(workspaceId, { host: "127.0.0.1", port: sinkA.port, secure: false, from_email: "desk@rotation.example", from_name: null }, actor);
    await queue("send").obliterate({ force: true });
    const hour = new Date().getUTCHours();
    let offset = (20 - hour + 24) % 24; // the zone where it is 20:xx now
    if (offset > 14) offset -= 24;
    const zone = offset === 0 ? "Etc/GMT" : offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`; // Etc names have the sign inverted
    const weekdays: Schedule = { time_zone: "lead", days: ["mon", "tue", "wed", "thu", "fri", "sat", "sun"], start: "09:00", end: "17:00" };
    const {
      draftIds: [draftId],
    } = await campaignRun(["late@leads.example"], { schedule: weekdays });
    await db().lead.updateMany({ where: { workspaceId, email: "late@leads.example" }, data: { timeZone: zone } });
    const before = sinkA.mails.length;

    await approveDraft(workspaceId, draftId, {}, { userId, actor });
    expect(await sendWhenDue(draftId)).toEqual({ outcome: "scheduled" });
    const send = await db().send.findUniqueOrThrow({ where: { draftId } });
    const today = localDay(Date.now(), zone);
    const tomorrow9 = zonedInstant(new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10), 9 * 60, zone);
    expect(send).toMatchObject({ status: "pending", senderId: null, scheduledFor: new Date(tomorrow9) });

    // A lost job's sweep: the draft looks stale, but its slot has not come.
    await db().draft.update({ where: { id: draftId }, data: { updatedAt: new Date(Date.now() - 3_600_000) } });
    await queue("send").obliterate({ force: true });
    await resumeRuns(); // (it may queue test 1's sends that waited for a relay)
    expect((await liveWork("send")).has(draftId)).toBe(false);
    expect(await sendWhenDue(draftId)).toEqual({ outcome: "scheduled" });
    expect(sinkA.mails.length).toBe(before);
    expect((await db().send.findUniqueOrThrow({ where: { draftId } })).status).toBe("pending");
  });

  it("schedulers racing in parallel never hand out more than a sender's cap in a day", async () => {
    const c = await sender(sinkB.port, "cat@rotation.example", 3);
    const emails = Array.from({ length: 12 }, (_, i) => `race${i}@leads.example`);
    const { runId, draftIds } = await campaignRun(emails, { sender_ids: [c.id], schedule: null });
    await db().draft.updateMany({ where: { runId }, data: { status: DRAFT_STATUS.approved } });
    await db().runLead.updateMany({ where: { runId }, data: { state: RUN_LEAD_STATE.running } });
    const slots = await Promise.all(draftIds.map((draftId) => scheduleDraft(draftId)));
    expect(slots.every((slot) => slot?.senderId === c.id)).toBe(true);
    const perDay = new Map<string, number>();
    for (const slot of slots) perDay.set(slot!.scheduledFor.toISOString().slice(0, 10), (perDay.get(slot!.scheduledFor.toISOString().slice(0, 10)) ?? 0) + 1);
    expect([...perDay.values()].every((count) => count <= 3)).toBe(true);
    const stored = await sql().query<{ day: string; scheduled: number }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, scheduled FROM sender_days WHERE "senderId" = $1`,
      [c.id],
    );
    expect(Object.fromEntries(stored.rows.map((row) => [row.day, row.scheduled]))).toEqual(Object.fromEntries(perDay));
    // spacing over the whole UTC day with no schedule: 24 h / 3
    const sorted = slots.map((slot) => slot!.scheduledFor.getTime()).sort((x, y) => x - y);
    for (let i = 1; i < sorted.length; i++) expect(sorted[i] - sorted[i - 1]).toBeGreaterThanOrEqual(0);
    const sameDay = sorted.filter((at) => new Date(at).toISOString().slice(0, 10) === new Date(sorted[0]).toISOString().slice(0, 10));
    for (let i = 1; i < sameDay.length; i++) expect(sameDay[i] - sameDay[i - 1]).toBeGreaterThanOrEqual(8 * 3_600_000);
  });
});
