import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeQueues, queue } from "@/lib/queues";
import { call, testWorkspace, type TestWorkspace } from "../helpers/api-fixtures";
import { draftsAwaitingReview } from "../helpers/draft-fixtures";
import { sameOrigin, signInAs } from "../helpers/web-session";

// The review pages ask SpamAssassin to score what a reviewer reads first (lib/spam/score-draft.ts
// queueSpamScoresFirst): reading the queue or a draft over /api/web queues its pending drafts at
// priority 1, ahead of the run's backlog (priority 10). Through the routes, as the browser does.

let ws: TestWorkspace;
let session: Record<string, string>;
beforeAll(async () => {
  ws = await testWorkspace("spam-first");
  session = sameOrigin(await signInAs(ws.users.reviewer));
});
afterAll(closeQueues);

/** The priorities of the spam-score jobs (in any state) that hold this draft. */
async function prioritiesOf(draftId: string): Promise<number[]> {
  const jobs = await queue("spam-score").getJobs(["prioritized", "waiting", "active", "completed", "failed", "delayed"], 0, -1);
  return jobs.filter((job) => job?.data?.draftIds?.includes(draftId)).map((job) => job.opts.priority ?? 0);
}

describe("scoring what a reviewer reads first", () => {
  it("the review queue's page and a draft's page queue their pending drafts at priority 1", async () => {
    const { runId, draftIds } = await draftsAwaitingReview(ws.workspace.id, [`a-${Date.now()}@contoso.example`, `b-${Date.now()}@contoso.example`]);
    for (const id of draftIds) expect(await prioritiesOf(id)).not.toContain(1);

    const page = await call("GET", `/api/web/review?run_id=${runId}`, { token: null, headers: session });
    expect(page.status).toBe(200);
    expect(page.body.data).toHaveLength(2);
    for (const id of draftIds) expect(await prioritiesOf(id)).toContain(1);

    const [other] = (await draftsAwaitingReview(ws.workspace.id, [`c-${Date.now()}@contoso.example`])).draftIds;
    expect((await call("GET", `/api/web/drafts/${other}`, { token: null, headers: session })).status).toBe(200);
    expect(await prioritiesOf(other)).toContain(1);
  });
});
