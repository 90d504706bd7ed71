import { beforeAll, describe, expect, it } from "vitest";
import { call, testWorkspace, type TestWorkspace } from "../helpers/api-fixtures";

let ws: TestWorkspace;
let other: TestWorkspace;
beforeAll(async () => {
  ws = await testWorkspace("packs");
  other = await testWorkspace("packs-other");
});

describe("packs", () => {
  it("lists and fetches the built-in packs", async () => {
    const list = await call("GET", "/v1/packs", { token: ws.tokens.viewer });
    expect(list.body.data!.map((p) => p.slug).sort()).toEqual(["agency-outbound", "saas-outbound"]);
    const pack = await call("GET", "/v1/packs/saas-outbound", { token: ws.tokens.viewer });
    expect(pack.body).toMatchObject({
      slug: "saas-outbound",
      owner: "system",
      parent: null,
      stages: ["extract_signals", "qualify", "draft_email", "send", "track"],
      prompts: { draft_email: { name: "draft_email", version: "v1.5.0" }, qualify: { name: "qualify", version: "v1.2.0" } },
      icp: { min_score: 60 },
    });
    expect((await call("GET", "/v1/packs/no-such-pack", { token: ws.tokens.viewer })).status).toBe(404);
  });

  it("forks a pack into the workspace and pins a prompt fork on it", async () => {
    const slug = ws.workspace.slug;
    const fork = await call("POST", "/v1/packs/saas-outbound/fork", { token: ws.tokens.admin, body: { slug: "our-saas", name: "Our SaaS" } });
    expect(fork.status).toBe(201);
    expect(fork.headers.get("location")).toBe("/v1/packs/our-saas");
    expect(fork.body).toMatchObject({ slug: "our-saas", name: "Our SaaS", owner: "workspace", parent: "saas-outbound" });

    await call("POST", "/v1/prompts/draft_email/fork", { token: ws.tokens.admin, body: { from: "v1.1.0", as: "v1.1.0-ours" } });
    const pinned = await call("PATCH", "/v1/packs/our-saas", {
      token: ws.tokens.admin,
      body: { prompts: { draft_email: `draft_email@${slug}:v1.1.0-ours`, qualify: "qualify:v1.0.0" } },
    });
    expect(pinned.status).toBe(200);
    expect(pinned.body.prompts).toMatchObject({
      draft_email: { name: `draft_email@${slug}`, version: "v1.1.0-ours" },
      qualify: { name: "qualify", version: "v1.0.0" },
    });

    const audit = await call("GET", "/v1/audit?action=pack.pinned", { token: ws.tokens.viewer });
    expect(audit.body.data![0].data).toMatchObject({ pins: { draft_email: { from: "draft_email:v1.5.0", to: `draft_email@${slug}:v1.1.0-ours` } } });
    expect((await call("GET", "/v1/packs/our-saas", { token: other.tokens.admin })).status).toBe(404);
    expect((await call("GET", "/v1/packs", { token: other.tokens.admin })).body.data!.map((p) => p.slug)).not.toContain("our-saas");
  });

  it("refuses bad pins with their paths, a taken slug, and edits to a built-in pack", async () => {
    await call("POST", "/v1/packs/agency-outbound/fork", { token: ws.tokens.admin, body: {} });
    const forkSlug = `agency-outbound-${ws.workspace.slug}`.slice(0, 63);
    const bad = await call("PATCH", `/v1/packs/${forkSlug}`, {
      token: ws.tokens.admin,
      body: {
        prompts: {
          draft_email: "qualify:v1.0.0",
          qualify: "qualify:v9.0.0",
          send: "x:v1.0.0",
          track: "garbage",
          extract_signals: `extract_signals@${other.workspace.slug}:v1.0.0-x`,
        },
      },
    });
    expect(bad.status).toBe(422);
    expect((bad.body.errors as { path: string }[]).map((e) => e.path).sort()).toEqual([
      "prompts.draft_email",
      "prompts.extract_signals",
      "prompts.qualify",
      "prompts.send",
      "prompts.track",
    ]);

    const taken = await call("POST", "/v1/packs/saas-outbound/fork", { token: ws.tokens.admin, body: { slug: "agency-outbound" } });
    expect(taken.status).toBe(409);
    const builtIn = await call("PATCH", "/v1/packs/saas-outbound", { token: ws.tokens.admin, body: { name: "Mine now" } });
    expect(builtIn.status).toBe(409);
  });
});
