import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "@/lib/db";
import { call, testWorkspace, type TestWorkspace } from "../helpers/api-fixtures";
import { draftsAwaitingReview } from "../helpers/draft-fixtures";
import { sameOrigin, signInAs } from "../helpers/web-session";

// Contract §13: each decision records decision_ms, from that reviewer's first read of the draft (its
// page's data or GET /v1/drafts/{id}) to the approval or rejection; null when they never read it
// first; GET /v1/runs/{id} gains review {decided, median_decision_ms}. First reads are moved back in
// the database by known amounts, so the figures are checked against known durations without waiting.

let ws: TestWorkspace;
let session: Record<string, string>;

beforeAll(async () => {
  ws = await testWorkspace("decisions");
  session = sameOrigin(await signInAs(ws.users.reviewer));
});

type Draft = { id: string; status: string; decision_ms: number | null };
const readRows = async (draftId: string) =>
  (await sql().query<{ userId: string; firstReadAt: Date }>(`SELECT "userId", "firstReadAt" FROM draft_reads WHERE "draftId" = $1`, [draftId])).rows;
/** Moves a user's first read of a draft this many seconds back. */
const readAgo = async (draftId: string, userId: string, seconds: number) => {
  const { rowCount } = await sql().query(`UPDATE draft_reads SET "firstReadAt" = now() - make_interval(secs => $3) WHERE "draftId" = $1 AND "userId" = $2`, [
    draftId,
    userId,
    seconds,
  ]);
  expect(rowCount, "the read was recorded").toBe(1);
};
const read = (id: string, token: string) => call("GET", `/v1/drafts/${id}`, { token });

describe("decision_ms and a run's review time", () => {
  it("times each decision from the deciding reviewer's own first read, and takes the run's median", async () => {
    const { runId, draftIds } = await draftsAwaitingReview(ws.workspace.id, ["a@time.example", "b@time.example", "c@time.example", "d@time.example"]);
    const [approvedAfterRead, rejected, approvedFromPage, unread] = draftIds;
    const reviewer = ws.users.reviewer.id;
    const started = Date.now();

    // Read over /v1 twenty seconds ago by the reviewer, ninety by the admin; a later read changes nothing.
    expect((await read(approvedAfterRead, ws.tokens.reviewer)).status).toBe(200);
    expect((await read(approvedAfterRead, ws.tokens.admin)).status).toBe(200);
    await readAgo(approvedAfterRead, reviewer, 20);
    await readAgo(approvedAfterRead, ws.users.admin.id, 90);
    const before = (await readRows(approvedAfterRead)).find((r) => r.userId === reviewer)!.firstReadAt;
    await read(approvedAfterRead, ws.tokens.reviewer);
    expect((await readRows(approvedAfterRead)).find((r) => r.userId === reviewer)!.firstReadAt).toEqual(before);
    const approved = await call("POST", `/v1/drafts/${approvedAfterRead}/approve`, { token: ws.tokens.reviewer, body: {} });
    expect(approved.status).toBe(200);
    const tookA = (approved.body as unknown as Draft).decision_ms!;
    expect(tookA).toBeGreaterThanOrEqual(20_000);
    expect(tookA).toBeLessThan(20_000 + (Date.now() - started) + 1000); // the reviewer's read, not the admin's 90 s

    // Ten seconds before a rejection.
    await read(rejected, ws.tokens.reviewer);
    await readAgo(rejected, reviewer, 10);
    const rejection = await call("POST", `/v1/drafts/${rejected}/reject`, { token: ws.tokens.reviewer, body: { reason: "Not our market" } });
    expect(rejection.status).toBe(200);
    expect((rejection.body as unknown as Draft).decision_ms).toBeGreaterThanOrEqual(10_000);
    expect((rejection.body as unknown as Draft).decision_ms).toBeLessThan(20_000);

    // Read on the draft page (its data comes from /api/web/drafts/{id}) ninety seconds before approving there.
    expect((await call("GET", `/api/web/drafts/${approvedFromPage}`, { token: null, headers: session })).status).toBe(200);
    await readAgo(approvedFromPage, reviewer, 90);
    const fromPage = await call("POST", `/api/web/drafts/${approvedFromPage}/approve`, { token: null, headers: session, body: {} });
    expect(fromPage.status).toBe(200);
    expect((fromPage.body as unknown as Draft).decision_ms).toBeGreaterThanOrEqual(90_000);

    // Approved without a read (as a bulk approval from the queue is): null, and it is left out of the median.
    const blind = await call("POST", `/v1/drafts/${unread}/approve`, { token: ws.tokens.reviewer, body: {} });
    expect((blind.body as unknown as Draft).decision_ms).toBeNull();
    // A read after the decision starts nothing.
    await read(unread, ws.tokens.reviewer);
    expect(await readRows(unread)).toEqual([]);

    const run = await call("GET", `/v1/runs/${runId}`, { token: ws.tokens.viewer });
    expect(run.status).toBe(200);
    const review = run.body.review as { decided: number; median_decision_ms: number };
    expect(review.decided).toBe(4);
    expect(review.median_decision_ms).toBe(tookA); // the middle of about 10 s, 20 s and 90 s
    expect((await call("GET", `/v1/drafts/${approvedAfterRead}`, { token: ws.tokens.viewer })).body.decision_ms).toBe(tookA);
  });

  it("an undone approval is no decision: its time goes, and the next decision is timed from the same first read", async () => {
    const { runId, draftIds } = await draftsAwaitingReview(ws.workspace.id, ["e@time.example"]);
    const [id] = draftIds;
    await call("GET", `/api/web/drafts/${id}`, { token: null, headers: session });
    await readAgo(id, ws.users.reviewer.id, 30);
    expect((await call("POST", `/api/web/drafts/${id}/approve`, { token: null, headers: session, body: {} })).body.decision_ms).toBeGreaterThanOrEqual(30_000);
    expect((await call("POST", `/api/web/drafts/${id}/undo-approval`, { token: null, headers: session, body: {} })).status).toBe(200);
    const undone = await call("GET", `/v1/drafts/${id}`, { token: ws.tokens.viewer });
    expect(undone.body).toMatchObject({ status: "awaiting_review", decision_ms: null });
    expect((await call("GET", `/v1/runs/${runId}`, { token: ws.tokens.viewer })).body.review).toEqual({ decided: 0, median_decision_ms: null });
    await readAgo(id, ws.users.reviewer.id, 60);
    const again = await call("POST", `/v1/drafts/${id}/reject`, { token: ws.tokens.reviewer, body: { reason: "Changed my mind" } });
    expect((again.body as unknown as Draft).decision_ms).toBeGreaterThanOrEqual(60_000);
  });
});
