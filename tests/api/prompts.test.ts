import { beforeAll, describe, expect, it } from "vitest";
import { call, testWorkspace, type TestWorkspace } from "../helpers/api-fixtures";

let ws: TestWorkspace;
let other: TestWorkspace;
beforeAll(async () => {
  ws = await testWorkspace("prompts");
  other = await testWorkspace("prompts-other");
});

describe("prompts", () => {
  it("GET /prompts/{name}: the production version with its history", async () => {
    const answer = await call("GET", "/v1/prompts/draft_email", { token: ws.tokens.viewer });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      name: "draft_email",
      version: "v1.5.0",
      parent: { name: "draft_email", version: "v1.4.0" },
      workspace: null,
      history: ["v1.5.0", "v1.4.0", "v1.3.0", "v1.2.0", "v1.1.0", "v1.0.0"],
    });
    expect(Object.keys(answer.body).sort()).toEqual(
      [
        "diff_from_previous",
        "evals_ref",
        "history",
        "model_default",
        "name",
        "parent",
        "shipped_at",
        "system",
        "user_template",
        "version",
        "workspace",
        "workspace_default",
      ].sort(),
    );
  });

  it("GET a version: the spec's fields; an unknown one is 404", async () => {
    const answer = await call("GET", "/v1/prompts/qualify/versions/v1.0.0", { token: ws.tokens.viewer });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ name: "qualify", version: "v1.0.0", parent: null, model_default: "local/leadpipe-1", evals_ref: "evals/qualify" });
    expect((await call("GET", "/v1/prompts/qualify/versions/v9.9.9", { token: ws.tokens.viewer })).status).toBe(404);
    expect((await call("GET", "/v1/prompts/nope/versions/v1.0.0", { token: ws.tokens.viewer })).status).toBe(404);
  });

  it("forks into the workspace with a diff against the parent, in the audit log too", async () => {
    const slug = ws.workspace.slug;
    const fork = await call("POST", "/v1/prompts/draft_email/fork", {
      token: ws.tokens.admin,
      body: { from: "v1.2.0", as: "v1.2.0-warm", system: "You write a warm, short first email.\nPlain text." },
    });
    expect(fork.status).toBe(201);
    expect(fork.body).toMatchObject({
      name: `draft_email@${slug}`,
      version: "v1.2.0-warm",
      parent: { name: "draft_email", version: "v1.2.0" },
      workspace: slug,
    });
    expect(fork.headers.get("location")).toBe(`/v1/prompts/draft_email%40${slug}/versions/v1.2.0-warm`);
    const diff = fork.body.diff_from_previous as string;
    expect(diff).toContain("+You write a warm, short first email.");
    expect(diff).toMatch(/^-You write a short, personal first outreach email/m);

    const read = await call("GET", `/v1/prompts/${encodeURIComponent(`draft_email@${slug}`)}/versions/v1.2.0-warm`, { token: ws.tokens.viewer });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(fork.body);
    const readRaw = await call("GET", `/v1/prompts/draft_email@${slug}/versions/v1.2.0-warm`, { token: ws.tokens.viewer });
    expect(readRaw.status).toBe(200);

    const audit = await call("GET", "/v1/audit?action=prompt.forked", { token: ws.tokens.viewer });
    expect(audit.body.data).toHaveLength(1);
    expect(audit.body.data![0]).toMatchObject({
      action: "prompt.forked",
      diff,
      actor: { type: "token" },
      data: { name: `draft_email@${slug}`, version: "v1.2.0-warm" },
    });

    const prompt = await call("GET", `/v1/prompts/${encodeURIComponent(`draft_email@${slug}`)}`, { token: ws.tokens.viewer });
    expect(prompt.body).toMatchObject({ version: "v1.2.0-warm", history: ["v1.2.0-warm"] });
  });

  it("refuses a bad label (422 on as), an unknown parent (422 on from) and a duplicate (409)", async () => {
    for (const as of ["v1.2.0", "v1.2.1-x", "v1.2.0-", "v1.2.0-UPPER", "v1.2.0_x", "1.2.0-x"]) {
      const answer = await call("POST", "/v1/prompts/qualify/fork", { token: ws.tokens.admin, body: { from: "v1.2.0", as } });
      expect(answer.status, as).toBe(422);
      expect((answer.body.errors as { path: string }[])[0].path).toBe("as");
    }
    const unknown = await call("POST", "/v1/prompts/qualify/fork", { token: ws.tokens.admin, body: { from: "v7.0.0", as: "v7.0.0-x" } });
    expect(unknown.status).toBe(422);
    expect((unknown.body.errors as { path: string }[])[0].path).toBe("from");

    expect((await call("POST", "/v1/prompts/qualify/fork", { token: ws.tokens.admin, body: { from: "v1.1.0", as: "v1.1.0-a" } })).status).toBe(201);
    const duplicate = await call("POST", "/v1/prompts/qualify/fork", { token: ws.tokens.admin, body: { from: "v1.1.0", as: "v1.1.0-a" } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.code).toBe("version_exists");
  });

  it("forks a fork, and keeps forks private to their workspace", async () => {
    const slug = ws.workspace.slug;
    const name = encodeURIComponent(`qualify@${slug}`);
    const forkOfFork = await call("POST", `/v1/prompts/${name}/fork`, {
      token: ws.tokens.admin,
      body: { from: "v1.1.0-a", as: "v1.1.0-a-2", model_default: "openai/gpt-4o-mini" },
    });
    expect(forkOfFork.status).toBe(201);
    expect(forkOfFork.body.parent).toEqual({ name: `qualify@${slug}`, version: "v1.1.0-a" });
    expect(forkOfFork.body.diff_from_previous).toContain("+model_default: openai/gpt-4o-mini");

    expect((await call("GET", `/v1/prompts/${name}`, { token: other.tokens.admin })).status).toBe(404);
    expect((await call("POST", `/v1/prompts/${name}/fork`, { token: other.tokens.admin, body: { from: "v1.1.0-a", as: "v1.1.0-a-3" } })).status).toBe(404);
  });
});
