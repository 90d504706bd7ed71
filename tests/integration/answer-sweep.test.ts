import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { newId } from "@/lib/ids";
import { closeQueues, queue } from "@/lib/queues";
import { queueLostAnswers } from "@/lib/replies/answer-reply";
import { seed } from "@/prisma/seed/run-seed";
import { resetDatabase } from "../helpers/db";
import { sentWorkspace } from "../helpers/mailbox-fixtures";
import { eventually, freePort, getJson, spawnWorker, type Spawned } from "../helpers/processes";

// A lost `answer` job (issue 37): a reply classified interested, meeting_request or question whose
// answer job never ran (Redis lost it, or it was away at the track commit) is answered by the
// housekeeping sweep `resume-answers`, run by a real worker on its schedule (SWEEP_MS short here).
// Not swept: a reply classified a minute ago or less (its job may still be on its way), a reply
// of another class, a reply a reviewer marked handled, a reply already answered (even rejected),
// and one whose job is live (queued, not yet run).

let worker: Spawned | undefined;

beforeAll(async () => {
  await resetDatabase();
  await seed();
  await queue("answer").obliterate({ force: true });
}, 60_000);

afterAll(async () => {
  if (worker && worker.child.exitCode === null) {
    worker.child.kill("SIGTERM");
    await worker.exited;
  }
  await closeQueues();
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe("the resume-answers sweep", () => {
  it("queues an answer for each lost one, and only for those", async () => {
    const { workspaceId, leads } = await sentWorkspace("answer-sweep", 6);
    const reply = async (index: number, classification: string, extra: { classifiedAt?: Date; handledAt?: Date } = {}) => {
      const lead = leads[index];
      const id = newId("rpl");
      await db().reply.create({
        data: {
          id,
          workspaceId,
          leadId: lead.leadId,
          draftId: lead.draftId,
          messageId: `<${id}@answer-sweep.example>`,
          inReplyTo: lead.messageId,
          fromEmail: lead.email,
          subject: "Re: Quick question",
          text: classification === "question" ? "What does it cost?" : "Yes, tell me more.",
          receivedAt: minutesAgo(10),
          classification,
          classifiedAt: extra.classifiedAt ?? minutesAgo(5),
          handledAt: extra.handledAt ?? null,
        },
      });
      return id;
    };
    const lostInterested = await reply(0, "interested");
    const lostQuestion = await reply(1, "question");
    const fresh = await reply(2, "meeting_request", { classifiedAt: new Date() });
    const refusal = await reply(3, "not_interested");
    const handled = await reply(4, "interested", { handledAt: minutesAgo(1) });
    const answered = await reply(5, "interested");
    const existing = await db().draft.findUniqueOrThrow({ where: { id: leads[5].draftId } });
    await db().draft.create({
      data: {
        id: newId("drf"),
        workspaceId,
        leadId: existing.leadId,
        runId: existing.runId,
        runLeadId: existing.runLeadId,
        step: -1,
        kind: "reply",
        replyId: answered,
        subject: "Re: Quick question",
        body: "Hi,\n\nThanks.\n\nSam",
        status: "rejected",
      },
    });

    // Which replies the sweep picks, without a worker: a live job's reply is left to its job.
    expect(await queueLostAnswers(new Set([lostQuestion]))).toBe(1);
    const queued = await queue("answer").getJobs(["waiting"]);
    expect(queued.map((job) => job.data.replyId)).toEqual([lostInterested]);
    await queue("answer").obliterate({ force: true });
    // The fresh reply was left alone; it would age past the minute while the worker starts, so a
    // reviewer handles it here.
    await db().reply.update({ where: { id: fresh }, data: { handledAt: new Date() } });

    const port = await freePort();
    worker = spawnWorker({ WORKER_PORT: String(port), SWEEP_MS: "1000" });
    await eventually(async () => (await getJson(`http://127.0.0.1:${port}/readyz`)).status === 200, { timeoutMs: 90_000 });
    const answers = await eventually(
      async () => {
        const rows = await db().draft.findMany({ where: { workspaceId, kind: "reply", status: "awaiting_review" }, select: { replyId: true } });
        return rows.length >= 2 ? rows : null;
      },
      { timeoutMs: 60_000, everyMs: 250 },
    ).catch((error: Error) => {
      throw new Error(`${error.message}\nworker output:\n${worker?.output().slice(-3000)}`);
    });
    expect(answers.map((row) => row.replyId).sort()).toEqual([lostInterested, lostQuestion].sort());

    // Swept again: nothing left to answer, one answer each, nothing for the others.
    expect(await queueLostAnswers(new Set())).toBe(0);
    const all = await db().draft.findMany({ where: { workspaceId, kind: "reply" }, select: { replyId: true } });
    expect(all.map((row) => row.replyId).sort()).toEqual([lostInterested, lostQuestion, answered].sort());
    for (const id of [fresh, refusal, handled]) expect(await db().draft.count({ where: { replyId: id } })).toBe(0);
  }, 180_000);
});
