import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { approveLowRiskDrafts } from "@/lib/drafts/approve-drafts";
import { RISK_ORDER } from "@/lib/review-checks/draft-checks";
import { approveDraft } from "@/lib/drafts/review-draft";
import { listReviewQueue, ReviewQueueQuery } from "@/lib/drafts/review-queue";
import { newId } from "@/lib/ids";
import { leadRow } from "@/lib/imports/columns";
import { insertLeadBatch } from "@/lib/imports/insert-batch";
import { closeQueues } from "@/lib/queues";
import { ensureWorkspace } from "@/lib/workspaces/create-workspace";
import { seed } from "@/prisma/seed/run-seed";
import { resetDatabase } from "../helpers/db";

// The review pages' server side of issue 36: the queue's risk filter and riskiest-first order (its
// own cursor), and the low-risk approval of a run, which picks its drafts when it approves them.
// No worker runs: sends wait (no relay), only the drafts' states are read.

let workspaceId = "";
let reviewer: Parameters<typeof approveDraft>[3];
type Risk = (typeof RISK_ORDER)[number];

/** A run whose drafts await review with these risks (in creation order, so the last is the newest). */
async function runWithRisks(risks: Risk[]) {
  const pack = await db().pack.findFirstOrThrow({ where: { slug: "saas-outbound" } });
  const run = await db().run.create({ data: { id: newId("run"), name: "Risk run", workspaceId, packId: pack.id, status: "awaiting_review" } });
  const tag = run.id.slice(-8);
  await insertLeadBatch(
    workspaceId,
    run.id,
    risks.map((_, i) => leadRow(`lead${i}-${tag}@risk.example`, { first_name: "Ada", company: "Engines" })),
  );
  const runLeads = await db().runLead.findMany({ where: { runId: run.id }, orderBy: { id: "asc" } });
  const ids: string[] = [];
  for (const [i, runLead] of runLeads.entries()) {
    await db().runLead.update({ where: { id: runLead.id }, data: { state: "awaiting_review", stage: "draft_email" } });
    const risk = risks[i];
    const checks =
      risk === "low"
        ? []
        : [
            {
              code: risk === "high" ? "unresolved_variable" : "spam_phrase",
              severity: risk === "high" ? "block" : "warn",
              message: "m",
              field: "body",
              span: [0, 2],
            },
          ];
    const draft = await db().draft.create({
      data: {
        id: newId("drf"),
        workspaceId,
        leadId: runLead.leadId,
        runId: run.id,
        runLeadId: runLead.id,
        subject: "Hello",
        body: "Hi,\n\nA note.\n\nSam",
        risk,
        riskRank: RISK_ORDER.indexOf(risk),
        checks,
      },
    });
    ids.push(draft.id);
  }
  return { runId: run.id, ids };
}

beforeAll(async () => {
  await resetDatabase();
  await seed();
  workspaceId = (await ensureWorkspace({ slug: "risk", name: "Risk" })).id;
  const user = await db().user.create({ data: { id: newId("usr"), email: "rev@risk.example", name: "Rev", passwordHash: "x" } });
  reviewer = { userId: user.id, actor: { type: "user", id: user.id, name: "Rev" } };
});

afterAll(async () => {
  await closeQueues();
});

describe("the review queue by risk", () => {
  it("sorts riskiest first (newest first within a risk) across pages, and filters by risk", async () => {
    const { runId, ids } = await runWithRisks(["low", "high", "medium", "low", "high"]);
    const list = (query: Record<string, unknown>) => listReviewQueue(workspaceId, ReviewQueueQuery.parse({ run_id: runId, ...query }));
    const first = await list({ sort: "risk", limit: 2 });
    const second = await list({ sort: "risk", limit: 2, cursor: first.next_cursor });
    const third = await list({ sort: "risk", limit: 2, cursor: second.next_cursor });
    expect([...first.data, ...second.data, ...third.data].map((d) => d.id)).toEqual([ids[4], ids[1], ids[2], ids[3], ids[0]]);
    expect(first.total).toBe(5);
    expect(third.has_more).toBe(false);
    const low = await list({ risk: "low" });
    expect(low.data.map((d) => d.id)).toEqual([ids[3], ids[0]]);
    expect(low.total).toBe(2);
    expect(() => ReviewQueueQuery.parse({ risk: "severe" })).toThrow();
    // A newest-first cursor is not a riskiest-first one.
    const newest = await list({ limit: 2 });
    await expect(list({ sort: "risk", limit: 2, cursor: newest.next_cursor })).rejects.toThrow(/cursor/);
  });
});

describe("approving a run's low-risk drafts", () => {
  it("approves exactly the run's low-risk drafts awaiting review, and refuses another workspace's run", async () => {
    const { runId, ids } = await runWithRisks(["low", "high", "medium", "low", "low"]);
    const other = await runWithRisks(["low"]);
    await approveDraft(workspaceId, ids[4], {}, reviewer); // already approved: not counted again
    const result = await approveLowRiskDrafts(workspaceId, runId, reviewer, { sendAfter: new Date(Date.now() + 60_000) });
    expect(result.approved).toBe(2);
    expect(result.results.map((r) => r.id).sort()).toEqual([ids[0], ids[3]].sort());
    const statuses = Object.fromEntries((await db().draft.findMany({ where: { runId } })).map((d) => [d.id, d.status]));
    expect(statuses).toEqual({ [ids[0]]: "approved", [ids[1]]: "awaiting_review", [ids[2]]: "awaiting_review", [ids[3]]: "approved", [ids[4]]: "approved" });
    expect((await db().draft.findUniqueOrThrow({ where: { id: other.ids[0] } })).status).toBe("awaiting_review");
    const elsewhere = (await ensureWorkspace({ slug: "risk-other", name: "Other" })).id;
    await expect(approveLowRiskDrafts(elsewhere, runId, reviewer)).rejects.toThrow(/run/i);
  });

  it("approveDraft with a risk refuses a draft whose risk is not that one", async () => {
    const { ids } = await runWithRisks(["medium"]);
    await expect(approveDraft(workspaceId, ids[0], {}, reviewer, { risk: "low" })).rejects.toThrow(/medium risk now/);
    expect((await db().draft.findUniqueOrThrow({ where: { id: ids[0] } })).status).toBe("awaiting_review");
  });
});
