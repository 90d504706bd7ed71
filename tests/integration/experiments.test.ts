import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { variantFor } from "@/lib/experiments/assign";
import { getExperiment } from "@/lib/experiments/experiments";
import { caseFromDraft } from "@/lib/evals/case-from-draft";
import { createEvaluation, getEvaluation, runEvaluation } from "@/lib/evals/evaluations";
import { versionOutcomes } from "@/lib/evals/outcomes";
import { newId } from "@/lib/ids";
import { advanceSequences } from "@/lib/sequences/draft-follow-ups";
import { ensureWorkspace } from "@/lib/workspaces/create-workspace";
import { seed } from "@/prisma/seed/run-seed";
import { resetDatabase } from "../helpers/db";

// Experiments against PostgreSQL with the real functions (issue 28), the parts the API test
// (tests/api/experiments.test.ts, step 1 through a worker) does not reach:
// - an experiment on step 2 of a 2-step campaign: when follow-ups fall due, advanceSequences writes
//   each lead's step-2 draft with its variant's version (drafts.experimentId set), the same variant
//   for the same lead in a second run, split by the weights;
// - the mean edit distance per variant: known edits of the experiment's step-1 drafts against their
//   draft_email traces, other drafts of the same versions left out;
// - one click on a variant's edited or rejected follow-up: a follow_up case (step and thread as sent)
//   in the set its version names, which an evaluation of that version runs.

let workspaceId: string;
let packId: string;
let campaignId: string;
let followUp: string; // the built-in follow_up v1.0.0 (the run's prompt set names it for step 2)
let fork: string; // a workspace fork of it, the second variant

const STEPS = [
  { step: 1, wait: null, waitSeconds: null },
  { step: 2, wait: "PT1H", waitSeconds: 3600 },
];
const LEADS = 200;

async function newRun(name: string) {
  const run = await db().run.create({
    data: { id: newId("run"), workspaceId, packId, campaignId, name, status: "sending", steps: STEPS, promptSet: { "follow_up#2": followUp } },
  });
  return run.id;
}

/** A run lead whose step 1 was sent two hours ago, so step 2 (wait 1 h) is due. */
async function sentAtStep1(runId: string, leadId: string) {
  const runLead = await db().runLead.create({
    data: {
      id: newId("rle"),
      workspaceId,
      runId,
      leadId,
      state: "running",
      stage: "send",
      sequenceStatus: "active",
      sequenceStep: 1,
      nextAt: new Date(Date.now() - 60_000),
    },
  });
  const draft = await db().draft.create({
    data: { id: newId("drf"), workspaceId, leadId, runId, runLeadId: runLead.id, step: 1, subject: "Hello", body: "First email.", status: "sent" },
  });
  await db().send.create({
    data: {
      id: newId("snd"),
      workspaceId,
      draftId: draft.id,
      messageId: `<${draft.id}@example.com>`,
      status: "sent",
      acceptedAt: new Date(Date.now() - 7_200_000),
    },
  });
  return runLead.id;
}

beforeAll(async () => {
  await resetDatabase();
  await seed();
  workspaceId = (await ensureWorkspace({ slug: "exp-int", name: "experiments" })).id;
  packId = (await db().pack.findFirstOrThrow({ where: { slug: "saas-outbound" } })).id;
  const base = await db().promptVersion.findFirstOrThrow({ where: { prompt: { name: "follow_up" }, version: "v1.0.0" } });
  followUp = base.id;
  const prompt = await db().prompt.create({ data: { id: newId("prm"), workspaceId, name: "follow_up@exp-int", baseName: "follow_up" } });
  fork = (
    await db().promptVersion.create({
      data: {
        id: newId("pv"),
        promptId: prompt.id,
        version: "v1.0.0-exp",
        major: 1,
        minor: 0,
        patch: 0,
        label: "exp",
        modelDefault: base.modelDefault,
        system: `${base.system}\nKeep it to two sentences.`,
        userTemplate: base.userTemplate,
        evalsRef: base.evalsRef,
        diffFromPrevious: "",
        parentId: base.id,
      },
    })
  ).id;
  campaignId = (
    await db().campaign.create({
      data: {
        id: newId("cmp"),
        workspaceId,
        name: "two steps",
        packId,
        status: "approved",
        steps: {
          create: [
            { step: 1, prompt: "draft_email" },
            { step: 2, wait: "PT1H", waitSeconds: 3600, prompt: "follow_up", promptVersionId: followUp },
          ],
        },
      },
    })
  ).id;
});

describe("an experiment on step 2", () => {
  it("writes each lead's follow-up with its variant, the same one in a second run, split by the weights", async () => {
    // Weights 1 (the run's own version) : 3 (the fork): ignoring the experiment would give every lead the run's version.
    const experiment = await db().experiment.create({
      data: {
        id: newId("exp"),
        workspaceId,
        campaignId,
        step: 2,
        metric: "reply_rate",
        minPerVariant: 10,
        variants: {
          create: [
            { position: 0, promptVersionId: followUp, weight: 1 },
            { position: 1, promptVersionId: fork, weight: 3 },
          ],
        },
      },
      include: { variants: { orderBy: { position: "asc" } } },
    });
    const leads = [];
    for (let i = 0; i < LEADS; i++) {
      const email = `lead${i}@exp-int.example.com`;
      leads.push(
        await db().lead.create({
          data: { id: newId("lead"), workspaceId, email, emailLower: email, firstName: `Lead${i}`, company: `Company ${i}`, status: "sent" },
        }),
      );
    }

    const firstRun = await newRun("first");
    const firstRunLeads = [];
    for (const lead of leads) firstRunLeads.push(await sentAtStep1(firstRun, lead.id));
    expect(await advanceSequences(firstRun, firstRunLeads)).toEqual({ drafted: LEADS, resumed: 0 });
    const drafts = await db().draft.findMany({ where: { runId: firstRun, step: 2 }, select: { leadId: true, promptVersionId: true, experimentId: true } });
    expect(drafts).toHaveLength(LEADS);
    expect(drafts.filter((draft) => draft.experimentId !== experiment.id)).toEqual([]);
    // Each lead's version is the one its hash picks (lib/experiments/assign.ts).
    expect(drafts.filter((draft) => draft.promptVersionId !== variantFor(experiment, draft.leadId))).toEqual([]);
    // 1 : 3 → 50 and 150; within ±10 % of the leads.
    const onFork = drafts.filter((draft) => draft.promptVersionId === fork).length;
    expect(drafts.filter((draft) => draft.promptVersionId === followUp).length).toBe(LEADS - onFork);
    expect(Math.abs(onFork - 150)).toBeLessThanOrEqual(20);
    // Step 1's drafts were not the experiment's.
    expect(await db().draft.count({ where: { runId: firstRun, step: 1, experimentId: { not: null } } })).toBe(0);

    // A second run over the same leads: the same variant for every lead.
    const secondRun = await newRun("second");
    const secondRunLeads = [];
    for (const lead of leads) secondRunLeads.push(await sentAtStep1(secondRun, lead.id));
    expect(await advanceSequences(secondRun, secondRunLeads)).toEqual({ drafted: LEADS, resumed: 0 });
    const again = await db().draft.findMany({ where: { runId: secondRun, step: 2 }, select: { leadId: true, promptVersionId: true } });
    const first = new Map(drafts.map((draft) => [draft.leadId, draft.promptVersionId]));
    expect(again).toHaveLength(LEADS);
    expect(again.filter((draft) => first.get(draft.leadId) !== draft.promptVersionId)).toEqual([]);

    // The results count them per variant; an edited follow-up is counted but not measured (its text as written is not kept).
    const edited = await db().draft.findFirstOrThrow({ where: { runId: firstRun, step: 2, promptVersionId: fork } });
    await db().draft.update({ where: { id: edited.id }, data: { status: "approved", edited: true, body: `${edited.body} More.` } });
    const results = (await getExperiment(workspaceId, experiment.id)).results;
    expect(results.map((row) => row.drafted)).toEqual([2 * (LEADS - onFork), 2 * onFork]);
    expect(results.map((row) => row.leads)).toEqual([LEADS - onFork, onFork]);
    expect(results.map((row) => [row.edited, row.mean_edit_distance])).toEqual([
      [0, null],
      [1, null],
    ]);

    // One click on a follow-up (the draft page's control): the edit, and a rejection, become follow_up
    // cases of the set the variant's version names, with the step and the thread as it was sent.
    const actor = { type: "system" as const, id: "test", name: "experiments test" };
    const editedCase = await caseFromDraft(workspaceId, edited.id, actor);
    const rejected = await db().draft.findFirstOrThrow({ where: { runId: firstRun, step: 2, promptVersionId: fork, id: { not: edited.id } } });
    await db().draft.update({ where: { id: rejected.id }, data: { status: "rejected", rejectReason: "Too pushy for a second note" } });
    const rejectedCase = await caseFromDraft(workspaceId, rejected.id, actor);
    const set = await db().evalSet.findUniqueOrThrow({ where: { id: editedCase.set.id } });
    expect([set.ref, set.stage, rejectedCase.set.id]).toEqual(["evals/follow_up", "follow_up", set.id]);
    const thread = [{ subject: "Hello", body: "First email." }];
    expect(editedCase.case).toMatchObject({ source: "review_edit", draft_id: edited.id, own: true, input: { step: 2, thread } });
    expect(editedCase.case.name).toMatch(/^Edited step 2 for Lead\d+ at Company \d+$/);
    expect((editedCase.case.expect as { draft: { max_words: number } }).draft.max_words).toBeGreaterThan(0);
    expect(rejectedCase.case).toMatchObject({ source: "review_reject", draft_id: rejected.id, input: { step: 2, thread } });
    expect(rejectedCase.case.name).toContain(": Too pushy for a second note");
    await expect(caseFromDraft(workspaceId, edited.id, actor)).rejects.toMatchObject({ code: "eval_case_exists" });

    // An evaluation of the variant's version over that set runs both cases (the local engine writes a valid follow-up).
    const evaluation = await createEvaluation(workspaceId, { prompt: "follow_up@exp-int", version: "v1.0.0-exp", provider: "local" }, actor);
    expect(await runEvaluation(evaluation.id)).toMatchObject({ cases: evaluation.case_count });
    const ran = await getEvaluation(workspaceId, evaluation.id);
    expect([ran.status, ran.error]).toEqual(["done", null]);
    const mine = ("results" in ran ? ran.results : []).filter((result) => [editedCase.case.id, rejectedCase.case.id].includes(result.case_id));
    expect(mine.map((result) => [result.valid, result.output_text.startsWith("Subject: ")])).toEqual([
      [true, true],
      [true, true],
    ]);
  }, 120_000);
});

describe("the mean edit distance per variant", () => {
  it("is the outcomes table's measure over the experiment's approved edits of each variant", async () => {
    const [a, b] = await db().promptVersion.findMany({ where: { prompt: { name: "draft_email" } }, orderBy: { version: "asc" }, take: 2 });
    const experiment = await db().experiment.create({
      data: {
        id: newId("exp"),
        workspaceId,
        campaignId,
        step: 1,
        metric: "reply_rate",
        minPerVariant: 10,
        variants: {
          create: [
            { position: 0, promptVersionId: a.id, weight: 1 },
            { position: 1, promptVersionId: b.id, weight: 1 },
          ],
        },
      },
    });
    const runId = await newRun("step 1");
    const WRITTEN = "Hi Ann, we help teams like yours book more meetings.";
    /** A step-1 draft whose draft_email trace wrote WRITTEN; `body` is what it is now (a reviewer's edit). */
    async function draft(versionId: string, body: string, data: { status: string; edited: boolean; experimentId: string | null }) {
      const email = `${newId("lead")}@exp-int.example.com`;
      const lead = await db().lead.create({ data: { id: newId("lead"), workspaceId, email, emailLower: email, status: "drafted" } });
      const runLead = await db().runLead.create({ data: { id: newId("rle"), workspaceId, runId, leadId: lead.id, state: "done", stage: "send" } });
      await db().stageTrace.create({
        data: {
          id: newId("trc"),
          workspaceId,
          runId,
          leadId: lead.id,
          stage: "draft_email",
          promptVersionId: versionId,
          provider: "local",
          model: "local/leadpipe-1",
          latencyMs: 1,
          output: { stage: "draft_email", subject: "Meetings", body: WRITTEN },
        },
      });
      const created = await db().draft.create({
        data: {
          id: newId("drf"),
          workspaceId,
          leadId: lead.id,
          runId,
          runLeadId: runLead.id,
          step: 1,
          promptVersionId: versionId,
          subject: "Meetings",
          body,
          ...data,
        },
      });
      return created.id;
    }
    const mine = { experimentId: experiment.id };
    // A: two approved edits, 7 and 13 characters added (mean 10); an unedited one and a rejected one do not count.
    const editedA = await draft(a.id, `${WRITTEN} Thanks`, { ...mine, status: "sent", edited: true });
    await draft(a.id, `${WRITTEN} Kind regards`, { ...mine, status: "approved", edited: true });
    await draft(a.id, WRITTEN, { ...mine, status: "sent", edited: false });
    await draft(a.id, WRITTEN, { ...mine, status: "rejected", edited: false });
    // B: one edit, "Ann" → "Annabel" (4 added) and "teams" → "team" (1 removed): 5.
    await draft(b.id, WRITTEN.replace("Ann", "Annabel").replace("teams", "team"), { ...mine, status: "approved", edited: true });
    // The same versions outside the experiment: a big edit, left out of the experiment's numbers.
    await draft(a.id, "Completely rewritten.", { experimentId: null, status: "approved", edited: true });

    const results = (await getExperiment(workspaceId, experiment.id)).results;
    expect(results.map((row) => [row.version.version, row.edited, row.mean_edit_distance])).toEqual([
      [a.version, 2, 10],
      [b.version, 1, 5],
    ]);
    // The outcomes table measures the version's edits in the whole workspace, the outside one too.
    expect((await versionOutcomes(workspaceId, a.id)).mean_edit_distance).toBeGreaterThan(10);

    // A variant's edit feeds its version's eval set in one click, as any draft's (the draft page's control).
    const added = await caseFromDraft(workspaceId, editedA, { type: "system", id: "test", name: "experiments test" });
    expect(added.set.ref).toBe(a.evalsRef);
    expect(added.case).toMatchObject({ source: "review_edit" });
  });
});
