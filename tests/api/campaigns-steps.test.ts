import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { call, testWorkspace, type TestWorkspace } from "../helpers/api-fixtures";

// Issue 26, first slice: a campaign's steps over /v1 (contract §12). Step 1 is the first email;
// later steps {wait, prompt} run follow_up or a pinned version; every step's version is in the
// campaign's resolved prompt set, so a follow_up fork needs the campaign approved. Nothing is
// scheduled or sent here (later slices).

let ws: TestWorkspace;
const CSV = "s3://leads/steps/none.csv";

beforeAll(async () => {
  ws = await testWorkspace("steps");
});

const create = (body: Record<string, unknown>) => call("POST", "/v1/campaigns", { token: ws.tokens.admin, body: { pack: "saas-outbound", ...body } });
const patch = (id: string, body: Record<string, unknown>) => call("PATCH", `/v1/campaigns/${id}`, { token: ws.tokens.admin, body });
const createRun = (body: Record<string, unknown>) =>
  call("POST", "/v1/runs", { token: ws.tokens.admin, body: { leads_csv_url: CSV, stop_after: "qualify", pack: "saas-outbound", ...body } });
const THREE = [{}, { wait: "P3D", prompt: "follow_up" }, { wait: "PT4H", prompt: "follow_up:v1.0.0" }];

describe("campaign steps", () => {
  it("are created, returned on GET and in the list, and a campaign without steps has one", async () => {
    const created = await create({ name: "Three steps", steps: THREE });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    const production = { source: "production", fork: false };
    expect(created.body.steps).toEqual([
      { step: 1, wait: null, wait_seconds: null, wait_words: null, prompt: "draft_email", version: { name: "draft_email", version: "v1.5.0" }, ...production },
      {
        step: 2,
        wait: "P3D",
        wait_seconds: 259_200,
        wait_words: "3 days",
        prompt: "follow_up",
        version: { name: "follow_up", version: "v1.1.0" },
        ...production,
      },
      {
        step: 3,
        wait: "PT4H",
        wait_seconds: 14_400,
        wait_words: "4 hours",
        prompt: "follow_up:v1.0.0",
        version: { name: "follow_up", version: "v1.0.0" },
        source: "campaign",
        fork: false,
      },
    ]);
    // Built-in versions only: no approval needed.
    expect(created.body).toMatchObject({ needs_approval: false, forks: [] });
    expect((await call("GET", `/v1/campaigns/${id}`, { token: ws.tokens.viewer })).body.steps).toEqual(created.body.steps);
    const list = await call("GET", "/v1/campaigns", { token: ws.tokens.viewer });
    expect((list.body.data as { id: string; steps: unknown[] }[]).find((c) => c.id === id)!.steps).toHaveLength(3);
    expect(await db().campaignStep.count({ where: { campaignId: id } })).toBe(3);

    const single = await create({ name: "One step" });
    expect(single.body.steps).toEqual([
      { step: 1, wait: null, wait_seconds: null, wait_words: null, prompt: "draft_email", version: { name: "draft_email", version: "v1.5.0" }, ...production },
    ]);
    expect(await db().campaignStep.count({ where: { campaignId: single.body.id as string } })).toBe(0);
    // The same set as before steps existed: a campaign without steps hashes like its pack.
    const pack = await call("GET", "/v1/packs/saas-outbound", { token: ws.tokens.viewer });
    expect(single.body.set_hash).toBe((pack.body.prompt_set as { set_hash: string }).set_hash);
    expect(created.body.set_hash).not.toBe(single.body.set_hash);
  });

  it("are edited with PATCH (the whole list), and [{}] goes back to one step", async () => {
    const id = (await create({ name: "Edited", steps: THREE })).body.id as string;
    const two = await patch(id, { steps: [{ prompt: "draft_email" }, { wait: "pt5s" }] });
    expect(two.status, JSON.stringify(two.body)).toBe(200);
    expect(two.body.steps).toMatchObject([{ step: 1 }, { step: 2, wait: "PT5S", wait_seconds: 5, wait_words: "5 seconds", prompt: "follow_up" }]);
    // A rename leaves the steps alone.
    expect((await patch(id, { name: "Renamed" })).body.steps).toHaveLength(2);
    const one = await patch(id, { steps: [{}] });
    expect(one.body.steps).toHaveLength(1);
    expect(await db().campaignStep.count({ where: { campaignId: id } })).toBe(0);
    const audit = await call("GET", "/v1/audit?action=campaign.updated", { token: ws.tokens.viewer });
    expect(
      (audit.body.data as { target: { id: string }; data: { fields: string[] } }[]).filter((e) => e.target.id === id).map((e) => e.data.fields),
    ).toContainEqual(["steps"]);
  });

  it("422 naming the field: empty, more than 8, bad wait, step 1 with a wait, unknown pin, wrong stage", async () => {
    const before = await db().campaign.count({ where: { workspaceId: ws.workspace.id } });
    const refused = async (steps: unknown, path: string, message: RegExp) => {
      const answer = await create({ name: "Bad", steps });
      expect(answer.status, JSON.stringify(answer.body)).toBe(422);
      expect(answer.headers.get("content-type")).toContain("application/problem+json");
      expect(answer.body.code).toBe("validation_failed");
      const errors = answer.body.errors as { path: string; message: string }[];
      expect(errors.find((e) => e.path === path)?.message ?? JSON.stringify(errors), path).toMatch(message);
    };
    await refused([], "steps", /at least one step/);
    await refused(
      Array.from({ length: 9 }, (_, i) => (i === 0 ? {} : { wait: "P1D" })),
      "steps",
      /at most 8 steps/,
    );
    await refused([{}, { wait: "3 days" }], "steps.1.wait", /ISO 8601 duration/);
    await refused([{}, { wait: "P1M" }], "steps.1.wait", /years and months/);
    await refused([{}, { wait: "PT0S" }], "steps.1.wait", /at least one second/);
    await refused([{}, { prompt: "follow_up" }], "steps.1.wait", /needs a wait/);
    await refused([{ wait: "P1D" }, { wait: "P1D" }], "steps.0.wait", /no wait/);
    await refused([{ prompt: "follow_up" }], "steps.0.prompt", /first email and runs draft_email/);
    await refused([{}, { wait: "P1D", prompt: "follow_up:v9.9.9" }], "steps.1.prompt", /has no version v9\.9\.9/);
    await refused([{}, { wait: "P1D", prompt: "follow_up@nowhere:v1.0.0" }], "steps.1.prompt", /no prompt named follow_up@nowhere/);
    await refused([{}, { wait: "P1D", prompt: "draft_email:v1.3.0" }], "steps.1.prompt", /is a draft_email prompt; a later step runs a follow_up prompt/);
    await refused([{}, { wait: "P1D", prompt: "a follow up" }], "steps.1.prompt", /must be "follow_up" or a pin/);
    await refused([{}, { wait: "P1D", delay: "P1D" }], "steps.1", /.+/);
    await refused([{}, { wait: 3 }], "steps.1.wait", /.+/);
    expect(await db().campaign.count({ where: { workspaceId: ws.workspace.id } })).toBe(before);

    // PATCH answers the same, and leaves the campaign as it was.
    const id = (await create({ name: "Kept", steps: THREE })).body.id as string;
    const bad = await patch(id, { steps: [{}, { wait: "P2D", prompt: "qualify:v1.2.0" }] });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual([{ path: "steps.1.prompt", message: expect.stringContaining("is a qualify prompt") }]);
    expect((await call("GET", `/v1/campaigns/${id}`, { token: ws.tokens.viewer })).body.steps).toHaveLength(3);
  });

  it("a follow_up fork on a step needs the campaign approved; changing the steps takes the approval back", async () => {
    const forked = await call("POST", "/v1/prompts/follow_up/fork", {
      token: ws.tokens.admin,
      body: { from: "v1.0.0", as: "v1.0.0-short", system: "You write a very short follow-up. Plain text, under 50 words." },
    });
    expect(forked.status, JSON.stringify(forked.body)).toBe(201);
    const name = `follow_up@${ws.workspace.slug}`;
    const pin = `${name}:v1.0.0-short`;
    const created = await create({ name: "Gated follow-up", steps: [{}, { wait: "P2D" }, { wait: "P3D", prompt: pin }] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      status: "draft",
      needs_approval: true,
      forks: [{ stage: "follow_up", step: 3, name, version: "v1.0.0-short", source: "campaign", parent: { name: "follow_up", version: "v1.0.0" } }],
    });
    expect((created.body.forks as { diff: string }[])[0].diff).toContain("+You write a very short follow-up.");
    expect((created.body.steps as { fork: boolean }[]).map((s) => s.fork)).toEqual([false, false, true]);
    const id = created.body.id as string;

    const blocked = await createRun({ campaign_id: id });
    expect(blocked.status).toBe(409);
    expect(blocked.body.code).toBe("campaign_not_approved");
    const approved = await call("POST", `/v1/campaigns/${id}/approve`, { token: ws.tokens.reviewer });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.status).toBe("approved");

    const started = await createRun({ campaign_id: id });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const run = await db().run.findUniqueOrThrow({ where: { id: started.body.id as string }, select: { promptSet: true, promptSetHash: true } });
    expect(run.promptSetHash).toBe(approved.body.set_hash);
    const stored = run.promptSet as Record<string, string>;
    expect(Object.keys(stored)).toEqual(expect.arrayContaining(["draft_email", "follow_up#2", "follow_up#3"]));
    expect((await db().promptVersion.findUniqueOrThrow({ where: { id: stored["follow_up#3"] } })).version).toBe("v1.0.0-short");

    // Another set on top of the approved one (a run pin): the follow-up fork is named by the gate.
    const otherSet = await createRun({ campaign_id: id, pins: { qualify: "qualify:v1.0.0" } });
    expect(otherSet.status).toBe(409);
    expect(otherSet.body).toMatchObject({ code: "fork_not_approved", forks: [{ stage: "follow_up", step: 3, name, version: "v1.0.0-short" }] });
    expect(otherSet.body.detail).toContain("follow_up (step 3)");

    // New steps (even a changed wait) take the approval back.
    const edited = await patch(id, { steps: [{}, { wait: "P1D" }, { wait: "P3D", prompt: pin }] });
    expect(edited.body).toMatchObject({ status: "draft", approved_by: null });
    expect((await createRun({ campaign_id: id })).body.code).toBe("campaign_not_approved");
    // The approval audit kept the step of the fork it approved.
    const audit = await call("GET", "/v1/audit?action=campaign.approved", { token: ws.tokens.viewer });
    const entry = (audit.body.data as { target: { id: string }; data: { forks: unknown[] }; diff: string }[]).find((e) => e.target.id === id)!;
    expect(entry.data.forks).toEqual([{ stage: "follow_up", step: 3, name, version: "v1.0.0-short", source: "campaign" }]);
    expect(entry.diff).toContain("+You write a very short follow-up.");
  });
});
