import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { DRAFT_INCLUDE, presentDraft } from "@/lib/drafts/present-draft";
import { approveDraft } from "@/lib/drafts/review-draft";
import { newId } from "@/lib/ids";
import { closeQueues, enqueue, queue } from "@/lib/queues";
import { leadRow } from "@/lib/imports/columns";
import { insertLeadBatch } from "@/lib/imports/insert-batch";
import { putRelay } from "@/lib/relay/relay-settings";
import { queuePendingSpamScores, queueSpamScores, queueSpamScoresFirst, scoreDraft } from "@/lib/spam/score-draft";
import { CLEAN_DRAFT, SPAMMY_DRAFT } from "@/lib/spam/test-messages";
import { ensureWorkspace } from "@/lib/workspaces/create-workspace";
import { seed } from "@/prisma/seed/run-seed";
import { resetDatabase } from "../helpers/db";
import { draftsAwaitingReview } from "../helpers/draft-fixtures";
import { eventually, freePort, getJson, spawnWorker, type Spawned } from "../helpers/processes";

// The spam-score job end to end: drafts queued after they are written or edited, scored by a real
// worker against the real spamd that `npm test` starts (scripts/lib/spamd.mjs), as the message
// the send would compose (From the workspace's sender, the unsubscribe headers).

let worker: Spawned | undefined;
let workspaceId = "";
const actor = { type: "system" as const, id: "tests", name: "tests" };

beforeAll(async () => {
  await resetDatabase();
  await seed();
  workspaceId = (await ensureWorkspace({ slug: "spam-score", name: "Spam score" })).id;
  await putRelay(workspaceId, { host: "127.0.0.1", port: 2525, secure: false, from_email: "ada@northwind.example", from_name: "Ada Lovelace" }, actor);
  const port = await freePort();
  worker = spawnWorker({ WORKER_PORT: String(port), SPAM_SCORING: "true" }); // the suite's workers leave scores pending
  await eventually(async () => (await getJson(`http://127.0.0.1:${port}/readyz`)).status === 200, { timeoutMs: 90_000 });
});
afterAll(async () => {
  worker?.child.kill("SIGKILL");
  await closeQueues();
});

async function draftsWith(texts: { subject: string; body: string }[]): Promise<string[]> {
  const emails = texts.map((_, i) => `lead${i}-${Date.now()}@contoso.example`);
  const { draftIds } = await draftsAwaitingReview(workspaceId, emails);
  for (const [i, id] of draftIds.entries()) await db().draft.update({ where: { id }, data: texts[i] });
  return draftIds;
}

const scored = (id: string) =>
  eventually(
    async () => {
      const draft = await db().draft.findUniqueOrThrow({ where: { id }, include: DRAFT_INCLUDE });
      return draft.spamStatus !== "pending" && presentDraft(draft);
    },
    { timeoutMs: 60_000 },
  );

describe("spam-score job (real worker, real spamd)", () => {
  it("scores a clean draft below 2 and a spam-laden one above 5 with a warn check; the risk follows", async () => {
    const [cleanId, spammyId] = await draftsWith([CLEAN_DRAFT, SPAMMY_DRAFT]);
    const before = presentDraft(await db().draft.findUniqueOrThrow({ where: { id: spammyId }, include: DRAFT_INCLUDE }));
    expect(before.spam_score).toEqual({ status: "pending", score: null, rules: [], scored_at: null });

    await queueSpamScores([cleanId, spammyId]);
    const clean = await scored(cleanId);
    const spammy = await scored(spammyId);
    console.log(`SpamAssassin: clean draft ${clean.spam_score.score}, spam-laden draft ${spammy.spam_score.score}`);

    expect(clean.spam_score.status).toBe("scored");
    expect(clean.spam_score.score).toBeLessThan(2);
    expect(clean.checks.filter((c) => c.code === "spam_score")).toEqual([]);
    expect(clean.risk).toBe("low");

    expect(spammy.spam_score.status).toBe("scored");
    expect(spammy.spam_score.score).toBeGreaterThan(5);
    expect(spammy.spam_score.rules.length).toBeGreaterThan(0);
    expect(spammy.spam_score.scored_at).not.toBeNull();
    const check = spammy.checks.find((c) => c.code === "spam_score");
    expect(check).toMatchObject({ severity: "warn", field: "body", span: null });
    expect(check!.message).toContain(String(spammy.spam_score.score));
    expect(check!.message).toContain(spammy.spam_score.rules[0].name);
    expect(spammy.risk).toBe("medium");
    expect((await db().draft.findUniqueOrThrow({ where: { id: spammyId } })).riskRank).toBe(1);
  });

  it("drafts written by a pipeline run are queued and scored", async () => {
    const pack = await db().pack.findFirstOrThrow({ where: { slug: "saas-outbound" } });
    const run = await db().run.create({
      data: { id: newId("run"), name: "Spam run", workspaceId, packId: pack.id, status: "running", stopAfter: "draft_email" },
    });
    const leads = [0, 1, 2].map((i) =>
      leadRow(`vp${i}@firm${i}.example`, { first_name: `Ana${i}`, company: `Firm ${i}`, title: "VP Engineering", employees: 200, industry: "Software" }),
    );
    await insertLeadBatch(workspaceId, run.id, leads);
    const runLeadIds = (await db().runLead.findMany({ where: { runId: run.id }, select: { id: true } })).map((row) => row.id);
    await enqueue("stage", { v: 1, runId: run.id, stage: "extract_signals", runLeadIds, batch: "spam-0" });
    const drafts = await eventually(
      async () => {
        const rows = await db().draft.findMany({ where: { runId: run.id } });
        return rows.length > 0 && rows.every((row) => row.spamStatus === "scored") && rows;
      },
      { timeoutMs: 90_000 },
    );
    for (const draft of drafts) expect(draft.spamScore).toBeLessThan(5);
  });

  it("an edit at approval makes the score pending and the worker scores the edited text", async () => {
    const [id] = await draftsWith([SPAMMY_DRAFT]);
    await queueSpamScores([id]);
    expect((await scored(id)).spam_score.score).toBeGreaterThan(5);

    const reviewer = await db().user.create({ data: { id: newId("usr"), email: `rev${Date.now()}@example.com`, name: "Rev", passwordHash: "x" } });
    // The test lead has no notes, so the clean text's names are unsupported claims: approved with a reason.
    const approved = await approveDraft(workspaceId, id, { ...CLEAN_DRAFT, override_reason: "checked by hand" }, { userId: reviewer.id, actor });
    expect(approved.spam_score.status).toBe("pending");
    expect(approved.checks.some((c) => c.code === "spam_score")).toBe(false);

    const rescored = await scored(id);
    expect(rescored.spam_score.score).toBeLessThan(2);
    expect(rescored.checks.some((c) => c.code === "spam_score")).toBe(false);
  });

  it("a draft a reviewer reads is scored before the backlog queued ahead of it", async () => {
    // spamd scores a few messages a second, a run drafts hundreds: what a person reads next goes first.
    const ids = await draftsWith(Array.from({ length: 41 }, () => CLEAN_DRAFT));
    const [backlog, read] = [ids.slice(0, 40), ids[40]];
    const spamQueue = queue("spam-score");
    await spamQueue.pause(); // the backlog and the reviewer's read are both waiting when the worker looks
    try {
      await queueSpamScores(ids); // the run's whole batch, the read draft last
      await queueSpamScoresFirst([presentDraft(await db().draft.findUniqueOrThrow({ where: { id: read }, include: DRAFT_INCLUDE }))]);
    } finally {
      await spamQueue.resume();
    }
    const readAt = new Date((await scored(read)).spam_score.scored_at!);
    // Two jobs run at once (10 drafts each): at most the one beside it is scored first, not the 40 ahead.
    expect(await db().draft.count({ where: { id: { in: backlog }, spamScoredAt: { lt: readAt } } })).toBeLessThanOrEqual(10);
    await eventually(async () => (await db().draft.count({ where: { id: { in: ids }, spamStatus: "scored" } })) === ids.length, { timeoutMs: 90_000 });
  });

  it("the sweep queues drafts whose job was lost", async () => {
    const [id] = await draftsWith([CLEAN_DRAFT]);
    await db().$executeRaw`UPDATE drafts SET "updatedAt" = now() - interval '5 minutes' WHERE id = ${id}`;
    expect(await queuePendingSpamScores(new Set())).toBeGreaterThanOrEqual(1);
    expect((await scored(id)).spam_score.status).toBe("scored");
  });

  it("spamd unreachable: the score is unavailable, said by an info check that leaves the risk alone", async () => {
    const [id] = await draftsWith([SPAMMY_DRAFT]);
    const outcome = await scoreDraft(id, { spamd: { SPAMD_PORT: await freePort() } });
    expect(outcome).toBe("unavailable");
    const draft = presentDraft(await db().draft.findUniqueOrThrow({ where: { id }, include: DRAFT_INCLUDE }));
    expect(draft.spam_score).toMatchObject({ status: "unavailable", score: null, rules: [] });
    expect(draft.checks.filter((c) => c.code === "spam_score")).toEqual([expect.objectContaining({ severity: "info" })]);
    expect(draft.risk).toBe("low");
  });

  it("a score for text that changed meanwhile is not stored", async () => {
    const [id] = await draftsWith([SPAMMY_DRAFT]);
    // Scored while an edit lands: the edit's own job scores the new text.
    const racing = scoreDraft(id);
    await db().draft.update({ where: { id }, data: { body: `${CLEAN_DRAFT.body}\n` } });
    const outcome = await racing;
    const row = await db().draft.findUniqueOrThrow({ where: { id } });
    if (outcome === "changed")
      expect(row.spamStatus).toBe("pending"); // loaded before the edit: nothing stored
    else {
      expect(outcome).toBe("scored"); // loaded after the edit: the clean text was scored
      expect(row.spamScore).toBeLessThan(2);
    }
  });
});
