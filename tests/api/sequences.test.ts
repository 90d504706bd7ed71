import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { call, testWorkspace, type TestWorkspace } from "../helpers/api-fixtures";
import { GOOD_LEADS, startFileServer, toCsv } from "../helpers/csv-fixtures";
import { startDovecot, type Dovecot } from "../helpers/dovecot";
import { dsnMessage, mailboxReading, replyMessage, type SentLead } from "../helpers/mailbox-fixtures";
import { eventually, freePort, getJson, spawnWorker, type Spawned } from "../helpers/processes";
import { startSmtpSink, type ReceivedMail } from "../helpers/smtp-sink";
import { sameOrigin, signInAs } from "../helpers/web-session";

// Issue 26, "Done when": a 3-step campaign (waits of a few seconds) over 5 leads, with a real
// worker, SMTP server and IMAP mailbox (dovecot). Every step is reviewed and sent threaded; a reply
// to A's first email ends A even though A's next draft was already approved (a web approval, inside
// its undo window); an out-of-office with a return date pauses B, which resumes when the date comes
// (the test moves B's clock: the return date is a day away) and is then stopped by hand; a hard
// bounce ends C and suppresses it; D and E complete their three steps.

const WAIT = "PT6S";
let ws: TestWorkspace;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let dovecot: Dovecot;
let files: Awaited<ReturnType<typeof startFileServer>>;
let worker: Spawned;
let session: Record<string, string>;

beforeAll(async () => {
  ws = await testWorkspace("sequences");
  smtp = await startSmtpSink();
  dovecot = await startDovecot(["seq-inbox"]);
  files = await startFileServer(new Map([["/leads.csv", toCsv(LEADS)]]));
  const port = await freePort();
  worker = spawnWorker({ WORKER_PORT: String(port) });
  await eventually(async () => (await getJson(`http://127.0.0.1:${port}/readyz`)).status === 200, { timeoutMs: 60_000 });
  const relay = { host: "127.0.0.1", port: smtp.port, from_email: "sam@leadpipe.example", from_name: "Sam" };
  expect((await call("PUT", "/v1/relay", { token: ws.tokens.admin, body: relay })).status).toBe(200);
  const { username, password } = dovecot.user("seq-inbox");
  const mailbox = { host: "127.0.0.1", port: dovecot.port, secure: false, username, password, folders: ["INBOX"] };
  expect((await call("PUT", "/v1/mailbox", { token: ws.tokens.admin, body: mailbox })).status).toBe(200);
  await mailboxReading(ws.workspace.id); // replies below must be read within a step's wait
  session = sameOrigin(await signInAs(ws.users.reviewer));
}, 90_000);

afterAll(async () => {
  worker?.child.kill("SIGTERM");
  await smtp?.close();
  await dovecot?.stop();
  await files?.close();
});

type Draft = { id: string; lead_id: string; step: number; status: string; subject: string };
type RunLead = {
  lead: { id: string; email: string; status: string };
  state: string;
  sequence: { step: number; status: string; ended_reason: string | null; next_at: string | null } | null;
};

/** Five leads that qualify: the good fixtures again under addresses of their own. */
const LEADS = Array.from({ length: 5 }, (_, i) => ({ ...GOOD_LEADS[i % GOOD_LEADS.length], email: `lead${i}@seq${i}.example` }));
const emailOf = (i: number) => LEADS[i].email;
const mailsTo = (email: string): ReceivedMail[] => smtp.mails.filter((mail) => mail.to.includes(email));

async function drafts(runId: string): Promise<Draft[]> {
  const page = await call("GET", `/v1/drafts?run_id=${runId}&limit=100`, { token: ws.tokens.viewer });
  return page.body.data as unknown as Draft[];
}
async function runLeads(runId: string): Promise<Map<string, RunLead>> {
  const page = await call("GET", `/v1/runs/${runId}/leads?limit=100`, { token: ws.tokens.viewer });
  return new Map((page.body.data as unknown as RunLead[]).map((row) => [row.lead.email, row]));
}
const draftOf = async (runId: string, email: string, step: number) => {
  const leads = await runLeads(runId);
  const leadId = leads.get(email)!.lead.id;
  return (await drafts(runId)).find((d) => d.lead_id === leadId && d.step === step);
};
const approve = async (draftId: string) =>
  expect((await call("POST", `/v1/drafts/${draftId}/approve`, { token: ws.tokens.reviewer, body: {} })).status).toBe(200);
/** A lead of the run as the mailbox fixtures name it: its address and the Message-ID its step-1 email went out with. */
const sentLead = (email: string): SentLead => {
  const mail = mailsTo(email)[0];
  return { leadId: "", email, draftId: "", runId: "", messageId: mail.headers.get("message-id")! };
};

describe("a 3-step sequence over 5 leads", () => {
  it("drafts, reviews and sends each step threaded; a reply, an out-of-office, a bounce and a stop each do what they say", async () => {
    const created = await call("POST", "/v1/campaigns", {
      token: ws.tokens.admin,
      body: { name: "Three touches", pack: "saas-outbound", steps: [{}, { wait: WAIT, prompt: "follow_up" }, { wait: WAIT }] },
    });
    expect(created.status).toBe(201);
    const run = await call("POST", "/v1/runs", {
      token: ws.tokens.admin,
      body: { pack: "saas-outbound", campaign_id: created.body.id, leads_csv_url: `${files.url}/leads.csv` },
    });
    expect(run.status).toBe(202);
    const runId = run.body.id as string;
    const [A, B, C, D, E] = [0, 1, 2, 3, 4].map(emailOf);

    // Step 1: five drafts, approved over the API, five mails.
    const firsts = await eventually(
      async () => {
        const all = await drafts(runId);
        return all.length === 5 && all.every((d) => d.status === "awaiting_review") ? all : null;
      },
      { timeoutMs: 60_000 },
    );
    expect(firsts.map((d) => d.step)).toEqual([1, 1, 1, 1, 1]);
    for (const draft of firsts) await approve(draft.id);
    await eventually(async () => smtp.mails.length === 5, { timeoutMs: 30_000 });
    const leadsAfterStep1 = await runLeads(runId);
    expect(leadsAfterStep1.get(D)!.state).toBe("running"); // waiting for step 2, not done
    expect(leadsAfterStep1.get(D)!.sequence).toMatchObject({ step: 1, status: "active", ended_reason: null });
    expect((await call("GET", `/v1/runs/${runId}`, { token: ws.tokens.viewer })).body.status).toBe("sending");

    // B is out of office until tomorrow; C's address bounces hard.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await dovecot.append("seq-inbox", replyMessage(sentLead(B), `I am out of the office until ${tomorrow} with limited access to email.`));
    await dovecot.append("seq-inbox", dsnMessage(sentLead(C), "hard"));
    await eventually(
      async () => {
        const leads = await runLeads(runId);
        return leads.get(B)!.sequence?.status === "paused" && leads.get(C)!.sequence?.status === "finished" ? leads : null;
      },
      { timeoutMs: 30_000 },
    );
    const paused = (await runLeads(runId)).get(B)!;
    expect(paused.sequence!.next_at).toBe(`${tomorrow}T00:00:00.000Z`);
    expect((await runLeads(runId)).get(C)!.sequence).toMatchObject({ status: "finished", ended_reason: "bounced" });
    expect(await db().suppression.count({ where: { workspaceId: ws.workspace.id, emailLower: C } })).toBe(1);

    // Step 2 is drafted for A, D and E once its wait has passed; not for B (paused) or C (ended).
    await eventually(async () => ((await drafts(runId)).filter((d) => d.step === 2).length === 3 ? true : null), { timeoutMs: 30_000 });
    expect(await draftOf(runId, B, 2)).toBeUndefined();
    expect(await draftOf(runId, C, 2)).toBeUndefined();

    // A's step 2 approved in the web app (its send waits out the undo window), then A replies to its first email.
    const a2 = (await draftOf(runId, A, 2))!;
    expect(a2.subject).toMatch(/^Re: /);
    expect((await call("POST", `/api/web/drafts/${a2.id}/approve`, { token: null, headers: session, body: {} })).status).toBe(200);
    await dovecot.append("seq-inbox", replyMessage(sentLead(A), "Sounds interesting. Could you send me pricing?"));
    await eventually(async () => ((await runLeads(runId)).get(A)!.sequence?.ended_reason === "replied" ? true : null), { timeoutMs: 30_000 });
    expect((await call("GET", `/v1/drafts/${a2.id}`, { token: ws.tokens.viewer })).body.status).toBe("canceled");

    // D and E: step 2 sent in the thread of step 1.
    for (const email of [D, E]) await approve((await draftOf(runId, email, 2))!.id);
    await eventually(async () => (mailsTo(D).length === 2 && mailsTo(E).length === 2 ? true : null), { timeoutMs: 30_000 });
    for (const email of [D, E]) {
      const [first, second] = mailsTo(email);
      const firstId = first.headers.get("message-id")!;
      expect(second.headers.get("in-reply-to")).toBe(firstId);
      expect(second.headers.get("references")).toBe(firstId);
      expect(second.headers.get("subject")).toBe(`Re: ${first.headers.get("subject")!.replace(/^Re: /, "")}`);
      expect(second.from).toBe(first.from);
    }

    // Step 3: drafted after its wait, sent with both earlier messages in References; the sequences complete.
    await eventually(async () => ((await drafts(runId)).filter((d) => d.step === 3).length === 2 ? true : null), { timeoutMs: 30_000 });
    for (const email of [D, E]) await approve((await draftOf(runId, email, 3))!.id);
    await eventually(async () => (mailsTo(D).length === 3 && mailsTo(E).length === 3 ? true : null), { timeoutMs: 30_000 });
    for (const email of [D, E]) {
      const [first, second, third] = mailsTo(email);
      expect(third.headers.get("in-reply-to")).toBe(second.headers.get("message-id"));
      expect(third.headers.get("references")).toBe(`${first.headers.get("message-id")} ${second.headers.get("message-id")}`);
    }
    // The sink has the mail a moment before the send is recorded.
    const done = await eventually(async () => {
      const leads = await runLeads(runId);
      return [D, E].every((email) => leads.get(email)!.state === "done") ? leads : null;
    });
    for (const email of [D, E]) expect(done.get(email)).toMatchObject({ state: "done", sequence: { step: 3, status: "finished", ended_reason: "completed" } });

    // A sent nothing after its reply, even once the undo window closed; C nothing after its bounce.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(mailsTo(A)).toHaveLength(1);
    expect(mailsTo(C)).toHaveLength(1);

    // B's return date comes (its clock moved): it resumes with step 2; a reviewer then stops it by hand.
    const bRow = await db().runLead.findFirstOrThrow({ where: { runId, lead: { emailLower: B } } });
    await db().runLead.update({ where: { id: bRow.id }, data: { nextAt: new Date() } });
    const b2 = await eventually(async () => draftOf(runId, B, 2), { timeoutMs: 30_000 });
    expect(b2.status).toBe("awaiting_review");
    expect((await runLeads(runId)).get(B)!.sequence).toMatchObject({ step: 2, status: "active" });
    const stopped = await call("POST", `/v1/runs/${runId}/leads/${bRow.leadId}/stop`, { token: ws.tokens.reviewer });
    expect(stopped.status).toBe(200);
    expect(stopped.body).toMatchObject({ state: "stopped", sequence: { step: 2, status: "finished", ended_reason: "stopped" } });
    expect((await call("GET", `/v1/drafts/${b2.id}`, { token: ws.tokens.viewer })).body.status).toBe("canceled");
    expect((await call("POST", `/v1/runs/${runId}/leads/${bRow.leadId}/stop`, { token: ws.tokens.viewer })).status).toBe(403);
    expect((await call("POST", `/v1/runs/${runId}/leads/${bRow.leadId}/stop`, { token: ws.tokens.reviewer })).status).toBe(200); // already ended: as it is

    // Every lead's end announced once, with its reason; the run has completed.
    const ended = await db().event.findMany({ where: { workspaceId: ws.workspace.id, type: "lead.sequence_ended" } });
    const reasons = new Map(ended.map((event) => [(event.data as { lead_id: string }).lead_id, (event.data as { reason: string }).reason]));
    const ids = await runLeads(runId);
    expect(ended).toHaveLength(5);
    expect([A, B, C, D, E].map((email) => reasons.get(ids.get(email)!.lead.id))).toEqual(["replied", "stopped", "bounced", "completed", "completed"]);
    await eventually(async () => ((await call("GET", `/v1/runs/${runId}`, { token: ws.tokens.viewer })).body.status === "completed" ? true : null), {
      timeoutMs: 15_000,
    });
    // Counts per step on the run (drafted, sent, canceled); the drafts list filtered by step and campaign.
    const counted = await call("GET", `/v1/runs/${runId}`, { token: ws.tokens.viewer });
    // Five leads, counted once each although each has a draft per step; drafted also counts the
    // answer written to the interested reply (contract §13: a draft of kind reply, no step).
    expect(counted.body.counts).toMatchObject({ rows: 5, imported: 5, qualified: 5, drafted: 12, sent: 9 });
    expect((counted.body.counts as { steps: unknown }).steps).toEqual([
      { step: 1, drafted: 5, awaiting_review: 0, approved: 5, sent: 5, canceled: 0 },
      { step: 2, drafted: 4, awaiting_review: 0, approved: 2, sent: 2, canceled: 2 }, // A replied, B stopped
      { step: 3, drafted: 2, awaiting_review: 0, approved: 2, sent: 2, canceled: 0 },
    ]);
    const stepTwo = await call("GET", `/v1/drafts?step=2&campaign_id=${created.body.id}&limit=100`, { token: ws.tokens.viewer });
    expect((stepTwo.body.data as unknown as Draft[]).map((d) => d.step)).toEqual([2, 2, 2, 2]);
    expect((await call("GET", `/v1/drafts?campaign_id=cmp_${"0".repeat(26)}`, { token: ws.tokens.viewer })).body.data).toEqual([]);
    for (const bad of ["step=0", "step=9", "step=2.5", "campaign_id=run_1"])
      expect((await call("GET", `/v1/drafts?${bad}`, { token: ws.tokens.viewer })).status, bad).toBe(400);
    const queue = await call("GET", `/api/web/review?status=sent&step=3&run_id=${runId}`, { token: null, headers: session });
    expect(
      (queue.body.data as unknown as { step: number; steps: number; step_wait: { words: string } }[]).map((d) => [d.step, d.steps, d.step_wait.words]),
    ).toEqual([
      [3, 3, "6 seconds"],
      [3, 3, "6 seconds"],
    ]);
    expect((await call("GET", `/api/web/review?step=x`, { token: null, headers: session })).status).toBe(400);

    const ready = await db().event.findMany({ where: { workspaceId: ws.workspace.id, type: "draft.ready" } });
    const data = ready.map((event) => event.data as { step: number | null; kind: string });
    expect(
      data
        .filter((d) => d.kind !== "reply")
        .map((d) => d.step)
        .sort(),
    ).toEqual([1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3]);
    // And the answer written to the interested reply: no step of the sequence.
    expect(data.filter((d) => d.kind === "reply")).toEqual([expect.objectContaining({ step: null })]);
  }, 180_000);
});
