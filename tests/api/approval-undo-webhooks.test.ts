import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { undoWindowMs } from "@/lib/sending/send-window";
import { call, testWorkspace, type TestWorkspace } from "../helpers/api-fixtures";
import { GOOD_LEADS, startFileServer, toCsv } from "../helpers/csv-fixtures";
import { eventually, freePort, getJson, spawnWorker, type Spawned } from "../helpers/processes";
import { startSmtpSink } from "../helpers/smtp-sink";
import { sameOrigin, signInAs } from "../helpers/web-session";
import { startReceiver } from "../helpers/webhook-receiver";

// What a webhook consumer (a CRM) sees of approvals made in the web app, with their 10-second undo
// window: a real worker, a real SMTP server and a receiver on loopback, a reviewer signed in over
// HTTP. An approval undone inside the window never reaches the receiver; one that stands arrives
// once, when the window closes, and before its send.completed (docs/webhooks.md).

type Hook = { event: string; id: string; occurred_at: string; data: { draft_id?: string }; at: number };

let ws: TestWorkspace;
let worker: Spawned;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let files: Awaited<ReturnType<typeof startFileServer>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let session: Record<string, string>;

beforeAll(async () => {
  ws = await testWorkspace("undo-hooks");
  smtp = await startSmtpSink();
  receiver = await startReceiver();
  files = await startFileServer(new Map([["/leads.csv", toCsv(GOOD_LEADS)]]));
  const port = await freePort();
  worker = spawnWorker({ WORKER_PORT: String(port) });
  await eventually(async () => (await getJson(`http://127.0.0.1:${port}/readyz`)).status === 200, { timeoutMs: 60_000 });
  expect(
    (
      await call("PUT", "/v1/relay", {
        token: ws.tokens.admin,
        body: { host: "127.0.0.1", port: smtp.port, from_email: "sam@leadpipe.example", from_name: "Sam" },
      })
    ).status,
  ).toBe(200);
  expect((await call("POST", "/v1/webhook-endpoints", { token: ws.tokens.admin, body: { url: receiver.url, events: [] } })).status).toBe(201);
  session = sameOrigin(await signInAs(ws.users.reviewer));
}, 90_000);

afterAll(async () => {
  worker?.child.kill("SIGTERM");
  await smtp?.close();
  await receiver?.close();
  await files?.close();
});

const hooks = (): Hook[] => receiver.received.map((r) => ({ ...(JSON.parse(r.body) as Omit<Hook, "at">), at: r.at }));
const hooksFor = (draftId: string, event?: string) => hooks().filter((hook) => hook.data.draft_id === draftId && (!event || hook.event === event));
const web = (path: string, body: unknown = {}) => call("POST", `/api/web${path}`, { token: null, headers: session, body });
const auditOf = async (draftId: string) =>
  (await db().auditEntry.findMany({ where: { workspaceId: ws.workspace.id, targetId: draftId }, orderBy: { id: "asc" } })).map((entry) => entry.action);

async function draftsAwaitingReview() {
  const created = await call("POST", "/v1/runs", { token: ws.tokens.admin, body: { pack: "saas-outbound", leads_csv_url: `${files.url}/leads.csv` } });
  const runId = created.body.id as string;
  await eventually(async () => (await call("GET", `/v1/runs/${runId}`, { token: ws.tokens.viewer })).body.status === "awaiting_review", { timeoutMs: 60_000 });
  const drafts = await db().draft.findMany({ where: { runId }, include: { lead: true } });
  return (email: string) => drafts.find((draft) => draft.lead.email === email)!;
}

/** The draft's draft.approved and send.completed as received, each exactly once and in event order. */
function expectAnnouncedThenSent(draftId: string, clickedAt: number) {
  const approved = hooksFor(draftId, "draft.approved");
  const completed = hooksFor(draftId, "send.completed");
  expect(approved, `draft.approved of ${draftId}`).toHaveLength(1);
  expect(completed, `send.completed of ${draftId}`).toHaveLength(1);
  expect(approved[0].id < completed[0].id).toBe(true); // the outbox's order (ids sort by time written)
  expect(Date.parse(approved[0].occurred_at)).toBeLessThanOrEqual(Date.parse(completed[0].occurred_at));
  // It left when the undo window closed, not at the click.
  expect(Date.parse(approved[0].occurred_at)).toBeGreaterThanOrEqual(clickedAt + undoWindowMs() - 1_000);
  expect(approved[0].at).toBeGreaterThanOrEqual(clickedAt + undoWindowMs() - 1_000);
}

describe("web approvals and their webhooks", () => {
  it("an approval undone within the window sends no draft.approved; one that stands sends it once, then send.completed", async () => {
    const draftFor = await draftsAwaitingReview();
    const ada = draftFor("ada@engines.example");
    const grace = draftFor("grace@cobol.example");
    const linus = draftFor("linus@kernel.example");

    const clickedAt = Date.now();
    const approved = await web(`/drafts/${ada.id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe("approved"); // shown approved during the window, as before
    const bulk = await web("/review/approve", { ids: [grace.id, linus.id] });
    expect(bulk.body).toMatchObject({ approved: 2 });
    expect((await web(`/drafts/${ada.id}/undo-approval`)).status).toBe(200);
    expect((await web(`/drafts/${linus.id}/undo-approval`)).status).toBe(200);
    expect((await call("GET", `/v1/drafts/${grace.id}`, { token: ws.tokens.viewer })).body.status).toBe("approved");

    // grace's approval stood: announced at the window's close, then sent.
    await eventually(async () => hooksFor(grace.id, "send.completed").length === 1, { timeoutMs: 40_000 });
    expectAnnouncedThenSent(grace.id, clickedAt);
    expect(smtp.mails.filter((mail) => mail.to.includes(grace.lead.email))).toHaveLength(1);

    // The undone ones: nothing at all reached the receiver for them, well after their window closed.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, clickedAt + undoWindowMs() + 3_000 - Date.now())));
    expect(hooksFor(ada.id).map((hook) => hook.event)).toEqual(["draft.ready"]);
    expect(hooksFor(linus.id).map((hook) => hook.event)).toEqual(["draft.ready"]);
    expect(await db().event.count({ where: { workspaceId: ws.workspace.id, type: "draft.approved", data: { path: ["draft_id"], equals: ada.id } } })).toBe(0);
    expect(smtp.mails.filter((mail) => mail.to.includes(ada.lead.email))).toHaveLength(0);
    // The audit log keeps the reviewer's actions: the click and the undo.
    expect(await auditOf(ada.id)).toEqual(["draft.approved", "draft.approval_undone"]);
    expect(await auditOf(grace.id)).toEqual(["draft.approved"]);

    // Approved again: announced once, at the new window's close, then sent.
    const againAt = Date.now();
    expect((await web(`/drafts/${ada.id}/approve`, { subject: "Hello again, Ada" })).status).toBe(200);
    await eventually(async () => hooksFor(ada.id, "send.completed").length === 1, { timeoutMs: 40_000 });
    expectAnnouncedThenSent(ada.id, againAt);
    expect(hooksFor(ada.id, "draft.approved")[0].data).toMatchObject({ draft_id: ada.id, reviewer: ws.users.reviewer.id, edited: true });
    expect(await auditOf(ada.id)).toEqual(["draft.approved", "draft.approval_undone", "draft.approved"]);
    // Once announced, the approval can no longer be undone.
    expect((await web(`/drafts/${grace.id}/undo-approval`)).status).toBe(409);
    expect(hooksFor(linus.id).map((hook) => hook.event)).toEqual(["draft.ready"]);
  }, 120_000);
});
