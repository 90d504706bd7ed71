import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createCampaign } from "@/lib/campaigns/campaigns";
import { approveDraft } from "@/lib/drafts/review-draft";
import { newId } from "@/lib/ids";
import { closeQueues, queue } from "@/lib/queues";
import { createReply } from "@/lib/replies/replies";
import { trackReply } from "@/lib/replies/track-reply";
import { putSendingPolicy } from "@/lib/senders/health";
import { createSender, getSender, resumeSender } from "@/lib/senders/senders";
import { ensureWorkspace } from "@/lib/workspaces/create-workspace";
import { seed } from "@/prisma/seed/run-seed";
import { resetDatabase } from "../helpers/db";
import { draftsAwaitingReview } from "../helpers/draft-fixtures";
import { eventually, freePort, getJson, spawnWorker, type Spawned } from "../helpers/processes";
import { startSmtpSink } from "../helpers/smtp-sink";

// Sender health and one company, one conversation (contract §13) with a real worker process and a
// real SMTP server. With max_bounce_rate 0.2 and min_sends 3: two hard bounces of two sends pause
// nothing (too few sends), the third send's hard bounce pauses the sender; its other approved drafts
// are claimed by the worker (their jobs end "paused") and nothing reaches the relay; resume sends
// each exactly once. Then a reply ends the sequences of the lead's colleagues at the same company,
// not those of another company nor of a shared mail domain (gmail.com).

const actor = { type: "system" as const, id: "tests", name: "tests" };
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let workspaceId = "";
let userId = "";
let worker: Spawned | undefined;

beforeAll(async () => {
  await resetDatabase();
  await seed();
  await queue("send").obliterate({ force: true });
  sink = await startSmtpSink();
  workspaceId = (await ensureWorkspace({ slug: "health", name: "Health" })).id;
  userId = (await db().user.create({ data: { id: newId("usr"), email: "rev@health.example", name: "Rev", passwordHash: "x" } })).id;
  await putSendingPolicy(workspaceId, { max_bounce_rate: 0.2, min_sends: 3 }, actor);
});

afterAll(async () => {
  worker?.child.kill("SIGKILL");
  await sink?.close();
  await closeQueues();
});

async function sender(email: string) {
  const relay = { host: "127.0.0.1", port: sink.port, secure: false, username: null, password: null };
  return createSender(workspaceId, { from_email: email, from_name: null, relay, mailbox: null, daily_cap: null, ramp: null, enabled: true }, actor);
}

async function campaignRun(emails: string[], senderId: string, steps?: { wait?: string; prompt?: string }[]) {
  const campaign = await createCampaign(
    workspaceId,
    { name: `Campaign ${newId("cmp")}`, pack: "saas-outbound", sender_ids: [senderId], ...(steps ? { steps } : {}) },
    { userId, actor },
  );
  const { runId, draftIds } = await draftsAwaitingReview(workspaceId, emails);
  const stored = await db().campaignStep.findMany({ where: { campaignId: campaign.id }, orderBy: { step: "asc" } });
  const runSteps = stored.length > 1 ? stored.map(({ step, wait, waitSeconds }) => ({ step, wait, waitSeconds })) : undefined;
  await db().run.update({ where: { id: runId }, data: { campaignId: campaign.id, ...(runSteps ? { steps: runSteps } : {}) } });
  return { runId, draftIds };
}

const mailsTo = (email: string) => sink.mails.filter((mail) => mail.to.includes(email));

/** A DSN handed in as a reply to the mail sent to `email` (a 5.1.1: a hard bounce). */
async function hardBounce(email: string) {
  const messageId = mailsTo(email)[0].headers.get("message-id")!;
  const reply = await createReply(workspaceId, {
    in_reply_to: messageId,
    from: "mailer-daemon@mx.health.example",
    subject: "Undelivered Mail Returned to Sender",
    text: `Delivery to the following recipient failed permanently:\n\n    ${email}\n\nRemote server returned '550 5.1.1 The email account that you tried to reach does not exist.'`,
    received_at: new Date().toISOString(),
  });
  await trackReply(reply.id); // the worker may take its job too: classifying is done once either way
  expect((await db().reply.findUniqueOrThrow({ where: { id: reply.id } })).classification).toBe("bounce");
}

/** The outcome the worker gave each draft's send job (undefined: not run yet). */
async function jobOutcomes(draftIds: string[]): Promise<Map<string, string>> {
  const jobs = await queue("send").getJobs(["completed"]);
  const outcomes = new Map<string, string>();
  for (const job of jobs) if (job && draftIds.includes(job.data.draftId)) outcomes.set(job.data.draftId, (job.returnvalue as { outcome: string })?.outcome);
  return outcomes;
}

describe("sender health", () => {
  it("three hard bounces of three sends pause the sender; its approved drafts wait while it is paused; resume sends each exactly once", async () => {
    const a = await sender("ann@health.example");
    const port = await freePort();
    worker = spawnWorker({ WORKER_PORT: String(port) });
    await eventually(async () => (await getJson(`http://127.0.0.1:${port}/readyz`)).status === 200, { timeoutMs: 30_000 });
    const emails = ["b1", "b2", "b3", "w1", "w2", "w3"].map((name) => `${name}@bounce${name}.example`);
    const { draftIds } = await campaignRun(emails, a.id);
    const approve = (draftId: string) => approveDraft(workspaceId, draftId, {}, { userId, actor });

    await approve(draftIds[0]);
    await approve(draftIds[1]);
    await eventually(async () => sink.mails.length === 2, { timeoutMs: 30_000 });
    await hardBounce(emails[0]);
    await hardBounce(emails[1]);
    // 2 of 2 bounced, but under min_sends: still active.
    expect((await getSender(workspaceId, a.id)).health).toMatchObject({ status: "active", sends_7d: 2, hard_bounces_7d: 2, bounce_rate_7d: 1 });

    await approve(draftIds[2]);
    await eventually(async () => sink.mails.length === 3, { timeoutMs: 30_000 });
    await hardBounce(emails[2]);
    const paused = (await getSender(workspaceId, a.id)).health;
    expect(paused).toMatchObject({ status: "paused", sends_7d: 3, hard_bounces_7d: 3, bounce_rate_7d: 1, paused_reason: "bounce_rate" });
    expect(paused.paused_at).not.toBeNull();
    const pausedEvents = await db().event.findMany({ where: { workspaceId, type: "sender.paused" } });
    expect(pausedEvents.map((event) => event.data)).toEqual([{ sender_id: a.id, reason: "bounce_rate", bounce_rate: 1, sends_7d: 3 }]);
    expect(await db().auditEntry.count({ where: { workspaceId, action: "sender.paused", targetId: a.id } })).toBe(1);

    // The other three are approved while it is paused: the worker runs each send job, and nothing leaves.
    const waiting = draftIds.slice(3);
    for (const draftId of waiting) await approve(draftId);
    await eventually(
      async () => {
        const outcomes = await jobOutcomes(waiting);
        return waiting.every((draftId) => outcomes.get(draftId) === "paused");
      },
      { timeoutMs: 30_000 },
    );
    expect(sink.mails.length).toBe(3);
    const held = await db().send.findMany({ where: { draftId: { in: waiting } } });
    expect(held.map((send) => [send.status, send.senderId, send.attempts])).toEqual(waiting.map(() => ["pending", a.id, 0]));

    const resumed = await resumeSender(workspaceId, a.id, "Cleaned the list", actor);
    expect(resumed.health).toMatchObject({ status: "active", paused_reason: null, paused_at: null });
    await eventually(async () => sink.mails.length === 6, { timeoutMs: 30_000 });
    await eventually(async () => (await db().send.count({ where: { draftId: { in: waiting }, status: "sent" } })) === 3, { timeoutMs: 30_000 });
    // Each went once, From its own sender; the queue has nothing more for them.
    for (const email of emails) expect(mailsTo(email).map((mail) => mail.headers.get("from"))).toEqual(["ann@health.example"]);
    expect(await queue("send").getJobCounts("waiting", "active", "delayed")).toEqual({ waiting: 0, active: 0, delayed: 0 });
    expect(sink.mails.length).toBe(6);
    const resumedEvents = await db().event.findMany({ where: { workspaceId, type: "sender.resumed" } });
    expect(resumedEvents.map((event) => event.data)).toEqual([{ sender_id: a.id, reason: "Cleaned the list" }]);
    expect(await db().auditEntry.count({ where: { workspaceId, action: "sender.resumed", targetId: a.id } })).toBe(1);
  }, 180_000);
});

describe("one company, one conversation", () => {
  it("a reply ends the colleague's sequence company_replied; another company's lead goes on; two gmail.com leads are not linked", async () => {
    const b = await sender("bea@health.example");
    const emails = ["ada@acme.example", "bob@acme.example", "cy@other.example", "gail@gmail.com", "gus@gmail.com"];
    const { runId, draftIds } = await campaignRun(emails, b.id, [{}, { wait: "PT1H", prompt: "follow_up" }]);
    const drafts = await db().draft.findMany({ where: { id: { in: draftIds } }, include: { lead: true } });
    const draftOf = (email: string) => drafts.find((draft) => draft.lead.email === email)!.id;
    for (const email of ["ada@acme.example", "gail@gmail.com"]) {
      const reply = await createReply(workspaceId, {
        draft_id: draftOf(email),
        from: email,
        subject: "Re: Hello",
        text: "Yes, this sounds interesting. Could you send me more details?",
        received_at: new Date().toISOString(),
      });
      await trackReply(reply.id);
    }
    const runLeads = await db().runLead.findMany({ where: { runId }, include: { lead: true } });
    const ended = Object.fromEntries(runLeads.map((rl) => [rl.lead.email, rl.sequenceEndedReason]));
    expect(ended).toEqual({
      "ada@acme.example": "replied",
      "bob@acme.example": "company_replied",
      "cy@other.example": null,
      "gail@gmail.com": "replied",
      "gus@gmail.com": null,
    });
    const bob = runLeads.find((rl) => rl.lead.email === "bob@acme.example")!;
    const events = await db().event.findMany({ where: { workspaceId, type: "lead.sequence_ended" } });
    expect(
      events.filter((event) => (event.data as { lead_id: string }).lead_id === bob.leadId).map((event) => (event.data as { reason: string }).reason),
    ).toEqual(["company_replied"]);
  }, 60_000);
});
