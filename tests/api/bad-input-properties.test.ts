import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "@/lib/db";
import { call, testWorkspace, type ApiAnswer, type TestWorkspace } from "../helpers/api-fixtures";
import { caseArbitraries, type Case, type Fixtures } from "../helpers/bad-input-cases";
import { operationsOf, type Document } from "../helpers/openapi-walk";
import { snapshotDiff, workspacesSnapshot } from "../helpers/workspace-snapshot";

// Property-based bad input, derived from the served OpenAPI document: for every operation and each
// kind of damage that applies to it (body, path, query), fast-check generates requests from the
// operation's own schemas (tests/helpers/bad-input-cases.ts). Every answer must be the expected
// 4xx problem+json (or 200 where each part of the request is valid), never a 5xx, and neither the
// test workspace nor the built-in `system` workspace may change. The hand-made corpus is
// bad-input.test.ts. The seed is fixed (BAD_INPUT_SEED overrides it, BAD_INPUT_RUNS scales the runs).

const SEED = Number(process.env.BAD_INPUT_SEED ?? 20261121);
const SCALE = Number(process.env.BAD_INPUT_RUNS ?? 1);
const RUNS: Record<Case["kind"], number> = { body: Math.ceil(18 * SCALE), path: Math.ceil(8 * SCALE), query: Math.ceil(6 * SCALE) };

const document = (await (await fetch(`${inject("apiUrl")}/v1/openapi.json`)).json()) as Document;
const OPERATIONS = operationsOf(document);
const sent = new Map<string, Partial<Record<Case["kind"], number>>>();

let ws: TestWorkspace;
let fixtures: Fixtures;
let watched: string[];
let baseline: Record<string, string[]>;

beforeAll(async () => {
  console.log(`bad-input properties: seed ${SEED} (BAD_INPUT_SEED=${SEED} to replay), runs per operation ${JSON.stringify(RUNS)}`);
  ws = await testWorkspace("badprops", "enterprise");
  // Foreign cursors: real ones, from lists of another workspace.
  const other = await testWorkspace("badprops-other", "enterprise");
  for (const email of ["one@cursor.example", "two@cursor.example"]) await call("POST", "/v1/leads", { token: other.tokens.admin, body: { email } });
  const cursors: string[] = [];
  for (const list of ["/v1/leads?limit=1", "/v1/packs?limit=1"]) {
    const page = await call("GET", list, { token: other.tokens.admin });
    expect(page.body.next_cursor, list).toEqual(expect.any(String));
    cursors.push(page.body.next_cursor as string);
  }
  fixtures = { cursors };
  const system = await db().workspace.findUniqueOrThrow({ where: { slug: "system" } });
  watched = [ws.workspace.id, system.id];
  baseline = await workspacesSnapshot(...watched);
});

afterAll(() => {
  const total = [...sent.values()].reduce((sum, kinds) => sum + Object.values(kinds).reduce((a, b) => a + b, 0), 0);
  console.log(`bad-input properties: ${total} generated requests over ${sent.size} operations (seed ${SEED})`);
});

const LEAK = /\.(?:tsx?|m?js):\d+|node_modules|PrismaClient|at async |invalid input syntax|violates .* constraint/;

/** What is wrong with an answer to a case, or null when it is what the contract says. */
function verdict(c: Case, answer: ApiAnswer, text: string): string | null {
  const type = answer.headers.get("content-type") ?? "";
  if (answer.status >= 500) return `a ${answer.status}`;
  if (LEAK.test(text)) return "internals in the body";
  if (answer.status === 200 && c.expect !== "4xx") return type.startsWith("application/json") ? null : `200 with ${type}`;
  if (c.expect === "200") return `expected 200, got ${answer.status}`;
  if (answer.status < 400) return `expected 4xx, got ${answer.status}`;
  if (!type.startsWith("application/problem+json")) return `a ${answer.status} with ${type}`;
  const body = answer.body;
  if (typeof body.code !== "string" || body.type !== `/docs/errors#${body.code}`) return "problem without code/type";
  if (typeof body.title !== "string" || typeof body.detail !== "string" || body.status !== answer.status) return "problem without title/detail/status";
  if (body.request_id !== answer.headers.get("x-request-id") || !String(body.request_id).startsWith("req_")) return "problem without its request id";
  if (answer.status === 422) {
    const errors = body.errors as { path?: unknown; message?: unknown }[] | undefined;
    if (!Array.isArray(errors) || !errors.length || errors.some((e) => typeof e.path !== "string" || typeof e.message !== "string"))
      return "422 without errors[]";
  }
  return null;
}

async function send(c: Case): Promise<{ answer: ApiAnswer; text: string }> {
  const answer = await call(c.method, c.path, { token: ws.tokens.admin, body: c.body, rawBody: c.rawBody, headers: c.headers });
  return { answer, text: JSON.stringify(answer.body) };
}

const describeCase = (c: Case) =>
  `${c.method} ${c.path.slice(0, 300)} ${c.label}${c.body !== undefined ? ` body ${JSON.stringify(c.body)?.slice(0, 300)}` : ""}`;

describe("bad input, property-based from the OpenAPI document", () => {
  it("finds every operation in the document", () => {
    expect(OPERATIONS.length).toBeGreaterThanOrEqual(40);
  });

  OPERATIONS.forEach((op, index) => {
    it(`${op.method} ${op.template}`, async () => {
      const kinds = caseArbitraries(op, fixtures, document);
      const counts: Partial<Record<Case["kind"], number>> = {};
      sent.set(op.id, counts);
      for (const [kind, arbitrary] of Object.entries(kinds) as [Case["kind"], fc.Arbitrary<Case>][]) {
        const property = fc.asyncProperty(arbitrary, async (c) => {
          counts[kind] = (counts[kind] ?? 0) + 1;
          const { answer, text } = await send(c);
          const wrong = verdict(c, answer, text);
          if (wrong) throw new Error(`${wrong}: ${describeCase(c)} → ${answer.status} ${text.slice(0, 300)}`);
        });
        await fc.assert(property, { seed: SEED + index * 3 + Object.keys(kinds).indexOf(kind), numRuns: RUNS[kind] });
      }
      expect(snapshotDiff(baseline, await workspacesSnapshot(...watched)), `${op.method} ${op.template} changed the workspace`).toEqual([]);
    }, 120_000);
  });

  it("sent generated cases to every operation, of every kind that applies, at least 500 in all", () => {
    const missing = OPERATIONS.filter((op) => {
      const counts = sent.get(op.id) ?? {};
      return Object.keys(caseArbitraries(op, fixtures, document)).some((kind) => (counts[kind as Case["kind"]] ?? 0) < RUNS[kind as Case["kind"]]);
    });
    expect(missing.map((op) => op.id)).toEqual([]);
    const total = [...sent.values()].reduce((sum, kinds) => sum + Object.values(kinds).reduce((a, b) => a + b, 0), 0);
    expect(total).toBeGreaterThanOrEqual(500 * Math.min(1, SCALE));
  });
});
