import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, sql } from "@/lib/db";
import { newId } from "@/lib/ids";
import { insertLeadBatch } from "@/lib/imports/insert-batch";
import { leadRow } from "@/lib/imports/columns";
import { resumeQueuedJobs } from "@/lib/evals/resume-queued";
import { resumeRuns } from "@/lib/housekeeping/resume-runs";
import { closeQueues, queue } from "@/lib/queues";
import { queueTrackForLost } from "@/lib/replies/track-jobs";
import { ensureWorkspace } from "@/lib/workspaces/create-workspace";
import { seed } from "@/prisma/seed/run-seed";
import { resetDatabase } from "../helpers/db";

// The resume sweep queues again only work whose job is gone (Redis emptied, a job dropped), never
// work that is merely waiting in its queue: a stage batch behind a long backlog queued twice would
// call a hosted model twice for each lead, a long import queued twice would run twice at once.

beforeAll(async () => {
  await resetDatabase();
  await seed();
  await queue("stage").obliterate({ force: true });
  await queue("import").obliterate({ force: true });
});

afterAll(async () => {
  await closeQueues();
});

async function staleRun(slug: string, status: "running" | "importing") {
  const workspace = await ensureWorkspace({ slug, name: slug });
  const pack = await db().pack.findFirstOrThrow({ where: { slug: "saas-outbound" } });
  const run = await db().run.create({ data: { id: newId("run"), name: "Test run", workspaceId: workspace.id, packId: pack.id, status } });
  await insertLeadBatch(workspace.id, run.id, [leadRow(`a@${slug}.example`), leadRow(`b@${slug}.example`)]);
  await sql().query(`UPDATE run_leads SET "updatedAt" = now() - interval '10 minutes' WHERE "runId" = $1`, [run.id]);
  await sql().query(`UPDATE runs SET "createdAt" = now() - interval '10 minutes' WHERE id = $1`, [run.id]);
  return run;
}

const jobsOf = async (name: "stage" | "import", runId: string) =>
  (await queue(name).getRanges(["waiting", "active", "delayed", "prioritized"], 0, -1)).filter((id) => id.includes(runId));

describe("resumeRuns", () => {
  it("leaves a stage batch that is still queued alone, and queues it again once its job is gone", async () => {
    const run = await staleRun("resume-stage", "running");
    const ids = (await db().runLead.findMany({ where: { runId: run.id }, select: { id: true } })).map((row) => row.id);
    // A batch waiting behind others (delayed here, so no worker takes it while the test looks).
    await queue("stage").add(
      "stage",
      { v: 1, runId: run.id, stage: "extract_signals", runLeadIds: ids, batch: "import-0" },
      { jobId: `${run.id}.extract_signals.import-0`, delay: 600_000 },
    );

    expect((await resumeRuns()).batches).toBe(0);
    expect(await jobsOf("stage", run.id)).toEqual([`${run.id}.extract_signals.import-0`]);

    await queue("stage").remove(`${run.id}.extract_signals.import-0`); // lost with Redis, say
    expect((await resumeRuns()).batches).toBe(1);
    const [again] = await jobsOf("stage", run.id);
    expect(again).toMatch(new RegExp(`^${run.id}\\.extract_signals\\.resume-\\d+-0$`));
    expect((await queue("stage").getJob(again))?.data.runLeadIds).toEqual(ids);
  });

  it("leaves a long import alone while its job lives, and queues it again once the job is gone", async () => {
    const run = await staleRun("resume-import", "importing");
    await queue("import").add("import", { v: 1, runId: run.id }, { jobId: `import.${run.id}`, delay: 600_000 });

    expect((await resumeRuns()).imports).toBe(0);
    await queue("import").remove(`import.${run.id}`);
    expect((await resumeRuns()).imports).toBe(1);
    expect(await jobsOf("import", run.id)).toEqual([expect.stringMatching(new RegExp(`^import\\.${run.id}\\.resume-\\d+$`))]);
  });
});

describe("resumeQueuedJobs", () => {
  it("queues an evaluation or replay whose job was lost, once, and leaves fresh ones alone", async () => {
    const workspace = await ensureWorkspace({ slug: "resume-evals", name: "resume-evals" });
    const pack = await db().pack.findFirstOrThrow({ where: { slug: "saas-outbound" } });
    const run = await db().run.create({ data: { id: newId("run"), name: "Test run", workspaceId: workspace.id, packId: pack.id, status: "completed" } });
    const version = await db().promptVersion.findFirstOrThrow({ where: { prompt: { name: "qualify" } } });
    const set = await db().evalSet.findFirstOrThrow({ where: { stage: "qualify" } });
    const replay = (id: string) =>
      db().replay.create({
        data: {
          id,
          workspaceId: workspace.id,
          runId: run.id,
          promptVersionId: version.id,
          stage: "qualify",
          provider: "local",
          model: "leadpipe-2",
          requested: 5,
        },
      });
    const [lost, fresh] = [newId("rpy"), newId("rpy")];
    await replay(lost);
    await replay(fresh);
    const evaluation = await db().evaluation.create({
      data: { id: newId("evl"), workspaceId: workspace.id, setId: set.id, promptVersionId: version.id, provider: "local", model: "leadpipe-2" },
    });
    await sql().query(`UPDATE replays SET "createdAt" = now() - interval '5 minutes' WHERE id = $1`, [lost]);
    await sql().query(`UPDATE evaluations SET "createdAt" = now() - interval '5 minutes' WHERE id = $1`, [evaluation.id]);
    await queue("replay").obliterate({ force: true });
    await queue("evaluate").obliterate({ force: true });

    expect(await resumeQueuedJobs()).toEqual({ evaluations: 1, replays: 1 });
    expect(await queue("replay").getJob(`replay-${lost}`)).toBeTruthy();
    expect(await queue("replay").getJob(`replay-${fresh}`)).toBeFalsy();
    expect((await queue("evaluate").getJob(`evaluate-${evaluation.id}`))?.data).toEqual({ v: 1, evaluationId: evaluation.id });
    // Again: the rows are still queued (no worker here), the jobs exist, nothing is doubled.
    await resumeQueuedJobs();
    expect((await queue("replay").getJobCounts("waiting")).waiting).toBe(1);
  });
});

describe("queueTrackForLost", () => {
  it("counts every reply a batch track job carries as queued, and queues only the others", async () => {
    await queue("track").obliterate({ force: true });
    const [a, b, c, d] = [newId("rpl"), newId("rpl"), newId("rpl"), newId("rpl")];
    // A mailbox batch waiting for a busy provider: its id names only its first reply.
    await queue("track").add("track", { v: 1, replyIds: [a, b, c] }, { jobId: `track.${a}.batch`, delay: 600_000 });
    await queue("track").add("track", { v: 1, replyId: b }, { jobId: `track.${b}.single`, delay: 600_000 });

    expect(await queueTrackForLost([a, b, c, d], "resume-test")).toBe(1);
    const queued = await queue("track").getJob(`track.${d}.resume-test`);
    expect(queued?.data).toEqual({ v: 1, replyIds: [d] });
    expect(await queueTrackForLost([a, b, c], "resume-again")).toBe(0);
    expect(await queue("track").getJobCountByTypes("waiting", "delayed")).toBe(3);
    await queue("track").obliterate({ force: true });
  });
});
