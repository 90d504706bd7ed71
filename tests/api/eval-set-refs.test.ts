import { beforeAll, describe, expect, it } from "vitest";
import { call, testWorkspace, type ApiAnswer, type TestWorkspace } from "../helpers/api-fixtures";

// Issue 24: `GET /v1/eval-sets/{ref}` as contract §11 names it — ref is a prompt version's
// evals_ref, URL-encoded — resolving to the set the workspace sees (its own set of that ref
// first, else the built-in one); an eval set id keeps working. Adding and removing cases take the
// same {ref}. A ref no visible set has is a 404 problem+json, another workspace's own sets included.

let ws: TestWorkspace;
let other: TestWorkspace;
beforeAll(async () => {
  ws = await testWorkspace("evalref");
  other = await testWorkspace("evalref-other");
});

const byRef = (ref: string) => `/v1/eval-sets/${encodeURIComponent(ref)}`;

function expectNotFound(answer: ApiAnswer, label: string) {
  expect(answer.status, `${label}: ${JSON.stringify(answer.body).slice(0, 200)}`).toBe(404);
  expect(answer.headers.get("content-type"), label).toBe("application/problem+json");
  expect(answer.body.code, label).toBe("not_found");
}

describe("GET /v1/eval-sets/{ref}", () => {
  it("resolves every shipped version's evals_ref, URL-encoded, to the built-in set the id names", async () => {
    const sets = (await call("GET", "/v1/eval-sets", { token: ws.tokens.viewer })).body.data as {
      id: string;
      ref: string;
      built_in: boolean;
      case_count: number;
    }[];
    let resolved = 0;
    for (const stage of ["extract_signals", "qualify", "draft_email", "track"]) {
      const history = (await call("GET", `/v1/prompts/${stage}`, { token: ws.tokens.viewer })).body.history as string[];
      for (const version of history) {
        const evalsRef = (await call("GET", `/v1/prompts/${stage}/versions/${version}`, { token: ws.tokens.viewer })).body.evals_ref as string;
        expect(evalsRef).toContain("/"); // what makes the encoding matter: evals%2F...
        const answer = await call("GET", byRef(evalsRef), { token: ws.tokens.viewer });
        expect(answer.status, `${stage} ${version}: ${JSON.stringify(answer.body).slice(0, 200)}`).toBe(200);
        const listed = sets.find((set) => set.ref === evalsRef && set.built_in)!;
        expect(answer.body).toMatchObject({ id: listed.id, ref: evalsRef, stage, built_in: true, case_count: listed.case_count });
        expect((answer.body.cases as unknown[]).length).toBe(listed.case_count);
        const byId = await call("GET", `/v1/eval-sets/${listed.id}`, { token: ws.tokens.viewer });
        expect(byId.status).toBe(200);
        expect(byId.body).toEqual(answer.body);
        resolved++;
      }
    }
    expect(resolved).toBeGreaterThanOrEqual(12);
  });

  it("prefers the workspace's own set of a ref; another workspace still gets the built-in one, and never sees the own one", async () => {
    const own = await call("POST", "/v1/eval-sets", {
      token: ws.tokens.admin,
      body: { ref: "evals/qualify", stage: "qualify", name: "Our own qualify cases" },
    });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    const mine = await call("GET", byRef("evals/qualify"), { token: ws.tokens.viewer });
    expect(mine.body).toMatchObject({ id: own.body.id, built_in: false, case_count: 0, cases: [] });
    const theirs = await call("GET", byRef("evals/qualify"), { token: other.tokens.viewer });
    expect(theirs.body).toMatchObject({ ref: "evals/qualify", built_in: true });
    expect(theirs.body.id).not.toBe(own.body.id);
    expectNotFound(await call("GET", `/v1/eval-sets/${own.body.id}`, { token: other.tokens.admin }), "another workspace's set by id");
  });

  it("resolves a fork's own evals_ref once the workspace has that set; 404 before, and for any other workspace", async () => {
    const fork = await call("POST", "/v1/prompts/qualify/fork", {
      token: ws.tokens.admin,
      body: { from: "v1.2.0", as: "v1.2.0-acme", evals_ref: "evals/qualify-acme" },
    });
    expect(fork.status, JSON.stringify(fork.body)).toBe(201);
    const path = byRef(fork.body.evals_ref as string);
    expect(path).toBe("/v1/eval-sets/evals%2Fqualify-acme");
    expectNotFound(await call("GET", path, { token: ws.tokens.viewer }), "a ref no set has yet");
    const created = await call("POST", "/v1/eval-sets", {
      token: ws.tokens.admin,
      body: { ref: "evals/qualify-acme", stage: "qualify", name: "Acme's qualify cases" },
    });
    expect(created.status).toBe(201);
    expect((await call("GET", path, { token: ws.tokens.viewer })).body).toMatchObject({ id: created.body.id, ref: "evals/qualify-acme", built_in: false });
    expectNotFound(await call("GET", path, { token: other.tokens.admin }), "another workspace's own ref");
  });

  it("adds and removes cases by ref as by id; 404 problem+json for unknown refs and ids", async () => {
    const body = { name: "A CTO by ref", input: { lead: { title: "CTO", industry: "SaaS", employees: 120, country: "US" } }, expect: { qualified: true } };
    const added = await call("POST", `${byRef("evals/qualify-acme")}/cases`, { token: ws.tokens.reviewer, body });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const set = await call("GET", byRef("evals/qualify-acme"), { token: ws.tokens.viewer });
    expect((set.body.cases as { id: string }[]).map((row) => row.id)).toEqual([added.body.id]);
    expect((await call("DELETE", `${byRef("evals/qualify-acme")}/cases/${added.body.id}`, { token: ws.tokens.reviewer })).status).toBe(204);
    expect((await call("GET", `/v1/eval-sets/${set.body.id}`, { token: ws.tokens.viewer })).body.case_count).toBe(0);

    // A case added to a built-in set by its ref is the workspace's own and shows only to it.
    const draftSet = await call("POST", `${byRef("evals/draft_email")}/cases`, {
      token: other.tokens.reviewer,
      body: { name: "Names the company", input: { lead: { first_name: "Ana", company: "Acme" } }, expect: { draft: { must_mention: ["Acme"] } } },
    });
    expect(draftSet.status, JSON.stringify(draftSet.body)).toBe(201);
    const seen = await call("GET", byRef("evals/draft_email"), { token: other.tokens.viewer });
    expect((seen.body.cases as { id: string; own: boolean }[]).filter((row) => row.own).map((row) => row.id)).toEqual([draftSet.body.id]);
    const notSeen = await call("GET", byRef("evals/draft_email"), { token: ws.tokens.viewer });
    expect((notSeen.body.cases as { id: string }[]).map((row) => row.id)).not.toContain(draftSet.body.id);
    expectNotFound(await call("DELETE", `${byRef("evals/draft_email")}/cases/${draftSet.body.id}`, { token: ws.tokens.reviewer }), "another workspace's case");

    for (const path of [
      "/v1/eval-sets/evals%2Fnone",
      "/v1/eval-sets/evs_01jd0000000000000000000000",
      "/v1/eval-sets/evals%252Fqualify",
      "/v1/eval-sets/evals/qualify",
    ]) {
      expectNotFound(await call("GET", path, { token: ws.tokens.viewer }), path);
    }
    expectNotFound(await call("POST", "/v1/eval-sets/evals%2Fnone/cases", { token: ws.tokens.reviewer, body }), "a case for an unknown ref");
  });
});
