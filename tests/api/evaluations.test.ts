import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, testWorkspace, type TestWorkspace } from "../helpers/api-fixtures";
import { startFileServer, toCsv } from "../helpers/csv-fixtures";
import { startFakeChatServer } from "../helpers/fake-chat-server";
import { eventually, freePort, getJson, spawnWorker, type Spawned } from "../helpers/processes";

// Issue 16, evaluation half, over /v1 with a real worker: the built-in eval sets, offline
// evaluations of the shipped qualify versions (the same figures every time), a fork that breaks
// qualify's JSON output contract (lower validity, a regression) and the approval it then needs:
// 409 eval_regression without a written reason, approved and audited with one.

let ws: TestWorkspace;
let worker: Spawned;
let llm: Awaited<ReturnType<typeof startFakeChatServer>>;

beforeAll(async () => {
  ws = await testWorkspace("evals");
  llm = await startFakeChatServer();
  const port = await freePort();
  worker = spawnWorker({ WORKER_PORT: String(port) });
  await eventually(async () => (await getJson(`http://127.0.0.1:${port}/readyz`)).status === 200, { timeoutMs: 30_000 });
});

afterAll(async () => {
  worker?.child.kill("SIGTERM");
  await llm?.close();
});

type Evaluation = {
  id: string;
  status: string;
  case_count: number;
  passed: number;
  valid: number;
  pass_rate: number;
  validity: number;
  cost_usd: number;
  results: { case_id: string; passed: boolean; valid: boolean; failures: string[]; output_text: string }[];
};

async function evaluate(body: Record<string, unknown>): Promise<Evaluation> {
  const created = await call("POST", "/v1/evaluations", { token: ws.tokens.reviewer, body });
  expect(created.status, JSON.stringify(created.body)).toBe(202);
  expect(created.headers.get("location")).toBe(`/v1/evaluations/${created.body.id}`);
  return eventually(
    async () => {
      const answer = await call("GET", `/v1/evaluations/${created.body.id}`, { token: ws.tokens.viewer });
      expect(answer.body.status).not.toBe("failed");
      return answer.body.status === "done" ? (answer.body as unknown as Evaluation) : null;
    },
    { timeoutMs: 30_000 },
  );
}

describe("eval sets", () => {
  it("lists a built-in set for every stage, at least 40 cases each, named by the shipped versions' evals_ref", async () => {
    const sets = await call("GET", "/v1/eval-sets", { token: ws.tokens.viewer });
    expect(sets.status).toBe(200);
    const builtIn = (sets.body.data as { ref: string; stage: string; case_count: number; built_in: boolean }[]).filter((set) => set.built_in);
    expect(builtIn.map((set) => set.stage).sort()).toEqual(["draft_email", "extract_signals", "follow_up", "qualify", "reply", "track"]);
    for (const set of builtIn) expect(set.case_count, set.ref).toBeGreaterThanOrEqual(40);
    for (const stage of ["extract_signals", "qualify", "draft_email", "track", "follow_up", "reply"]) {
      const prompt = await call("GET", `/v1/prompts/${stage}`, { token: ws.tokens.viewer });
      for (const version of prompt.body.history as string[]) {
        const shown = await call("GET", `/v1/prompts/${stage}/versions/${version}`, { token: ws.tokens.viewer });
        expect(builtIn.map((set) => set.ref)).toContain(shown.body.evals_ref);
      }
    }
  });

  it("creates a set, adds and removes the workspace's own cases, refuses incomplete cases and built-in removals", async () => {
    const created = await call("POST", "/v1/eval-sets", {
      token: ws.tokens.admin,
      body: { ref: "evals/qualify-own", stage: "qualify", name: "Our qualify cases" },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const setId = created.body.id as string;
    expect(
      (await call("POST", "/v1/eval-sets", { token: ws.tokens.admin, body: { ref: "evals/qualify-own", stage: "qualify", name: "Again" } })).body.code,
    ).toBe("eval_set_exists");
    expect((await call("POST", "/v1/eval-sets", { token: ws.tokens.reviewer, body: { ref: "evals/x", stage: "qualify", name: "x" } })).status).toBe(403);

    const incomplete = await call("POST", `/v1/eval-sets/${setId}/cases`, {
      token: ws.tokens.reviewer,
      body: { name: "no verdict", input: { lead: { title: "CTO" } }, expect: {} },
    });
    expect(incomplete.status).toBe(422);
    expect(incomplete.body.errors).toEqual([{ path: "expect.qualified", message: "a qualify case needs the expected verdict" }]);
    const added = await call("POST", `/v1/eval-sets/${setId}/cases`, {
      token: ws.tokens.reviewer,
      body: { name: "CTO at a SaaS", input: { lead: { title: "CTO", industry: "SaaS", employees: 200, country: "US" } }, expect: { qualified: true } },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toMatchObject({ name: "CTO at a SaaS", source: "manual", own: true });
    expect((await call("GET", `/v1/eval-sets/${setId}`, { token: ws.tokens.viewer })).body).toMatchObject({ case_count: 1, built_in: false });
    expect((await call("DELETE", `/v1/eval-sets/${setId}/cases/${added.body.id}`, { token: ws.tokens.reviewer })).status).toBe(204);
    expect((await call("GET", `/v1/eval-sets/${setId}`, { token: ws.tokens.viewer })).body.case_count).toBe(0);

    const builtIn = (await call("GET", "/v1/eval-sets", { token: ws.tokens.viewer })).body.data!.find((set) => set.ref === "evals/qualify")!;
    const full = await call("GET", `/v1/eval-sets/${builtIn.id}`, { token: ws.tokens.viewer });
    const firstCase = (full.body.cases as { id: string; own: boolean }[])[0];
    expect(firstCase.own).toBe(false);
    expect((await call("DELETE", `/v1/eval-sets/${builtIn.id}/cases/${firstCase.id}`, { token: ws.tokens.reviewer })).status).toBe(403);
    const audit = await call("GET", "/v1/audit?action=eval_case.added", { token: ws.tokens.viewer });
    expect(audit.body.data![0]).toMatchObject({ data: { name: "CTO at a SaaS", ref: "evals/qualify-own" } });
  });

  it("refuses evaluations it cannot run with clear problems", async () => {
    expect((await call("POST", "/v1/evaluations", { token: ws.tokens.reviewer, body: { prompt: "nope", version: "v1.0.0" } })).status).toBe(404);
    expect((await call("POST", "/v1/evaluations", { token: ws.tokens.reviewer, body: { prompt: "qualify", version: "v9.9.9" } })).status).toBe(404);
    const wrongStage = await call("POST", "/v1/evaluations", { token: ws.tokens.reviewer, body: { prompt: "qualify", version: "v1.0.0", set: "evals/track" } });
    expect(wrongStage.status).toBe(422);
    expect(wrongStage.body.errors).toEqual([{ path: "set", message: "evals/track holds track cases; qualify is a qualify prompt" }]);
    expect(
      (await call("POST", "/v1/evaluations", { token: ws.tokens.reviewer, body: { prompt: "qualify", version: "v1.0.0", provider: "nosuch" } })).status,
    ).toBe(422);
    expect((await call("POST", "/v1/evaluations", { token: ws.tokens.viewer, body: { prompt: "qualify", version: "v1.0.0" } })).status).toBe(403);
    expect((await call("GET", "/v1/evaluations/evl_01jd0000000000000000000000", { token: ws.tokens.viewer })).status).toBe(404);
  });
});

describe("evaluations", () => {
  it("evaluates the shipped qualify versions offline with the same figures every time", async () => {
    const figures: Record<string, [number, number][]> = {};
    for (const round of [1, 2]) {
      for (const version of ["v1.0.0", "v1.1.0", "v1.2.0"]) {
        const done = await evaluate({ prompt: "qualify", version, provider: "local" });
        expect(done.case_count).toBe(44);
        expect(done.results).toHaveLength(44);
        expect(done.validity).toBe(1);
        expect(done.cost_usd).toBe(0);
        (figures[version] ??= []).push([done.passed, done.valid]);
        void round;
      }
    }
    for (const [version, [first, second]] of Object.entries(figures)) expect(second, version).toEqual(first);
    // v1.0.0 does not show the model the country or the signals, so off-profile senior leads in
    // target countries do not tip over; v1.1.0 and v1.2.0 see both (prisma/seed/evals/qualify.ts).
    expect(Object.fromEntries(Object.entries(figures).map(([version, [[passed]]]) => [version, passed]))).toEqual({ "v1.0.0": 40, "v1.1.0": 38, "v1.2.0": 38 });
  });

  it("evaluates follow_up v1.0.0 offline (every case passes); a step's fork that regressed needs an override reason", async () => {
    const shipped = await evaluate({ prompt: "follow_up", version: "v1.0.0", provider: "local" });
    expect(shipped).toMatchObject({ case_count: 42, passed: 42, valid: 42, pass_rate: 1 });
    expect(shipped.results[0].output_text).toMatch(/^Subject: Re: /);
    // A fork that no longer shows the offer's proof points and values loses the step-2 angle.
    const forked = await call("POST", "/v1/prompts/follow_up/fork", {
      token: ws.tokens.admin,
      body: { from: "v1.0.0", as: "v1.0.0-blind", user_template: "Step {{step}} to {{first_name}} at {{company}} about {{product}}.\n\n{{thread}}" },
    });
    expect(forked.status, JSON.stringify(forked.body)).toBe(201);
    const name = `follow_up@${ws.workspace.slug}`;
    const fork = await evaluate({ prompt: name, version: "v1.0.0-blind" });
    expect(fork.passed).toBeLessThan(42);
    const campaign = await call("POST", "/v1/campaigns", {
      token: ws.tokens.admin,
      body: { name: "Blind follow-up", pack: "saas-outbound", steps: [{}, { wait: "P2D", prompt: `${name}:v1.0.0-blind` }] },
    });
    expect(campaign.status, JSON.stringify(campaign.body)).toBe(201);
    const id = campaign.body.id as string;
    const refused = await call("POST", `/v1/campaigns/${id}/approve`, { token: ws.tokens.reviewer });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "eval_regression", regressions: [{ stage: "follow_up", name, version: "v1.0.0-blind" }] });
    const approved = await call("POST", `/v1/campaigns/${id}/approve`, { token: ws.tokens.reviewer, body: { override_reason: "Shorter on purpose." } });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  });

  it("a fork that breaks the output contract shows lower validity; its campaign needs an override reason", async () => {
    const forked = await call("POST", "/v1/prompts/qualify/fork", {
      token: ws.tokens.admin,
      body: {
        from: "v1.2.0",
        as: "v1.2.0-fitonly",
        user_template:
          'Profile: {{icp}}\nLead: {{title}} at {{company}}, {{industry}}, {{employees}} employees, {{country}}.\nSignals: {{signals}}\n\nReturn {"fit": boolean, "why": string[]}.',
      },
    });
    expect(forked.status, JSON.stringify(forked.body)).toBe(201);
    const name = `qualify@${ws.workspace.slug}`;
    const fork = await evaluate({ prompt: name, version: "v1.2.0-fitonly" });
    expect(fork).toMatchObject({ case_count: 44, valid: 0, passed: 0, validity: 0, pass_rate: 0 });
    expect(fork.results[0].failures).toEqual(["The answer breaks the stage's JSON output contract."]);

    const campaign = await call("POST", "/v1/campaigns", {
      token: ws.tokens.admin,
      body: { name: "Fit only", pack: "saas-outbound", pins: { qualify: `${name}:v1.2.0-fitonly` } },
    });
    expect(campaign.status, JSON.stringify(campaign.body)).toBe(201);
    const id = campaign.body.id as string;
    const refused = await call("POST", `/v1/campaigns/${id}/approve`, { token: ws.tokens.reviewer });
    expect(refused.status).toBe(409);
    expect(refused.headers.get("content-type")).toContain("application/problem+json");
    expect(refused.body).toMatchObject({
      code: "eval_regression",
      regressions: [{ stage: "qualify", name, version: "v1.2.0-fitonly", pass_rate: 0, parent_pass_rate: 38 / 44 }],
    });
    expect(refused.body.detail).toContain("override_reason");
    expect((await call("POST", `/v1/campaigns/${id}/approve`, { token: ws.tokens.reviewer, body: { override_reason: "" } })).status).toBe(422);
    expect((await call("GET", `/v1/campaigns/${id}`, { token: ws.tokens.viewer })).body.status).not.toBe("approved");

    const approved = await call("POST", `/v1/campaigns/${id}/approve`, {
      token: ws.tokens.reviewer,
      body: { override_reason: "Downstream reads fit; the contract change ships with it." },
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.status).toBe("approved");
    const audit = await call("GET", "/v1/audit?action=campaign.approved", { token: ws.tokens.viewer });
    expect(audit.body.data![0]).toMatchObject({
      data: { override_reason: "Downstream reads fit; the contract change ships with it.", regressions: [{ version: "v1.2.0-fitonly" }] },
    });

    // The pack-set approval asks the same (another set: the campaign's is approved now).
    const pins = { qualify: `${name}:v1.2.0-fitonly`, extract_signals: "extract_signals:v1.1.0" };
    const packRefused = await call("POST", "/v1/packs/saas-outbound/approve", { token: ws.tokens.reviewer, body: { pins } });
    expect(packRefused.body.code).toBe("eval_regression");
    expect((await call("POST", "/v1/packs/saas-outbound/approve", { token: ws.tokens.reviewer, body: { pins, override_reason: "Accepted." } })).status).toBe(
      200,
    );
  });

  it("a campaign whose fork did not regress is approved without a body", async () => {
    const forked = await call("POST", "/v1/prompts/qualify/fork", {
      token: ws.tokens.admin,
      body: { from: "v1.2.0", as: "v1.2.0-same", system: "Same behaviour, other words.\nAnswer with JSON only." },
    });
    expect(forked.status).toBe(201);
    const name = `qualify@${ws.workspace.slug}`;
    const fork = await evaluate({ prompt: name, version: "v1.2.0-same" });
    expect(fork.passed).toBe(38);
    const campaign = await call("POST", "/v1/campaigns", {
      token: ws.tokens.admin,
      body: { name: "Same", pack: "saas-outbound", pins: { qualify: `${name}:v1.2.0-same` } },
    });
    expect((await call("POST", `/v1/campaigns/${campaign.body.id}/approve`, { token: ws.tokens.reviewer })).status).toBe(200);
  });

  it("evaluates on a hosted openai-compatible provider with latency and cost", async () => {
    const provider = await call("POST", "/v1/providers/evalai", {
      token: ws.tokens.admin,
      body: {
        kind: "openai-compatible",
        base_url: llm.url,
        default_model: "test-model",
        api_key: "sk-fake-123",
        max_concurrency: 20,
        input_price_per_mtok_usd: 1,
        output_price_per_mtok_usd: 2,
      },
    });
    expect(provider.status, JSON.stringify(provider.body)).toBe(201);
    const done = await evaluate({ prompt: "qualify", version: "v1.2.0", provider: "evalai", model: "test-model" });
    // The fake model qualifies everyone: valid answers, right only where the verdict is "qualified".
    expect(done).toMatchObject({ case_count: 44, valid: 44, passed: 18, validity: 1 });
    expect(done.cost_usd).toBeGreaterThan(0);
    expect(llm.seen.some((seen) => seen.user.includes("Northwind Cloud"))).toBe(true);
  });
});

describe("outcomes per version", () => {
  it("counts drafts, approvals, edits and their size, rejection reasons and cost per lead for the version that wrote them", async () => {
    const lead = (first_name: string) => ({
      email: `${first_name.toLowerCase()}@outcomes.example`,
      first_name,
      title: "VP of Engineering",
      company: `${first_name} Labs`,
      industry: "Software",
      employees: "300",
      country: "US",
    });
    const files = await startFileServer(new Map([["/outcomes.csv", toCsv([lead("Ada"), lead("Bea"), lead("Cy")])]]));
    try {
      const run = await call("POST", "/v1/runs", {
        token: ws.tokens.admin,
        body: { pack: "saas-outbound", leads_csv_url: `${files.url}/outcomes.csv`, stop_after: "draft_email" },
      });
      expect(run.status, JSON.stringify(run.body)).toBe(202);
      const drafts = await eventually(
        async () => {
          const answer = await call("GET", `/v1/drafts?run_id=${run.body.id}`, { token: ws.tokens.viewer });
          return answer.body.data?.length === 3 ? answer.body.data : null;
        },
        { timeoutMs: 30_000 },
      );
      const [first, second] = drafts as { id: string; body: string }[];
      expect(
        (
          await call("POST", `/v1/drafts/${first.id}/approve`, {
            token: ws.tokens.reviewer,
            // "act now" is a spam phrase (a warn check: approved, and counted in the version's checks).
            body: { body: `${first.body}\nP.S. Happy to share more details, act now.` },
          })
        ).status,
      ).toBe(200);
      expect((await call("POST", `/v1/drafts/${second.id}/reject`, { token: ws.tokens.reviewer, body: { reason: "Too generic" } })).status).toBe(200);
      const version = (await call("GET", `/v1/drafts/${first.id}`, { token: ws.tokens.viewer })).body.prompt as { name: string; version: string };
      const outcomes = await call("GET", `/v1/prompts/${version.name}/versions/${version.version}/outcomes`, { token: ws.tokens.viewer });
      expect(outcomes.status, JSON.stringify(outcomes.body)).toBe(200);
      expect(outcomes.body).toMatchObject({
        drafts: 3,
        awaiting_review: 1,
        approved: 1,
        rejected: 1,
        approval_rate: 0.5,
        approved_with_edits: 1,
        mean_edit_distance: "\nP.S. Happy to share more details, act now.".length,
        rejection_reasons: [{ reason: "Too generic", count: 1 }],
        sent: 0,
        reply_rate: null,
        leads: 3,
        cost_usd: 0,
        cost_per_lead_usd: 0,
      });
      // The share of its drafts with each check (contract §13): the edited one says "act now"; the
      // production writer's drafts carry no other warn or block check. (spam_score is SpamAssassin's,
      // added by its own job: pending or not, it is a share like the others.)
      const shares = outcomes.body.checks as Record<string, number | null>;
      expect(Object.keys(shares).sort()).toEqual(
        ["link", "repeated_opening", "sender_mismatch", "spam_phrase", "spam_score", "too_long", "unresolved_variable", "unsupported_claim"].sort(),
      );
      expect(shares).toMatchObject({ spam_phrase: 1 / 3, unsupported_claim: 0, unresolved_variable: 0, link: 0, sender_mismatch: 0 });
      expect(Object.values(shares).every((share) => typeof share === "number" && share >= 0 && share <= 1)).toBe(true);
      // The prompt page's table: every version, newest first, this one with the same figures.
      const all = await call("GET", `/v1/prompts/${version.name}/outcomes`, { token: ws.tokens.viewer });
      expect(all.status, JSON.stringify(all.body)).toBe(200);
      const rows = all.body.data as unknown as { version: string; drafts: number; approval_rate: number | null; checks: Record<string, number | null> }[];
      const history = (await call("GET", `/v1/prompts/${version.name}`, { token: ws.tokens.viewer })).body.history as string[];
      expect(rows.map((row) => row.version)).toEqual(history);
      expect(rows.find((row) => row.version === version.version)).toMatchObject({ drafts: 3, approval_rate: 0.5, checks: { spam_phrase: 1 / 3 } });
      expect(rows.filter((row) => row.version !== version.version).every((row) => row.drafts === 0)).toBe(true);
      // A version that wrote nothing has no shares yet.
      expect(rows.find((row) => row.version !== version.version)).toMatchObject({ checks: { spam_phrase: null, unsupported_claim: null } });
      expect((await call("GET", "/v1/prompts/nope/outcomes", { token: ws.tokens.viewer })).status).toBe(404);
    } finally {
      await files.close();
    }
  });
});
