import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { call, testWorkspace, type TestWorkspace } from "../helpers/api-fixtures";
import { hasLoneSurrogate, hostileString } from "../helpers/hostile-values";

// The other half of bad input: hostile text in a field that takes free text is valid input. SQL,
// HTML, formula prefixes, RTL overrides, zero-width characters, emoji are stored and read back
// exactly (text fields are trimmed, nothing more), in text columns, in JSON attributes and in the
// fork diff written to the audit log; text that cannot be stored faithfully (NUL, or a lone UTF-16
// surrogate, which has no UTF-8 form) is refused with 422 naming the field, never a 500 or a silent
// change. Runs in a workspace of its own, since valid requests create things. Same seed as
// bad-input-properties.test.ts (BAD_INPUT_SEED).

const SEED = Number(process.env.BAD_INPUT_SEED ?? 20261121);
const RUNS = Math.ceil(25 * Number(process.env.BAD_INPUT_RUNS ?? 1));

let ws: TestWorkspace;
let counter = 0;

beforeAll(async () => {
  ws = await testWorkspace("badverbatim");
});

/** Can the text be stored as given: no NUL, no lone surrogate? */
const storable = (text: string) => !text.includes("\u0000") && !hasLoneSurrogate(text);
const fits = (text: string, max: number) => text.trim().length >= 1 && text.trim().length <= max;

function expectProblem(answer: Awaited<ReturnType<typeof call>>, fields: string[]) {
  expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(422);
  expect(answer.headers.get("content-type")).toMatch(/^application\/problem\+json/);
  const paths = (answer.body.errors as { path: string }[]).map((e) => e.path);
  expect(
    paths.some((path) => fields.some((field) => path.startsWith(field))),
    `${paths} ⊄ ${fields}`,
  ).toBe(true);
}

describe("hostile text in free-text fields", () => {
  it("POST /leads stores names, notes and attributes verbatim, or refuses what cannot be stored", async () => {
    const property = fc.asyncProperty(hostileString, hostileString, hostileString, hostileString, async (name, company, key, value) => {
      const email = `verbatim${++counter}@example.com`;
      const answer = await call("POST", "/v1/leads", {
        token: ws.tokens.admin,
        body: { email, first_name: name, company, notes: `${name} ${company}`, attributes: { [key]: value } },
      });
      const fields = { first_name: name, company, notes: `${name} ${company}` };
      const bad = [
        ...Object.entries(fields)
          .filter(([field, text]) => !storable(text) || !fits(text, field === "notes" ? 10_000 : field === "company" ? 300 : 200))
          .map(([field]) => field),
        ...(!storable(key) || !storable(value) || key.length < 1 || key.length > 100 || value.length > 10_000 ? ["attributes"] : []),
      ];
      if (bad.length) return expectProblem(answer, bad);
      expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(201);
      const lead = await call("GET", `/v1/leads/${answer.body.id}`, { token: ws.tokens.viewer });
      expect(lead.body).toMatchObject({
        email,
        first_name: name.trim(),
        company: company.trim(),
        notes: `${name} ${company}`.trim(),
        attributes: { [key]: value },
      });
    });
    await fc.assert(property, { seed: SEED, numRuns: RUNS });
  }, 120_000);

  it("POST /prompts/{name}/fork keeps hostile system text and its diff in the audit log, or refuses it", async () => {
    const property = fc.asyncProperty(hostileString, async (system) => {
      const label = `v1.2.0-verbatim${++counter}`;
      const answer = await call("POST", "/v1/prompts/draft_email/fork", { token: ws.tokens.admin, body: { from: "v1.2.0", as: label, system } });
      if (!storable(system) || system.length < 1 || system.length > 50_000) return expectProblem(answer, ["system"]);
      expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(201);
      const version = await call("GET", `/v1/prompts/${encodeURIComponent(`draft_email@${ws.workspace.slug}`)}/versions/${label}`, { token: ws.tokens.viewer });
      expect(version.body.system).toBe(system);
      // The diff (trailing whitespace trimmed) is in the audit entry as on the version, as JSON.
      const audit = await call("GET", `/v1/audit?action=prompt.forked&limit=1`, { token: ws.tokens.viewer });
      expect(version.body.diff_from_previous).toMatch(/^\+\+\+ /m);
      expect(audit.body.data![0].diff).toBe(version.body.diff_from_previous);
    });
    await fc.assert(property, { seed: SEED + 1, numRuns: RUNS });
  }, 120_000);

  it("POST /campaigns keeps a hostile name, or refuses it", async () => {
    const property = fc.asyncProperty(hostileString, async (name) => {
      const answer = await call("POST", "/v1/campaigns", { token: ws.tokens.admin, body: { name, pack: "saas-outbound" } });
      if (!storable(name) || !fits(name, 200)) return expectProblem(answer, ["name"]);
      expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(201);
      const campaign = await call("GET", `/v1/campaigns/${answer.body.id}`, { token: ws.tokens.viewer });
      expect(campaign.body.name).toBe(name.trim());
    });
    await fc.assert(property, { seed: SEED + 2, numRuns: RUNS });
  }, 120_000);
});
