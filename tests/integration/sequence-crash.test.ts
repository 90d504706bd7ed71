import { describe, expect, it } from "vitest";
import { db, sql } from "@/lib/db";
import { createCampaign } from "@/lib/campaigns/campaigns";
import { approveDraft } from "@/lib/drafts/review-draft";
import { newId } from "@/lib/ids";
import { putRelay } from "@/lib/relay/relay-settings";
import { createRun } from "@/lib/runs/create-run";
import { resolveSend } from "@/lib/sending/resolve-send";
import { ensureWorkspace } from "@/lib/workspaces/create-workspace";
import { count, crashHarness, SYSTEM_ACTOR } from "../helpers/crash-harness";
import { eventually } from "../helpers/processes";

// Issue 26, "Done when": the worker SIGKILLed while follow-ups are due. A 3-step campaign (waits of
// 2 s) over 30 leads with a real worker process and SMTP server: the worker dies once just after a
// batch of step-2 follow-ups was committed (LEADPIPE_CRASH_AT=sequence.after-follow-ups), once
// while a batch of step-3 follow-ups was being written, before its commit (sequence.before-commit),
// and is SIGKILLed while step-2 mails go out. After each restart the test lets the scheduler's
// leases lapse at once (as five minutes would): leads whose job is still queued are claimed again,
// so a batch may run twice. Afterwards every lead has one draft per step, one send per draft, the
// SMTP server got each step's mail once per lead, threaded, and one draft.ready per draft.

const LEADS = 30;
const STEPS = 3;
const actor = SYSTEM_ACTOR;
const crash = crashHarness(() =>
  Array.from({ length: LEADS }, (_, i) => ({
    email: `lead${i}@seqcrash.example`,
    first_name: `L${i}`,
    company: `Co ${i}`,
    title: "VP of Engineering",
    industry: "Software",
    employees: "300",
    country: "US",
    notes: i % 2 === 0 ? "hiring engineers" : "",
  })),
);
const { startWorker } = crash;

/** What five minutes would do to the scheduler's leases: every claim lapses and is claimed again by the next tick. */
async function lapseLeases(runId: string) {
  await sql().query(`UPDATE run_leads SET "nextAt" = now() WHERE "runId" = $1 AND "nextAt" > now() + interval '30 seconds'`, [runId]);
}

describe("the worker SIGKILLed while follow-ups are due", () => {
  it("drafts every due follow-up once and sends it once, threaded", async () => {
    const workspace = await ensureWorkspace({ slug: "seqcrash", name: "Sequence crash" });
    await putRelay(workspace.id, { host: "127.0.0.1", port: crash.smtp.port, secure: false, from_email: "sam@seqcrash.example", from_name: "Sam" }, actor);
    const reviewer = await db().user.create({ data: { id: newId("usr"), email: "rev@seqcrash.example", name: "Rev", passwordHash: "x" } });
    const review = { userId: reviewer.id, actor };
    const campaign = await createCampaign(
      workspace.id,
      { name: "Three touches", pack: "saas-outbound", steps: [{}, { wait: "PT2S", prompt: "follow_up" }, { wait: "PT2S" }] },
      review,
    );
    await startWorker();
    const run = await createRun(workspace.id, { pack: "saas-outbound", campaign_id: campaign.id, leads_csv_url: crash.csvUrl() }, actor);
    const drafts = (step: number) => db().draft.findMany({ where: { runId: run.id, step }, select: { id: true, status: true } });
    const mails = (step: number) =>
      count(`SELECT count(*) AS n FROM sends s JOIN drafts d ON d.id = s."draftId" WHERE d."runId" = $1 AND d.step = $2 AND s.status = 'sent'`, [run.id, step]);
    const approveAll = async (step: number) => {
      for (const draft of await drafts(step)) await approveDraft(workspace.id, draft.id, {}, review);
    };
    // A kill may leave a send in doubt (its end of message on the way): resolved as a reviewer who checked the relay would.
    const atSink = () => new Set(crash.smtp.mails.map((mail) => String(mail.headers.get("message-id"))));
    const until = (done: () => Promise<boolean>) =>
      eventually(
        async () => {
          for (const send of await db().send.findMany({ where: { status: "in_doubt", draft: { runId: run.id } } }))
            await resolveSend(workspace.id, send.id, { outcome: atSink().has(send.messageId) ? "sent" : "resend" }, actor);
          await lapseLeases(run.id);
          return (await done()) || null;
        },
        { timeoutMs: 180_000, everyMs: 500 },
      );
    const crashed = (timeoutMs: number) => Promise.race([crash.worker!.exited, new Promise((resolve) => setTimeout(() => resolve(null), timeoutMs))]);

    // Step 1 drafted and approved; the worker that sends it dies just after committing its first batch of step-2 follow-ups.
    await until(async () => (await drafts(1)).length === LEADS);
    crash.worker!.child.kill("SIGKILL");
    await crash.worker!.exited;
    await startWorker({ LEADPIPE_CRASH_AT: "sequence.after-follow-ups" });
    await approveAll(1);
    expect(await crashed(60_000)).toMatchObject({ signal: "SIGKILL" });
    expect((await drafts(2)).length).toBeGreaterThan(0);
    await startWorker();
    await until(async () => (await drafts(2)).length === LEADS);

    // Step 2 approved; SIGKILLed while its mails go out; the next worker dies writing a batch of step-3 follow-ups, before its commit.
    await approveAll(2);
    await eventually(async () => ((await mails(2)) >= 1 ? true : null), { timeoutMs: 60_000, everyMs: 20 });
    crash.worker!.child.kill("SIGKILL");
    await crash.worker!.exited;
    await startWorker({ LEADPIPE_CRASH_AT: "sequence.before-commit" });
    expect(await crashed(120_000)).toMatchObject({ signal: "SIGKILL" });
    await startWorker();

    // Step 3 approved as it is drafted, until the run completes.
    await until(async () => {
      for (const draft of (await drafts(3)).filter((d) => d.status === "awaiting_review")) await approveDraft(workspace.id, draft.id, {}, review);
      return (await db().run.findUniqueOrThrow({ where: { id: run.id } })).status === "completed";
    });

    // One draft per (lead, step), each sent once; every lead's sequence completed.
    const perLead = await sql().query<{ leadId: string; steps: number[] }>(
      `SELECT "leadId", array_agg(step ORDER BY step) AS steps FROM drafts WHERE "runId" = $1 GROUP BY "leadId"`,
      [run.id],
    );
    expect(perLead.rows).toHaveLength(LEADS);
    for (const row of perLead.rows) expect(row.steps).toEqual([1, 2, 3]);
    expect(await count(`SELECT count(*) AS n FROM drafts WHERE "runId" = $1 AND status = 'sent'`, [run.id])).toBe(LEADS * STEPS);
    expect(await count(`SELECT count(*) AS n FROM sends s JOIN drafts d ON d.id = s."draftId" WHERE d."runId" = $1 AND s.status = 'sent'`, [run.id])).toBe(
      LEADS * STEPS,
    );
    const leads = await db().runLead.findMany({ where: { runId: run.id } });
    expect(leads.map((rl) => `${rl.state} ${rl.sequenceStatus} ${rl.sequenceEndedReason} ${rl.sequenceStep}`)).toEqual(
      Array(LEADS).fill("done finished completed 3"),
    );

    // The SMTP server: each step's mail once per lead (no Message-ID or draft twice), each follow-up in its lead's thread.
    const ourMails = crash.smtp.mails.filter((mail) => mail.to.some((to) => to.endsWith("@seqcrash.example")));
    expect(ourMails).toHaveLength(LEADS * STEPS);
    expect(new Set(ourMails.map((mail) => mail.headers.get("message-id"))).size).toBe(LEADS * STEPS);
    expect(new Set(ourMails.map((mail) => mail.headers.get("x-leadpipe-draft"))).size).toBe(LEADS * STEPS);
    const sent = await sql().query<{ draftId: string; messageId: string; step: number; email: string }>(
      `SELECT d.id AS "draftId", s."messageId", d.step, l.email FROM drafts d JOIN sends s ON s."draftId" = d.id JOIN leads l ON l.id = d."leadId" WHERE d."runId" = $1`,
      [run.id],
    );
    const byDraft = new Map(ourMails.map((mail) => [String(mail.headers.get("x-leadpipe-draft")), mail]));
    const messageIdOf = new Map(sent.rows.map((row) => [`${row.email}#${row.step}`, row.messageId]));
    for (const row of sent.rows) {
      const mail = byDraft.get(row.draftId);
      expect(mail?.to).toEqual([row.email]);
      expect(mail?.headers.get("message-id")).toBe(row.messageId);
      if (row.step > 1) expect(mail?.headers.get("in-reply-to")).toBe(messageIdOf.get(`${row.email}#${row.step - 1}`));
    }

    // Events: one draft.ready per draft (a batch run twice announced nothing twice), one send.completed per send.
    const events = await sql().query<{ type: string; n: string }>(
      `SELECT type, count(*) AS n FROM events WHERE data->>'run_id' = $1 AND type IN ('draft.ready', 'send.completed', 'lead.sequence_ended') GROUP BY type`,
      [run.id],
    );
    expect(Object.fromEntries(events.rows.map((row) => [row.type, Number(row.n)]))).toEqual({
      "draft.ready": LEADS * STEPS,
      "send.completed": LEADS * STEPS,
      "lead.sequence_ended": LEADS,
    });
  }, 600_000);
});
