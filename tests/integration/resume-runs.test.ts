import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, sql } from "@/lib/db";
import { newId } from "@/lib/ids";
import { insertLeadBatch } from "@/lib/imports/insert-batch";
import type { LeadRow } from "@/lib/imports/columns";
import { resumeRuns } from "@/lib/pipeline/resume-runs";
import { closeQueues, enqueue, jobId, queue } from "@/lib/jobs/enqueue";
import { ensureWorkspace } from "@/lib/workspaces/create-workspace";
import { seed } from "@/prisma/seed/run-seed";
import { resetDatabase } from "../helpers/db";

// The resume sweep queues again only work whose job is gone (Redis emptied, a job dropped), never
// work that is merely waiting in its queue: a stage batch behind a long backlog queued twice would
// call a hosted model twice for each lead, a long import queued twice would run twice at once.

const lead = (email: string): LeadRow => ({
  email, emailLower: email, first_name: null, last_name: null, company: null, title: null, domain: null, website: null,
  linkedin_url: null, country: null, employees: null, industry: null, notes: null, attributes: {},
});

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
  const run = await db().run.create({ data: { id: newId("run"), workspaceId: workspace.id, packId: pack.id, status } });
  await insertLeadBatch(workspace.id, run.id, [lead(`a@${slug}.example`), lead(`b@${slug}.example`)]);
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
    const payload = { v: 1 as const, runId: run.id, stage: "extract_signals" as const, runLeadIds: ids, batch: "import-0" };
    await enqueue("stage", payload, { tag: "extract_signals.import-0", delay: 600_000 });
    const id = jobId("stage", payload, "extract_signals.import-0")!;
    expect(id).toBe(`stage.${run.id}.extract_signals.import-0`);

    expect((await resumeRuns()).batches).toBe(0);
    expect(await jobsOf("stage", run.id)).toEqual([id]);

    await queue("stage").remove(id); // lost with Redis, say
    expect((await resumeRuns()).batches).toBe(1);
    const [again] = await jobsOf("stage", run.id);
    expect(again).toMatch(new RegExp(`^stage\\.${run.id}\\.extract_signals\\.resume-\\d+-0$`));
    expect((await queue("stage").getJob(again))?.data.runLeadIds).toEqual(ids);
  });

  it("leaves a long import alone while its job lives, and queues it again once the job is gone", async () => {
    const run = await staleRun("resume-import", "importing");
    await enqueue("import", { v: 1, runId: run.id }, { delay: 600_000 });

    expect((await resumeRuns()).imports).toBe(0);
    await queue("import").remove(`import.${run.id}`);
    expect((await resumeRuns()).imports).toBe(1);
    expect(await jobsOf("import", run.id)).toEqual([expect.stringMatching(new RegExp(`^import\\.${run.id}\\.resume-\\d+$`))]);
  });
});
