import { describe, expect, it } from "vitest";
import { db, sql } from "@/lib/db";
import { approveDraft } from "@/lib/drafts/review-draft";
import { putRelay } from "@/lib/relay/relay-settings";
import { resolveSend } from "@/lib/sending/resolve-send";
import { createRun } from "@/lib/runs/create-run";
import { ensureWorkspace } from "@/lib/workspaces/create-workspace";
import { newId } from "@/lib/ids";
import { count, crashHarness, SYSTEM_ACTOR } from "../helpers/crash-harness";
import { eventually } from "../helpers/processes";

// SIGKILL the worker three times during a 5,000-lead run, and twice while its drafts are sent.
// Afterwards every lead is in exactly one terminal state, no lead has two drafts, and no draft has
// two sends. PostgreSQL holds the truth; BullMQ hands a dead worker's jobs out again.

const LEADS = 5_000;
// A killed worker's jobs come back once BullMQ sees them stalled: the lock lapses (15 s), then two
// stalled checks 15 s apart, so ~45 s plus the new worker's start before work resumes.
const AFTER_KILL_MS = 120_000;
const actor = SYSTEM_ACTOR;
const crash = crashHarness(() =>
  Array.from({ length: LEADS }, (_, i) => ({
    email: `lead${i}@crash.example`,
    first_name: `L${i}`,
    company: `Co ${i % 97}`,
    title: i % 3 === 0 ? "Office Manager" : "VP of Engineering",
    industry: i % 3 === 0 ? "Food" : "Software",
    employees: "300",
    country: "US",
    notes: i % 5 === 0 ? "hiring" : "",
  })),
);
const { startWorker, killWorker } = crash;

describe("worker crashes during a run", () => {
  it("lose nothing and double nothing", async () => {
    const workspace = await ensureWorkspace({ slug: "crash", name: "Crash" });
    await putRelay(workspace.id, { host: "127.0.0.1", port: crash.smtp.port, secure: false, from_email: "sam@crash.example", from_name: "Sam" }, actor);
    await startWorker();
    const run = await createRun(workspace.id, { pack: "saas-outbound", leads_csv_url: crash.csvUrl() }, actor);

    // Three kills at different points of the machine stages.
    for (const threshold of [LEADS * 0.3, LEADS * 1.2, LEADS * 2.2]) {
      await eventually(async () => (await count(`SELECT count(*) AS n FROM stage_traces WHERE "runId" = $1`, [run.id])) >= threshold, {
        timeoutMs: AFTER_KILL_MS,
        everyMs: 50,
      });
      await killWorker();
      await startWorker();
    }
    await eventually(async () => (await db().run.findUniqueOrThrow({ where: { id: run.id } })).status === "awaiting_review", {
      timeoutMs: 120_000,
      everyMs: 500,
    });

    const reviewer = await db().user.create({ data: { id: newId("usr"), email: "rev@crash.example", name: "Rev", passwordHash: "x" } });
    const drafts = await db().draft.findMany({ where: { runId: run.id }, select: { id: true } });
    for (let i = 0; i < drafts.length; i += 20) {
      await Promise.all(drafts.slice(i, i + 20).map((draft) => approveDraft(workspace.id, draft.id, {}, { userId: reviewer.id, actor })));
    }
    for (const threshold of [drafts.length * 0.25, drafts.length * 0.6]) {
      await eventually(
        async () =>
          (await count(`SELECT count(*) AS n FROM sends s JOIN drafts d ON d.id = s."draftId" WHERE d."runId" = $1 AND s.status = 'sent'`, [run.id])) >=
          threshold,
        { timeoutMs: AFTER_KILL_MS, everyMs: 50 },
      );
      await killWorker();
      await startWorker();
    }
    // A kill past `committing` leaves a send in doubt, and the run `sending`, until someone resolves
    // it: here a reviewer who checked the relay (the sink) records it sent, or has it sent again.
    let inDoubt = 0;
    const atSink = () => new Set(crash.smtp.mails.map((mail) => String(mail.headers.get("message-id"))));
    await eventually(
      async () => {
        if ((await db().run.findUniqueOrThrow({ where: { id: run.id } })).status === "completed") return true;
        const moving = await count(
          `SELECT count(*) AS n FROM run_leads rl LEFT JOIN drafts d ON d."runLeadId" = rl.id LEFT JOIN sends s ON s."draftId" = d.id
          WHERE rl."runId" = $1 AND rl.state IN ('pending', 'running', 'awaiting_review') AND s.status IS DISTINCT FROM 'in_doubt'`,
          [run.id],
        );
        if (moving > 0) return false;
        for (const send of await db().send.findMany({ where: { status: "in_doubt", draft: { runId: run.id } } })) {
          inDoubt += 1;
          await resolveSend(workspace.id, send.id, { outcome: atSink().has(send.messageId) ? "sent" : "resend" }, actor);
        }
        return false;
      },
      { timeoutMs: 180_000, everyMs: 500 },
    );

    const states = await sql().query<{ state: string; n: string }>(
      `SELECT state, count(*) AS n FROM run_leads WHERE "runId" = $1 GROUP BY state ORDER BY state`,
      [run.id],
    );
    const byState = Object.fromEntries(states.rows.map((row) => [row.state, Number(row.n)]));
    const rejected = Math.ceil(LEADS / 3);
    expect(byState).toEqual({ done: LEADS - rejected, rejected });
    expect(await count(`SELECT count(*) AS n FROM run_leads WHERE "runId" = $1`, [run.id])).toBe(LEADS);
    expect(await count(`SELECT count(*) AS n FROM (SELECT "leadId" FROM drafts WHERE "runId" = $1 GROUP BY "leadId" HAVING count(*) > 1) t`, [run.id])).toBe(0);
    expect(drafts.length).toBe(LEADS - rejected);
    expect(await count(`SELECT count(*) AS n FROM sends s JOIN drafts d ON d.id = s."draftId" WHERE d."runId" = $1 AND s.status = 'sent'`, [run.id])).toBe(
      drafts.length,
    );
    // Each lead's outbox events: one verdict from qualify, one draft.ready per draft, one send.completed per send.
    const events = await sql().query<{ type: string; n: string }>(`SELECT type, count(*) AS n FROM events WHERE data->>'run_id' = $1 GROUP BY type`, [run.id]);
    expect(Object.fromEntries(events.rows.map((row) => [row.type, Number(row.n)]))).toEqual({
      "lead.qualified": LEADS - rejected,
      "lead.rejected": rejected,
      "draft.ready": drafts.length,
      "draft.approved": drafts.length,
      "send.completed": drafts.length,
    });
    // The relay never saw a draft twice, and every send recorded sent is at the relay: a kill before
    // the end of a message leaves nothing at the relay and the send is tried again; one after
    // `committing` leaves the send in doubt, never sent again on its own nor reported sent until
    // resolved (docs/reliability.md).
    const relayed = crash.smtp.mails.map((mail) => mail.headers.get("message-id") as string);
    expect(new Set(relayed).size).toBe(relayed.length);
    const sent = await sql().query<{ messageId: string; confirmed: boolean }>(
      `SELECT s."messageId", s.confirmed FROM sends s JOIN drafts d ON d.id = s."draftId" WHERE d."runId" = $1 AND s.status = 'sent'`,
      [run.id],
    );
    const relayedSet = new Set(relayed.map((id) => id.replace(/^<|>$/g, "")));
    const missing = sent.rows.filter((send) => !relayedSet.has(send.messageId.replace(/^<|>$/g, "")));
    expect(missing).toEqual([]);
    expect(relayed.length).toBe(drafts.length);
    console.log(`crash test: ${LEADS} leads, 5 kills, ${inDoubt} sends in doubt after a kill (resolved as the sink showed)`);
  }, 600_000);
});
