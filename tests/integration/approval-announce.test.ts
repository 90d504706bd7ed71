import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, sql, sqlTransaction } from "@/lib/db";
import { announceApproval, announceDueApprovals } from "@/lib/sending/announce-approval";
import { approveDrafts } from "@/lib/drafts/approve-drafts";
import { approveDraft } from "@/lib/drafts/review-draft";
import { sendTag } from "@/lib/sending/send-window";
import { undoApproval } from "@/lib/drafts/undo-approval";
import { newId } from "@/lib/ids";
import { leadRow, type LeadRow } from "@/lib/imports/columns";
import { insertLeadBatch } from "@/lib/imports/insert-batch";
import { resumeRuns } from "@/lib/housekeeping/resume-runs";
import { closeQueues, jobIdOf, queue } from "@/lib/queues";
import { sendWhenDue } from "@/lib/sending/send-job";
import { ensureWorkspace } from "@/lib/workspaces/create-workspace";
import { seed } from "@/prisma/seed/run-seed";
import { resetDatabase } from "../helpers/db";

// draft.approved announces an approval that stands (lib/sending/announce-approval.ts): a web
// approval when its undo window closes, by its send job or, when that job was lost, by the resume
// sweep; an API approval at once. No worker runs here: the test plays the send job itself
// (sendWhenDue) and the sweep (resumeRuns), and reads the outbox. No relay is configured, so sends
// wait in waiting_relay (the announcement does not wait for them).

let workspaceId = "";
let reviewer: Parameters<typeof approveDraft>[3];

const row = (email: string): LeadRow => leadRow(email, { first_name: "Ada", company: "Engines" });

/** A run whose leads each have a draft awaiting review; `stopped`: the run stops after draft_email. */
async function draftsAwaitingReview(count: number, options: { stopped?: boolean } = {}): Promise<string[]> {
  const pack = await db().pack.findFirstOrThrow({ where: { slug: "saas-outbound" } });
  const run = await db().run.create({
    data: {
      id: newId("run"),
      name: "Test run",
      workspaceId,
      packId: pack.id,
      status: options.stopped ? "completed" : "awaiting_review",
      stopAfter: options.stopped ? "draft_email" : null,
    },
  });
  const tag = run.id.slice(-8);
  await insertLeadBatch(
    workspaceId,
    run.id,
    Array.from({ length: count }, (_, i) => row(`lead${i}-${tag}@announce.example`)),
  );
  const runLeads = await db().runLead.findMany({ where: { runId: run.id }, orderBy: { id: "asc" } });
  const ids: string[] = [];
  for (const runLead of runLeads) {
    await db().runLead.update({ where: { id: runLead.id }, data: { state: options.stopped ? "stopped" : "awaiting_review", stage: "draft_email" } });
    const draft = await db().draft.create({
      data: { id: newId("drf"), workspaceId, leadId: runLead.leadId, runId: run.id, runLeadId: runLead.id, subject: "Hello", body: "Hi,\n\nA note.\n\nSam" },
    });
    ids.push(draft.id);
  }
  return ids;
}

const approvedEvents = async (draftId: string) =>
  db().event.findMany({ where: { workspaceId, type: "draft.approved", data: { path: ["draft_id"], equals: draftId } }, orderBy: { id: "asc" } });
const auditActions = async (draftId: string) =>
  (await db().auditEntry.findMany({ where: { workspaceId, targetId: draftId }, orderBy: { id: "asc" } })).map((entry) => entry.action);
const inMs = (ms: number) => new Date(Date.now() + ms);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sendJobs = async (draftId: string) => (await queue("send").getJobs(["waiting", "delayed", "prioritized"])).filter((job) => job.data.draftId === draftId);

/** As if the window closed `seconds` ago and the draft was last touched then. */
async function windowClosedAgo(draftId: string, seconds: number) {
  await sql().query(`UPDATE drafts SET "sendAfter" = now() - make_interval(secs => $2), "updatedAt" = now() - make_interval(secs => $2) WHERE id = $1`, [
    draftId,
    seconds,
  ]);
}

beforeAll(async () => {
  await resetDatabase();
  await seed();
  await queue("send").obliterate({ force: true });
  workspaceId = (await ensureWorkspace({ slug: "announce", name: "Announce" })).id;
  const user = await db().user.create({ data: { id: newId("usr"), email: "rev@announce.example", name: "Rev", passwordHash: "x" } });
  reviewer = { userId: user.id, actor: { type: "user", id: user.id, name: "Rev" } };
});

afterAll(async () => {
  await closeQueues();
});

describe("draft.approved and the undo window", () => {
  it("a web approval is not announced while it can be undone; an undo emits nothing; re-approved, it is announced once at the new window's close", async () => {
    const [id] = await draftsAwaitingReview(1);
    const first = await approveDraft(workspaceId, id, {}, reviewer, { sendAfter: inMs(5_000) });
    expect(first.status).toBe("approved"); // presented as approved during the window, as before
    expect(await approvedEvents(id)).toHaveLength(0);
    expect(await auditActions(id)).toEqual(["draft.approved"]); // the reviewer's click is audited at once
    expect(await sendWhenDue(id)).toEqual({ outcome: "deferred" }); // a job that fires early announces nothing
    expect(await approvedEvents(id)).toHaveLength(0);

    await undoApproval(workspaceId, id, reviewer);
    expect(await approvedEvents(id)).toHaveLength(0);
    expect(await auditActions(id)).toEqual(["draft.approved", "draft.approval_undone"]);
    expect(await announceDueApprovals(0)).toBe(0); // nothing stands

    const sendAfter = inMs(1_500);
    await approveDraft(workspaceId, id, { subject: "Hello again" }, reviewer, { sendAfter });
    expect(await approvedEvents(id)).toHaveLength(0);
    await sleep(sendAfter.getTime() - Date.now() + 50);
    expect(await sendWhenDue(id)).toEqual({ outcome: "waiting_relay" });
    const [event] = await approvedEvents(id);
    expect(event.data).toEqual({
      lead_id: first.lead_id,
      draft_id: id,
      run_id: first.run_id,
      reviewer: reviewer.userId,
      edited: true,
      step: 1,
      sender_id: null,
    });
    expect(event.occurredAt.getTime()).toBeGreaterThanOrEqual(sendAfter.getTime() - 5); // left at the window's close, not the click
    const draft = await db().draft.findUniqueOrThrow({ where: { id } });
    expect(draft.approvalAnnouncedAt).toEqual(event.occurredAt);

    expect(await sendWhenDue(id)).toEqual({ outcome: "waiting_relay" }); // a second job, a retry: no second event
    expect(await announceApproval(id)).toBe(false);
    expect(await announceDueApprovals(0)).toBe(0);
    expect(await approvedEvents(id)).toHaveLength(1);
    await expect(undoApproval(workspaceId, id, reviewer)).rejects.toThrow(/Too late to undo/);
    expect(await auditActions(id)).toEqual(["draft.approved", "draft.approval_undone", "draft.approved"]);
  });

  it("an announced approval cannot be undone, even if its window were still open", async () => {
    const [id] = await draftsAwaitingReview(1);
    await approveDraft(workspaceId, id, {}, reviewer, { sendAfter: inMs(60_000) });
    // A clock a little ahead on the worker: the send job announced it already.
    await announceApproval(id, inMs(61_000));
    expect(await approvedEvents(id)).toHaveLength(1);
    await expect(undoApproval(workspaceId, id, reviewer)).rejects.toThrow(/Too late to undo/);
    expect((await db().draft.findUniqueOrThrow({ where: { id } })).status).toBe("approved");
  });

  it("an API approval is announced with the approval itself, once", async () => {
    const [id] = await draftsAwaitingReview(1);
    await approveDraft(workspaceId, id, {}, reviewer);
    expect(await approvedEvents(id)).toHaveLength(1);
    expect((await db().draft.findUniqueOrThrow({ where: { id } })).approvalAnnouncedAt).not.toBeNull();
    expect(await sendWhenDue(id)).toEqual({ outcome: "waiting_relay" });
    expect(await approvedEvents(id)).toHaveLength(1);
  });

  it("a web approval in a run that stops after draft_email is announced by its job at the window's close, with nothing sent", async () => {
    const [id] = await draftsAwaitingReview(1, { stopped: true });
    const sendAfter = inMs(1_500);
    await approveDraft(workspaceId, id, {}, reviewer, { sendAfter });
    expect(await sendJobs(id)).toHaveLength(1); // queued although nothing will be sent: it announces
    await sleep(sendAfter.getTime() - Date.now() + 50);
    expect(await sendWhenDue(id)).toEqual({ outcome: "skipped" });
    expect(await approvedEvents(id)).toHaveLength(1);
    expect(await db().send.count({ where: { draftId: id } })).toBe(0);
  });

  it("concurrent announcers (the job twice, the sweep) write one event", async () => {
    const [id] = await draftsAwaitingReview(1);
    await approveDraft(workspaceId, id, {}, reviewer, { sendAfter: inMs(2_000) });
    await windowClosedAgo(id, 5);
    const outcomes = await Promise.all([announceApproval(id), announceApproval(id), announceDueApprovals(0), announceApproval(id)]);
    expect(outcomes.filter((outcome) => outcome === true || outcome === 1)).toHaveLength(1);
    expect(await approvedEvents(id)).toHaveLength(1);
  });
});

describe("the resume sweep", () => {
  it("announces approvals whose send job was lost (bulk, and one that sends nothing), once, then queues the send again", async () => {
    const ids = await draftsAwaitingReview(3);
    const [stopped] = await draftsAwaitingReview(1, { stopped: true });
    const [fresh] = await draftsAwaitingReview(1);
    const sendAfter = inMs(3_000);
    const bulk = await approveDrafts(workspaceId, [...ids, stopped], reviewer, { sendAfter });
    expect(bulk.approved).toBe(4);
    await approveDraft(workspaceId, fresh, {}, reviewer, { sendAfter });
    // Redis lost the delayed jobs of the four.
    for (const id of [...ids, stopped]) {
      expect(await queue("send").remove(jobIdOf("send", { v: 1, draftId: id }, sendTag(sendAfter))!)).toBe(1);
      await windowClosedAgo(id, 120);
    }
    await windowClosedAgo(fresh, 5); // its window closed just now: its own job announces it, not the sweep

    const swept = await resumeRuns();
    expect(swept.announced).toBe(4);
    for (const id of [...ids, stopped]) expect(await approvedEvents(id), id).toHaveLength(1);
    expect(await approvedEvents(fresh)).toHaveLength(0);
    // The three that send are queued again (after their announcement); the stopped run's is not.
    expect(swept.sends).toBe(3);
    for (const id of ids) expect(await sendJobs(id), id).toHaveLength(1);
    expect(await sendJobs(stopped)).toHaveLength(0);

    const again = await resumeRuns();
    expect(again.announced).toBe(0);
    for (const id of [...ids, stopped]) expect(await approvedEvents(id)).toHaveLength(1);
    // The re-queued job, when it runs, sends without announcing again.
    expect(await sendWhenDue(ids[0])).toEqual({ outcome: "waiting_relay" });
    expect(await approvedEvents(ids[0])).toHaveLength(1);
  });

  it("can find due approvals through the (approvalAnnouncedAt, sendAfter) index", async () => {
    // The table is tiny here, so the planner is told to avoid a sequential scan: what is checked is
    // that the sweep's condition is one the index answers (IS NULL, then a range on sendAfter).
    const plan = await sqlTransaction(async (client) => {
      await client.query("SET LOCAL enable_seqscan = off");
      const { rows } = await client.query<{ "QUERY PLAN": string }>(
        `EXPLAIN SELECT id FROM drafts WHERE "approvalAnnouncedAt" IS NULL AND "sendAfter" < now() - interval '60 seconds' AND status IN ('approved', 'sent', 'failed') ORDER BY "sendAfter" LIMIT 1000`,
      );
      return rows.map((line) => line["QUERY PLAN"]).join("\n");
    });
    expect(plan).toMatch(/Index Scan using "?drafts_approvalAnnouncedAt_sendAfter_idx"?/);
    expect(plan).toMatch(/Index Cond: \(\("approvalAnnouncedAt" IS NULL\) AND \("sendAfter" </);
  });
});
