import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { call, testWorkspace, type TestWorkspace } from "../helpers/api-fixtures";

// The one gate (lib/governance): a run whose resolved prompt set (run > campaign > pack > workspace
// label > production) holds a fork starts only once a reviewer approved that exact set; changing a
// pin that feeds it makes it 409 again. Runs here are only created (no worker): the gate answers
// at creation, and the set the run will use is stored on it.

let ws: TestWorkspace;
const CSV = "s3://leads/governance/none.csv";

beforeAll(async () => {
  ws = await testWorkspace("gov");
});

const fork = async (stage: string, from: string, as: string) => {
  const answer = await call("POST", `/v1/prompts/${stage}/fork`, { token: ws.tokens.admin, body: { from, as, system: `Governed ${as}.` } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return `${stage}@${ws.workspace.slug}`;
};
const createRun = (body: Record<string, unknown>) =>
  call("POST", "/v1/runs", { token: ws.tokens.admin, body: { leads_csv_url: CSV, stop_after: "qualify", ...body } });
const resolvedVersion = async (runId: string, stage: string) => {
  const run = await db().run.findUniqueOrThrow({ where: { id: runId }, select: { promptSet: true } });
  const versionId = (run.promptSet as Record<string, string>)[stage];
  return (await db().promptVersion.findUniqueOrThrow({ where: { id: versionId }, select: { version: true } })).version;
};

describe("the approval gate", () => {
  it("a fork pinned on a workspace pack: 409, approve the pack's set, starts, change a pin, 409", async () => {
    const qualify = await fork("qualify", "v1.0.0", "v1.0.0-pack");
    await call("POST", "/v1/packs/saas-outbound/fork", { token: ws.tokens.admin, body: { slug: "gov-pack" } });
    expect((await call("PATCH", "/v1/packs/gov-pack", { token: ws.tokens.admin, body: { prompts: { qualify: `${qualify}:v1.0.0-pack` } } })).status).toBe(200);

    const blocked = await createRun({ pack: "gov-pack" });
    expect(blocked.status).toBe(409);
    expect(blocked.body).toMatchObject({ code: "fork_not_approved", forks: [{ stage: "qualify", name: qualify, version: "v1.0.0-pack", source: "pack" }] });
    expect(blocked.body.detail).toContain("qualify");

    const state = await call("GET", "/v1/packs/gov-pack", { token: ws.tokens.viewer });
    expect(state.body.prompt_set).toMatchObject({ approved: false, forks: [{ stage: "qualify", version: "v1.0.0-pack" }] });
    // Four eyes: the admin created the fork (through a token), so the admin may not approve it.
    expect((await call("POST", "/v1/packs/gov-pack/approve", { token: ws.tokens.admin, body: {} })).status).toBe(403);
    expect((await call("POST", "/v1/packs/gov-pack/approve", { token: ws.tokens.viewer, body: {} })).status).toBe(403);
    const approved = await call("POST", "/v1/packs/gov-pack/approve", { token: ws.tokens.reviewer, body: {} });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({
      approved: true,
      approved_by: ws.users.reviewer.id,
      set_hash: (state.body.prompt_set as { set_hash: string }).set_hash,
    });
    expect((await call("POST", "/v1/packs/gov-pack/approve", { token: ws.tokens.reviewer, body: {} })).status).toBe(409);

    const started = await createRun({ pack: "gov-pack" });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(await resolvedVersion(started.body.id as string, "qualify")).toBe("v1.0.0-pack");

    // Re-pinning (even to the same fork) feeds the set: the approval lapses.
    await call("PATCH", "/v1/packs/gov-pack", { token: ws.tokens.admin, body: { prompts: { qualify: `${qualify}:v1.0.0-pack` } } });
    expect((await createRun({ pack: "gov-pack" })).body.code).toBe("fork_not_approved");
    const audit = await call("GET", "/v1/audit?action=pack.approved", { token: ws.tokens.viewer });
    expect(audit.body.data![0]).toMatchObject({ data: { slug: "gov-pack", forks: [{ stage: "qualify", version: "v1.0.0-pack" }] } });
    expect(audit.body.data![0].diff).toContain("+Governed v1.0.0-pack.");
  });

  it("a fork pinned per run: 409, approve that set (pack + run pins), starts, another pin, 409", async () => {
    const draft = await fork("draft_email", "v1.2.0", "v1.2.0-run");
    const pins = { draft_email: `${draft}:v1.2.0-run` };
    const blocked = await createRun({ pack: "saas-outbound", pins });
    expect(blocked.status).toBe(409);
    expect(blocked.body).toMatchObject({ code: "fork_not_approved", forks: [{ stage: "draft_email", name: draft, version: "v1.2.0-run", source: "run" }] });

    expect((await call("POST", "/v1/packs/saas-outbound/approve", { token: ws.tokens.reviewer, body: { pins } })).status).toBe(200);
    const started = await createRun({ pack: "saas-outbound", pins });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(await resolvedVersion(started.body.id as string, "draft_email")).toBe("v1.2.0-run");
    // The same pack without the run pin holds no fork; with one more pin it is another set.
    expect((await createRun({ pack: "saas-outbound" })).status).toBe(202);
    expect((await createRun({ pack: "saas-outbound", pins: { ...pins, qualify: "qualify:v1.0.0" } })).body.code).toBe("fork_not_approved");
  });

  it("a fork pinned on a campaign: 409, approve, starts, change a campaign pin or a pack pin under it, 409", async () => {
    const signals = await fork("extract_signals", "v1.0.0", "v1.0.0-cmp");
    await call("POST", "/v1/packs/saas-outbound/fork", { token: ws.tokens.admin, body: { slug: "gov-cmp-pack" } });
    const created = await call("POST", "/v1/campaigns", {
      token: ws.tokens.admin,
      body: { name: "Gated", pack: "gov-cmp-pack", pins: { extract_signals: `${signals}:v1.0.0-cmp` } },
    });
    expect(created.body).toMatchObject({
      status: "draft",
      needs_approval: true,
      created_by: ws.users.admin.id,
      forks: [{ stage: "extract_signals", source: "campaign" }],
    });
    const id = created.body.id as string;
    expect((await createRun({ pack: "gov-cmp-pack", campaign_id: id })).body.code).toBe("campaign_not_approved");

    expect((await call("POST", `/v1/campaigns/${id}/approve`, { token: ws.tokens.reviewer })).body).toMatchObject({
      status: "approved",
      approved_by: ws.users.reviewer.id,
    });
    // The run takes the campaign's pack: naming another pack is refused at `pack`, nothing is created.
    const runsBefore = await db().run.count({ where: { workspaceId: ws.workspace.id } });
    const otherPack = await createRun({ pack: "saas-outbound", campaign_id: id });
    expect(otherPack.status).toBe(422);
    expect(otherPack.body).toMatchObject({
      code: "validation_failed",
      errors: [{ path: "pack", message: expect.stringContaining('runs pack "gov-cmp-pack"') }],
    });
    expect(await db().run.count({ where: { workspaceId: ws.workspace.id } })).toBe(runsBefore);
    const started = await createRun({ pack: "gov-cmp-pack", campaign_id: id });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(await resolvedVersion(started.body.id as string, "extract_signals")).toBe("v1.0.0-cmp");

    // A pack pin under the campaign changes the campaign's set: its approval no longer holds.
    await call("PATCH", "/v1/packs/gov-cmp-pack", { token: ws.tokens.admin, body: { prompts: { qualify: "qualify:v1.0.0" } } });
    expect((await call("GET", `/v1/campaigns/${id}`, { token: ws.tokens.viewer })).body).toMatchObject({ status: "draft", approved_by: null });
    expect((await createRun({ pack: "gov-cmp-pack", campaign_id: id })).status).toBe(409);
    expect((await call("POST", `/v1/campaigns/${id}/approve`, { token: ws.tokens.reviewer })).status).toBe(200);
    expect((await createRun({ pack: "gov-cmp-pack", campaign_id: id })).status).toBe(202);

    await call("PATCH", `/v1/campaigns/${id}`, { token: ws.tokens.admin, body: { pins: { extract_signals: `${signals}:v1.0.0-cmp`, track: "track:v1.0.0" } } });
    expect((await createRun({ pack: "gov-cmp-pack", campaign_id: id })).body.code).toBe("campaign_not_approved");
  });
});

describe("campaign decisions", () => {
  it("four eyes: the creator gets 403; another reviewer rejects with a reason (event, audit) or approves", async () => {
    const draft = await fork("draft_email", "v1.1.0", "v1.1.0-eyes");
    const created = await call("POST", "/v1/campaigns", {
      token: ws.tokens.admin,
      body: { name: "Eyes", pack: "saas-outbound", pins: { draft_email: `${draft}:v1.1.0-eyes` } },
    });
    const id = created.body.id as string;
    const own = await call("POST", `/v1/campaigns/${id}/approve`, { token: ws.tokens.admin });
    expect(own.status).toBe(403);
    expect(own.body.detail).toContain("four eyes");
    expect((await call("POST", `/v1/campaigns/${id}/reject`, { token: ws.tokens.admin, body: { reason: "mine" } })).status).toBe(403);
    expect((await call("POST", `/v1/campaigns/${id}/reject`, { token: ws.tokens.reviewer, body: { reason: "" } })).status).toBe(422);

    const rejected = await call("POST", `/v1/campaigns/${id}/reject`, { token: ws.tokens.reviewer, body: { reason: "Claims a discount we do not offer." } });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ status: "rejected", rejected_by: ws.users.reviewer.id, reject_reason: "Claims a discount we do not offer." });
    expect((await call("POST", `/v1/campaigns/${id}/reject`, { token: ws.tokens.reviewer, body: { reason: "again" } })).status).toBe(409);
    const blocked = await createRun({ pack: "saas-outbound", campaign_id: id });
    expect(blocked.body).toMatchObject({ code: "campaign_not_approved", detail: expect.stringContaining("Claims a discount") });
    const audit = await call("GET", "/v1/audit?action=campaign.rejected", { token: ws.tokens.viewer });
    expect(audit.body.data![0]).toMatchObject({ target: { type: "campaign", id }, data: { reason: "Claims a discount we do not offer." } });
    const events = await db().event.findMany({ where: { workspaceId: ws.workspace.id, type: "campaign.rejected" } });
    expect(events.map((event) => event.data)).toEqual([expect.objectContaining({ campaign_id: id, reason: "Claims a discount we do not offer." })]);

    expect((await call("POST", `/v1/campaigns/${id}/approve`, { token: ws.tokens.reviewer })).body).toMatchObject({ status: "approved", reject_reason: null });
    expect((await createRun({ pack: "saas-outbound", campaign_id: id })).status).toBe(202);
  });
});

describe("promotion and rollback", () => {
  it("promote changes what a new run resolves, rollback changes it back, two audit entries with diffs", async () => {
    const production = (await call("GET", "/v1/prompts/track", { token: ws.tokens.viewer })).body.version as string;
    const track = await fork("track", "v1.0.0", "v1.0.0-promo");
    const before = await createRun({ pack: "saas-outbound" });
    expect(await resolvedVersion(before.body.id as string, "track")).toBe(production);

    // Through the gate: an unapproved fork cannot be promoted.
    const refused = await call("POST", `/v1/prompts/${encodeURIComponent(track)}/promote`, { token: ws.tokens.admin, body: { version: "v1.0.0-promo" } });
    expect(refused.body).toMatchObject({ code: "fork_not_approved" });
    expect(
      (await call("POST", "/v1/packs/saas-outbound/approve", { token: ws.tokens.reviewer, body: { pins: { track: `${track}:v1.0.0-promo` } } })).status,
    ).toBe(200);
    expect(
      (await call("POST", `/v1/prompts/${encodeURIComponent(track)}/promote`, { token: ws.tokens.reviewer, body: { version: "v1.0.0-promo" } })).status,
    ).toBe(403);
    const promoted = await call("POST", `/v1/prompts/${encodeURIComponent(track)}/promote`, { token: ws.tokens.admin, body: { version: "v1.0.0-promo" } });
    expect(promoted.status, JSON.stringify(promoted.body)).toBe(200);
    expect(promoted.body).toMatchObject({
      prompt: "track",
      label: `production@${ws.workspace.slug}`,
      default: { name: track, version: "v1.0.0-promo" },
      previous: { name: "track", version: production },
    });

    const during = await createRun({ pack: "saas-outbound" });
    expect(during.status, JSON.stringify(during.body)).toBe(202);
    expect(await resolvedVersion(during.body.id as string, "track")).toBe("v1.0.0-promo");
    expect((await call("GET", "/v1/prompts/track", { token: ws.tokens.viewer })).body.workspace_default).toEqual({
      name: track,
      version: "v1.0.0-promo",
      promoted: true,
    });

    const rolled = await call("POST", "/v1/prompts/track/rollback", { token: ws.tokens.admin });
    expect(rolled.body).toMatchObject({ default: { name: "track", version: production }, promoted: false });
    const after = await createRun({ pack: "saas-outbound" });
    expect(await resolvedVersion(after.body.id as string, "track")).toBe(production);
    expect((await call("POST", "/v1/prompts/track/rollback", { token: ws.tokens.admin })).status).toBe(409);

    const promotions = await call("GET", "/v1/audit?action=prompt.promoted", { token: ws.tokens.viewer });
    const rollbacks = await call("GET", "/v1/audit?action=prompt.rolled_back", { token: ws.tokens.viewer });
    expect(promotions.body.data).toHaveLength(1);
    expect(rollbacks.body.data).toHaveLength(1);
    expect(promotions.body.data![0].diff).toContain("+Governed v1.0.0-promo.");
    expect(rollbacks.body.data![0].diff).toContain("-Governed v1.0.0-promo.");
  });
});
