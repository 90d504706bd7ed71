import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { newId } from "@/lib/ids";
import { call, testWorkspace, type TestWorkspace } from "../helpers/api-fixtures";
import { GOOD_LEADS, startFileServer, toCsv } from "../helpers/csv-fixtures";
import { eventually, freePort, getJson, spawnWorker, type Spawned } from "../helpers/processes";
import { startSmtpSink } from "../helpers/smtp-sink";

// Sends in doubt over /v1 (contract §12): listed by GET /v1/sends?status=in_doubt, resolved by a
// reviewer's POST /v1/sends/{id}/resolve, `sent` or `resend` (same Message-ID, sent by a real
// worker to a real SMTP server). The sends are left in doubt as the attempt after a crash leaves
// them (the crash itself: tests/integration/send-in-doubt.test.ts).

let ws: TestWorkspace;
let worker: Spawned;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let files: Awaited<ReturnType<typeof startFileServer>>;
let runId = "";

beforeAll(async () => {
  ws = await testWorkspace("in-doubt");
  smtp = await startSmtpSink();
  files = await startFileServer(new Map([["/leads.csv", toCsv(GOOD_LEADS)]]));
  const port = await freePort();
  worker = spawnWorker({ WORKER_PORT: String(port) });
  await eventually(async () => (await getJson(`http://127.0.0.1:${port}/readyz`)).status === 200, { timeoutMs: 60_000 });
  expect(
    (
      await call("PUT", "/v1/relay", {
        token: ws.tokens.admin,
        body: { host: "127.0.0.1", port: smtp.port, from_email: "sam@doubt.example", from_name: "Sam" },
      })
    ).status,
  ).toBe(200);
  runId = (await call("POST", "/v1/runs", { token: ws.tokens.admin, body: { pack: "saas-outbound", leads_csv_url: `${files.url}/leads.csv` } })).body
    .id as string;
  await eventually(async () => (await call("GET", `/v1/runs/${runId}`, { token: ws.tokens.viewer })).body.status === "awaiting_review", { timeoutMs: 60_000 });
}, 150_000);

afterAll(async () => {
  worker?.child.kill("SIGTERM");
  await smtp?.close();
  await files?.close();
});

/** An approved draft whose send is in doubt, as the attempt after a crash past `committing` leaves it. */
async function inDoubt(email: string) {
  const lead = await db().lead.findFirstOrThrow({ where: { workspaceId: ws.workspace.id, email } });
  const draft = await db().draft.findFirstOrThrow({ where: { runId, leadId: lead.id } });
  // Approved over /v1 by the reviewer: announced at once (draft.approved), as approveDraft does.
  await db().draft.update({
    where: { id: draft.id },
    data: { status: "approved", reviewerId: ws.users.reviewer.id, reviewedAt: new Date(), approvalAnnouncedAt: new Date() },
  });
  await db().lead.update({ where: { id: lead.id }, data: { status: "approved" } });
  await db().runLead.update({ where: { id: draft.runLeadId }, data: { state: "running", stage: "send" } });
  const id = newId("snd");
  const messageId = `<${id}@doubt.example>`;
  await db().send.create({
    data: {
      id,
      workspaceId: ws.workspace.id,
      draftId: draft.id,
      messageId,
      status: "in_doubt",
      attempts: 1,
      committingAt: new Date(),
      inDoubtAt: new Date(),
      error: "No answer was recorded.",
    },
  });
  return { id, messageId, draftId: draft.id };
}

const resolve = (id: string, body: unknown, token = ws.tokens.reviewer) => call("POST", `/v1/sends/${id}/resolve`, { token, body });

describe("sends in doubt over /v1", () => {
  it("lists them, refuses viewers and bad outcomes, and resolves `resend` (sent once, same Message-ID) and `sent` (confirmed by a reviewer); a second resolve is 409", async () => {
    const lost = await inDoubt("ada@engines.example");
    const kept = await inDoubt("linus@kernel.example");

    const listed = await call("GET", `/v1/sends?status=in_doubt&run_id=${runId}`, { token: ws.tokens.viewer });
    expect(listed.status).toBe(200);
    expect((listed.body.data as { id: string; status: string; message_id: string }[]).map((send) => send.id).sort()).toEqual([lost.id, kept.id].sort());
    const one = await call("GET", `/v1/sends/${lost.id}`, { token: ws.tokens.viewer });
    expect(one.body).toMatchObject({
      id: lost.id,
      status: "in_doubt",
      confirmed: null,
      message_id: lost.messageId,
      draft_id: lost.draftId,
      run_id: runId,
      to: "ada@engines.example",
    });
    expect((await call("GET", "/v1/sends?status=maybe", { token: ws.tokens.viewer })).status).toBe(400);

    expect((await resolve(lost.id, { outcome: "resend" }, ws.tokens.viewer)).status).toBe(403);
    expect((await resolve(lost.id, { outcome: "maybe" })).status).toBe(422);
    expect((await resolve(lost.id, {})).status).toBe(422);

    const resent = await resolve(lost.id, { outcome: "resend" });
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ status: "pending", message_id: lost.messageId });
    await eventually(async () => (await call("GET", `/v1/sends/${lost.id}`, { token: ws.tokens.viewer })).body.status === "sent", { timeoutMs: 30_000 });
    const mails = smtp.mails.filter((mail) => mail.headers.get("x-leadpipe-draft") === lost.draftId);
    expect(mails.map((mail) => mail.headers.get("message-id"))).toEqual([lost.messageId]);

    const recorded = await resolve(kept.id, { outcome: "sent" });
    expect(recorded.status).toBe(200);
    expect(recorded.body).toMatchObject({ status: "sent", confirmed: false, note: expect.stringMatching(/confirmed by a reviewer/i) });
    expect((await call("GET", `/v1/drafts/${kept.draftId}`, { token: ws.tokens.viewer })).body.status).toBe("sent");
    expect(smtp.mails.filter((mail) => mail.headers.get("x-leadpipe-draft") === kept.draftId)).toHaveLength(0);

    const again = await resolve(kept.id, { outcome: "resend" });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("conflict");
    expect((await call("GET", `/v1/sends?status=in_doubt&run_id=${runId}`, { token: ws.tokens.viewer })).body.data).toEqual([]);
    const audit = await db().auditEntry.findMany({ where: { workspaceId: ws.workspace.id, action: "send.resolved" } });
    expect(audit.map((entry) => [entry.targetId, (entry.data as { outcome: string }).outcome]).sort()).toEqual(
      [
        [kept.id, "sent"],
        [lost.id, "resend"],
      ].sort(),
    );
  }, 90_000);
});
