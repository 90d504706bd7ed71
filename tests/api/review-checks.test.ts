import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { call, testWorkspace, type TestWorkspace } from "../helpers/api-fixtures";
import { toCsv } from "../helpers/csv-fixtures";
import { eventually, freePort, getJson, spawnWorker, type Spawned } from "../helpers/processes";

// Issue 36 over /v1 with a real worker: a 200-lead run with notes drafted by the production
// draft_email (local engine) carries evidence, checks and risk on every draft; its false positives
// (drafts with a warn or block check) are counted and printed (goal < 2 %); an edit that invents a
// number, a customer name and a date is flagged on exactly those sentences; spam phrases and a
// foreign link are flagged; approving a blocked draft is 409 draft_blocked until an override_reason
// is given, which the audit log keeps.

let ws: TestWorkspace;
let worker: Spawned;

beforeAll(async () => {
  ws = await testWorkspace("checks");
  const port = await freePort();
  worker = spawnWorker({ WORKER_PORT: String(port) });
  await eventually(async () => (await getJson(`http://127.0.0.1:${port}/readyz`)).status === 200, { timeoutMs: 30_000 });
});

afterAll(() => {
  worker?.child.kill("SIGTERM");
});

const NOTES = [
  "Posted about month-end close delays",
  "Raised a $12M Series A in March 2026",
  "Hiring 3 accountants in Austin",
  "Met at SaaStr 2026",
  "Moved their billing to Stripe last quarter",
  "Job ad mentions chasing unpaid invoices",
  "Spoke at FinOps Summit about audit prep",
  "Grew revenue 40% last year",
  "",
];

type Draft = {
  id: string;
  body: string;
  subject: string;
  risk: string;
  checks: { code: string; severity: string; span: [number, number] | null }[];
  evidence: unknown[];
};

describe("evidence and checks on a 200-lead run", () => {
  const drafts: Draft[] = [];

  it("every draft carries them; false positives under 2 % (printed); risk filter and sort", async () => {
    const offer = {
      product: "Acme Ledger",
      audience: "finance teams at software companies",
      value_propositions: ["It closes the books in three days instead of ten"],
      proof_points: ["Northwind cut its month-end close by 70 percent."],
      call_to_action: "Would a 15-minute call next week be useful?",
      sender_name: "Maya Chen",
      website: "https://acme-ledger.example",
    };
    expect((await call("PUT", "/v1/offer", { token: ws.tokens.admin, body: offer })).status).toBe(200);
    const rows = Array.from({ length: 200 }, (_, i) => ({
      email: `p${i}@checks${i % 40}.example`,
      first_name: i % 9 ? `Ana${i}` : "",
      title: ["VP Finance", "CFO", "Controller"][i % 3],
      company: `Firm ${i}`,
      industry: "Software",
      employees: String(60 + i),
      notes: NOTES[i % NOTES.length],
    }));
    const form = new FormData();
    form.set("pack", "saas-outbound");
    form.set("stop_after", "draft_email");
    form.set("file", new Blob([toCsv(rows)], { type: "text/csv" }), "checks.csv");
    const response = await fetch(`${inject("apiUrl")}/v1/runs`, { method: "POST", headers: { authorization: `Bearer ${ws.tokens.admin}` }, body: form });
    expect(response.status).toBe(202);
    const runId = ((await response.json()) as { id: string }).id;
    const run = await eventually(
      async () => {
        const got = await call("GET", `/v1/runs/${runId}`, { token: ws.tokens.viewer });
        return ["completed", "awaiting_review", "failed", "canceled"].includes(got.body.status as string) ? got.body : null;
      },
      { timeoutMs: 120_000 },
    );
    expect(run.status).not.toBe("failed");
    for (let cursor: string | null = null, pages = 0; pages < 5; pages++) {
      const page = await call("GET", `/v1/drafts?run_id=${runId}&limit=100${cursor ? `&cursor=${cursor}` : ""}`, { token: ws.tokens.viewer });
      drafts.push(...(page.body.data as unknown as Draft[]));
      cursor = page.body.next_cursor as string | null;
      if (!cursor) break;
    }
    // The pack's qualify step turns part of these leads away (67 of 200 drafted in the first run);
    // the engine's own 200-draft measure is lib/review-checks/production-run.test.ts.
    expect(drafts.length).toBeGreaterThan(50);
    for (const d of drafts)
      expect(d).toMatchObject({ evidence: expect.any(Array), checks: expect.any(Array), risk: expect.stringMatching(/^(low|medium|high)$/) });
    const flagged = drafts.filter((d) => d.checks.some((c) => c.severity !== "info"));
    for (const d of flagged) console.log(`FALSE POSITIVE ${d.id}\n${d.body}\n${JSON.stringify(d.checks)}`);
    console.log(`review-checks API run: ${flagged.length} of ${drafts.length} drafts with warn/block checks`);
    expect(flagged.length / drafts.length).toBeLessThan(0.02);

    const low = await call("GET", `/v1/drafts?run_id=${runId}&risk=low&limit=5`, { token: ws.tokens.viewer });
    expect(low.status).toBe(200);
    expect((low.body.data as unknown as Draft[]).every((d) => d.risk === "low")).toBe(true);
    const sorted = await call("GET", `/v1/drafts?run_id=${runId}&sort=risk&limit=100`, { token: ws.tokens.viewer });
    const rank = { low: 0, medium: 1, high: 2 } as Record<string, number>;
    const ranks = (sorted.body.data as unknown as Draft[]).map((d) => rank[d.risk]);
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
    if (sorted.body.next_cursor) {
      const next = await call("GET", `/v1/drafts?run_id=${runId}&sort=risk&limit=100&cursor=${sorted.body.next_cursor}`, { token: ws.tokens.viewer });
      expect(next.status).toBe(200);
    }
    for (const bad of ["risk=severe", "sort=oldest", `sort=risk&cursor=${low.body.next_cursor}`])
      expect((await call("GET", `/v1/drafts?${bad}`, { token: ws.tokens.viewer })).status, bad).toBe(400);
  }, 240_000);

  it("an edit inventing a number, a customer name and a date: unsupported_claim on exactly those sentences; spam phrases; a foreign link", async () => {
    const draft = drafts.find((d) => d.risk === "low")!;
    const invented = ["We cut costs by 37% for teams like yours.", "Globex Industries is one of our happiest customers.", "We launched on 14 February 2024."];
    const body = draft.body.replace(/\n\n(?=Best,)/, `\n${invented.join("\n")}\n\n`);
    const checked = await call("POST", `/v1/drafts/${draft.id}/check`, { token: ws.tokens.reviewer, body: { body } });
    expect(checked.status).toBe(200);
    const spans = (checked.body.checks as Draft["checks"]).filter((c) => c.code === "unsupported_claim").map((c) => body.slice(...c.span!));
    expect(spans).toEqual(invented);
    expect(checked.body.risk).toBe("high");

    const spammy = draft.body.replace(/\n\n(?=Best,)/, "\nIt is 100% free, act now: https://other.example/offer\n\n");
    const spam = await call("POST", `/v1/drafts/${draft.id}/check`, { token: ws.tokens.reviewer, body: { body: spammy } });
    const codes = (spam.body.checks as Draft["checks"]).map((c) => [c.code, spammy.slice(...c.span!)]);
    expect(codes).toEqual(
      expect.arrayContaining([
        ["spam_phrase", "100% free"],
        ["spam_phrase", "act now"],
        ["link", "https://other.example/offer"],
      ]),
    );

    const refused = await call("POST", `/v1/drafts/${draft.id}/approve`, { token: ws.tokens.reviewer, body: { body } });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "draft_blocked", checks: expect.arrayContaining([expect.objectContaining({ code: "unsupported_claim" })]) });
    expect((await call("GET", `/v1/drafts/${draft.id}`, { token: ws.tokens.viewer })).body.status).toBe("awaiting_review");

    const approved = await call("POST", `/v1/drafts/${draft.id}/approve`, {
      token: ws.tokens.reviewer,
      body: { body, override_reason: "The customer agreed to be named." },
    });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: "approved", risk: "high", edited: true });
    const audit = await call("GET", "/v1/audit?action=draft.approved", { token: ws.tokens.viewer });
    const entry = (audit.body.data as { target: { id: string }; data: Record<string, unknown> }[]).find((e) => e.target.id === draft.id);
    expect(entry?.data).toMatchObject({
      override_reason: "The customer agreed to be named.",
      overridden_checks: ["unsupported_claim", "unsupported_claim", "unsupported_claim"],
    });
  }, 60_000);
});
