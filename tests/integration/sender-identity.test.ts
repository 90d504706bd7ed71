import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createCampaign } from "@/lib/campaigns/campaigns";
import { approveDraft } from "@/lib/drafts/review-draft";
import { newId } from "@/lib/ids";
import { closeQueues, queue } from "@/lib/queues";
import { createRun } from "@/lib/runs/create-run";
import { createSender } from "@/lib/senders/senders";
import { updateSender } from "@/lib/wiring/sender-changes";
import { signersFor } from "@/lib/senders/signer";
import { ensureWorkspace } from "@/lib/workspaces/create-workspace";
import { seed } from "@/prisma/seed/run-seed";
import { startFileServer, toCsv } from "../helpers/csv-fixtures";
import { resetDatabase } from "../helpers/db";
import { draftsAwaitingReview } from "../helpers/draft-fixtures";
import { eventually, freePort, getJson, spawnWorker, type Spawned } from "../helpers/processes";
import { startSmtpSink } from "../helpers/smtp-sink";

// Issue 33, contract §13 "A draft is signed by the sender it goes out from", against a real worker
// process and two real SMTP servers: two senders with different names, titles and signatures, a
// 2-step campaign. Each lead is given its sender when its first draft is written (draft.ready names
// it), every mail at each server is signed by the name in its From on both steps, leads spread in
// proportion to the senders' caps, and a lead moved off a disabled sender has its unsent drafts
// written again for the new sender and back in review (its approval lapsed, audited).

const actor = { type: "system" as const, id: "tests", name: "tests" };
const ANNA = { name: "Anna Berg", title: "Head of Sales", signature: "Anna Berg · Demo Co · +1 555 0100" };
const MARCO = { name: "Marco Silva", title: "Founder", signature: "Marco at Demo Co" };
const CARLA = { name: "Carla Diaz", title: "Account Executive", signature: "Carla · Demo Co" };

let sinkA: Awaited<ReturnType<typeof startSmtpSink>>;
let sinkB: Awaited<ReturnType<typeof startSmtpSink>>;
let files: Awaited<ReturnType<typeof startFileServer>>;
let worker: Spawned | undefined;
let workspaceId = "";
let userId = "";

const lead = (name: string, domain: string) => ({
  email: `${name}@${domain}`,
  first_name: name,
  company: `${name} Co`,
  title: "VP of Engineering",
  industry: "Software",
  employees: "300",
  country: "US",
  notes: "hiring engineers",
});
const STEP_LEADS = ["ava", "ben", "cai", "dee", "eli", "fay"].map((name) => lead(name, "identity.example"));
const MOVE_LEADS = ["gus", "hal", "ivy", "jo"].map((name) => lead(name, "moved.example"));

async function sender(port: number, email: string, who: typeof ANNA, dailyCap: number | null = null) {
  return createSender(
    workspaceId,
    {
      from_email: email,
      from_name: who.name,
      title: who.title,
      signature: who.signature,
      relay: { host: "127.0.0.1", port, secure: false, username: null, password: null },
      mailbox: null,
      daily_cap: dailyCap,
      ramp: null,
      enabled: true,
    },
    actor,
  );
}

const readyEvents = async (runId: string) =>
  (await db().event.findMany({ where: { workspaceId, type: "draft.ready" }, orderBy: { id: "asc" } }))
    .map((event) => event.data as { draft_id: string; run_id: string; step: number; sender_id: string | null })
    .filter((data) => data.run_id === runId);

beforeAll(async () => {
  await resetDatabase();
  await seed();
  await queue("send").obliterate({ force: true });
  sinkA = await startSmtpSink();
  sinkB = await startSmtpSink();
  files = await startFileServer(
    new Map([
      ["/steps.csv", toCsv(STEP_LEADS)],
      ["/moved.csv", toCsv(MOVE_LEADS)],
    ]),
  );
  workspaceId = (await ensureWorkspace({ slug: "identity", name: "Demo Co" })).id;
  userId = (await db().user.create({ data: { id: newId("usr"), email: "rev@identity.example", name: "Rev", passwordHash: "x" } })).id;
  const port = await freePort();
  worker = spawnWorker({ WORKER_PORT: String(port) });
  await eventually(async () => (await getJson(`http://127.0.0.1:${port}/readyz`)).status === 200, { timeoutMs: 60_000 });
});

afterAll(async () => {
  worker?.child.kill("SIGKILL");
  await sinkA?.close();
  await sinkB?.close();
  await files?.close();
  await closeQueues();
});

describe("a draft is signed by the sender it goes out from", () => {
  it("two senders, a 2-step campaign: every mail at each SMTP server is signed by the name in its From, on both steps; draft.ready names the sender", async () => {
    const anna = await sender(sinkA.port, "anna@demo.example", ANNA);
    const marco = await sender(sinkB.port, "marco@demo.example", MARCO);
    const review = { userId, actor };
    const campaign = await createCampaign(
      workspaceId,
      { name: "Two touches", pack: "saas-outbound", sender_ids: [anna.id, marco.id], steps: [{}, { wait: "PT2S", prompt: "follow_up" }] },
      review,
    );
    const run = await createRun(workspaceId, { pack: "saas-outbound", campaign_id: campaign.id, leads_csv_url: `${files.url}/steps.csv` }, actor);
    const drafts = (step: number) => db().draft.findMany({ where: { runId: run.id, step }, include: { runLead: true } });
    const approveAll = async (step: number) => {
      for (const draft of await drafts(step)) if (draft.status === "awaiting_review") await approveDraft(workspaceId, draft.id, {}, review);
    };

    // Step 1: each lead has its sender as soon as its draft is written, and draft.ready says which.
    const first = await eventually(
      async () => {
        const written = await drafts(1);
        return written.length === STEP_LEADS.length && written;
      },
      { timeoutMs: 120_000, everyMs: 500 },
    );
    const senderOf = new Map(first.map((draft) => [draft.runLeadId, draft.runLead.senderId]));
    expect(new Set(senderOf.values())).toEqual(new Set([anna.id, marco.id]));
    const ready1 = await eventually(async () => {
      const events = (await readyEvents(run.id)).filter((e) => e.step === 1);
      return events.length === STEP_LEADS.length && events;
    });
    for (const event of ready1) expect(event.sender_id).toBe(first.find((d) => d.id === event.draft_id)!.runLead.senderId);
    for (const draft of first) {
      const who = draft.runLead.senderId === anna.id ? ANNA : MARCO;
      expect(draft.body).toContain(who.name);
      expect(draft.body).toContain(who.signature);
    }

    await approveAll(1);
    await eventually(async () => sinkA.mails.length + sinkB.mails.length >= STEP_LEADS.length, { timeoutMs: 120_000, everyMs: 500 });

    // Step 2: written for the same sender, named by draft.ready, sent From it.
    await eventually(async () => (await drafts(2)).length === STEP_LEADS.length, { timeoutMs: 120_000, everyMs: 500 });
    const ready2 = await eventually(async () => {
      const events = (await readyEvents(run.id)).filter((e) => e.step === 2);
      return events.length === STEP_LEADS.length && events;
    });
    for (const draft of await drafts(2)) {
      expect(ready2.find((event) => event.draft_id === draft.id)!.sender_id).toBe(senderOf.get(draft.runLeadId));
      expect(draft.runLead.senderId).toBe(senderOf.get(draft.runLeadId));
    }
    await approveAll(2);
    await eventually(async () => sinkA.mails.length + sinkB.mails.length >= 2 * STEP_LEADS.length, { timeoutMs: 120_000, everyMs: 500 });

    for (const [sink, who, other] of [
      [sinkA, ANNA, MARCO],
      [sinkB, MARCO, ANNA],
    ] as const) {
      expect(sink.mails.length).toBeGreaterThan(0);
      for (const mail of sink.mails) {
        expect(mail.headers.get("from")).toContain(who.name);
        const body = Buffer.from(mail.body, "latin1").toString("utf8"); // the sink decodes quoted-printable byte by byte
        const signOff = body.slice(body.lastIndexOf("Best,"));
        expect(signOff).toContain(who.name);
        // Both the first email's template and follow_up's (v1.1.0, production) show {{signature}}.
        expect(signOff).toContain(who.signature);
        if (/^Re: /.test(mail.headers.get("subject") ?? "")) expect(signOff).toContain(who.title);
        expect(body).not.toContain(other.name);
        expect(signOff.split("\n")).not.toContain("Demo Co"); // never the workspace's name as the signer
      }
      const steps = new Set(sink.mails.map((mail) => (/^Re: /.test(mail.headers.get("subject") ?? "") ? 2 : 1)));
      expect(steps).toEqual(new Set([1, 2]));
    }
  }, 300_000);

  it("spreads leads in proportion to each sender's daily cap (5 and 8 get about 5:8), and keeps each lead's sender", async () => {
    const five = await sender(sinkA.port, "five@demo.example", ANNA, 5);
    const eight = await sender(sinkB.port, "eight@demo.example", MARCO, 8);
    const campaign = await createCampaign(workspaceId, { name: "Caps", pack: "saas-outbound", sender_ids: [five.id, eight.id] }, { userId, actor });
    const { runId } = await draftsAwaitingReview(
      workspaceId,
      Array.from({ length: 26 }, (_, i) => `cap${i}@caps.example`),
    );
    await db().run.update({ where: { id: runId }, data: { campaignId: campaign.id } });
    const runLeads = await db().runLead.findMany({ where: { runId }, select: { id: true } });
    const signers = await signersFor(
      { workspaceId, campaignId: campaign.id },
      runLeads.map((rl) => rl.id),
    );
    const counts = { five: 0, eight: 0 };
    for (const signer of signers.values()) counts[signer?.senderId === five.id ? "five" : "eight"]++;
    expect(counts).toEqual({ five: 10, eight: 16 });
    const again = await signersFor(
      { workspaceId, campaignId: campaign.id },
      runLeads.map((rl) => rl.id),
    );
    for (const [id, signer] of again) expect(signer?.senderId).toBe(signers.get(id)?.senderId);
  });

  it("a lead moved off a disabled sender has its unsent drafts written again for the new sender and back in review", async () => {
    const anna = await sender(sinkA.port, "anna2@demo.example", ANNA);
    const carla = await sender(sinkB.port, "carla@demo.example", CARLA);
    const review = { userId, actor };
    // A window that is not open now: approved drafts wait for their slot (pending sends).
    const hour = (new Date().getUTCHours() + 3) % 24;
    const hh = String(hour).padStart(2, "0");
    const campaign = await createCampaign(
      workspaceId,
      {
        name: "Moves",
        pack: "saas-outbound",
        sender_ids: [anna.id, carla.id],
        schedule: { time_zone: "UTC", days: ["mon", "tue", "wed", "thu", "fri", "sat", "sun"], start: `${hh}:00`, end: `${hh}:30` },
      },
      review,
    );
    const run = await createRun(workspaceId, { pack: "saas-outbound", campaign_id: campaign.id, leads_csv_url: `${files.url}/moved.csv` }, actor);
    const written = await eventually(
      async () => {
        const drafts = await db().draft.findMany({ where: { runId: run.id }, include: { runLead: true } });
        return drafts.length === MOVE_LEADS.length && drafts;
      },
      { timeoutMs: 120_000, everyMs: 500 },
    );
    const carlas = written.filter((draft) => draft.runLead.senderId === carla.id);
    expect(carlas.length).toBe(2);
    for (const draft of carlas) expect(draft.body).toContain(CARLA.signature);
    // One of Carla's drafts approved (its send waits for the window), the other still in review.
    const [approved, waiting] = carlas;
    await approveDraft(workspaceId, approved.id, {}, review);
    await eventually(async () => (await db().send.findUnique({ where: { draftId: approved.id } }))?.senderId === carla.id, { timeoutMs: 60_000 });

    await updateSender(workspaceId, carla.id, { enabled: false }, actor);

    for (const id of [approved.id, waiting.id]) {
      const draft = await db().draft.findUniqueOrThrow({ where: { id }, include: { runLead: true, send: true } });
      expect(draft.runLead.senderId).toBe(anna.id);
      expect(draft.status).toBe("awaiting_review");
      expect(draft.send).toBeNull();
      expect(draft.reviewerId).toBeNull();
      expect(draft.body).toContain(ANNA.name);
      expect(draft.body).toContain(ANNA.signature);
      expect(draft.body).not.toContain(CARLA.name);
    }
    expect((await db().runLead.findUniqueOrThrow({ where: { id: approved.runLeadId } })).state).toBe("awaiting_review");
    const audits = await db().auditEntry.findMany({ where: { workspaceId, action: "draft.rewritten_for_sender" } });
    expect(audits.map((entry) => [entry.targetId, (entry.data as { approval_lapsed: boolean }).approval_lapsed]).sort()).toEqual(
      [
        [approved.id, true],
        [waiting.id, false],
      ].sort(),
    );
    const ready = (await readyEvents(run.id)).filter((event) => event.draft_id === approved.id || event.draft_id === waiting.id);
    expect(ready.filter((event) => event.sender_id === carla.id)).toHaveLength(2);
    expect(ready.filter((event) => event.sender_id === anna.id)).toHaveLength(2);
  }, 240_000);
});
