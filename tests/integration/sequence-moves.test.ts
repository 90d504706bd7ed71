import { beforeAll, describe, expect, it } from "vitest";
import { db, sql, sqlTransaction } from "@/lib/db";
import { newId } from "@/lib/ids";
import { awaitNextStep, claimDue, finishSequences, movedToDraftedStep, pauseSequence, renewLeases, settleClaimed } from "@/lib/lifecycle/sequence";
import { timing } from "@/lib/config/timing";
import { advanceSequences } from "@/lib/sequences/draft-follow-ups";
import { tickSequences } from "@/lib/sequences/tick";
import { ensureWorkspace } from "@/lib/workspaces/create-workspace";
import { seed } from "@/prisma/seed/run-seed";
import { resetDatabase } from "../helpers/db";

// The sequence lifecycle's conditional moves (lib/lifecycle/sequence.ts) against PostgreSQL: a
// finished sequence never moves again, a pause keeps the later time, the scheduler's claim takes
// only due leads (oldest first, skipping locked ones) and leases them, and a claim settles only
// at the step it was made for. The table itself is unit-tested (lib/lifecycle/sequence.test.ts).

let workspaceId: string;
let packId: string;
let withSteps: string;
let withoutSteps: string;

const STEPS = [
  { step: 1, wait: null, waitSeconds: null },
  { step: 2, wait: "PT1H", waitSeconds: 3600 },
];
const at = (iso: string) => new Date(iso);

async function newRun(steps: unknown) {
  return (
    await db().run.create({
      data: { id: newId("run"), workspaceId, packId, name: "sequence moves", status: "sending", ...(steps ? { steps: steps as object } : {}) },
    })
  ).id;
}

async function newRunLead(runId: string, data: { sequenceStatus?: string; sequenceStep?: number; nextAt?: Date } = {}) {
  const email = `${newId("lead")}@example.com`;
  const lead = await db().lead.create({ data: { id: newId("lead"), workspaceId, email, emailLower: email, status: "sent" } });
  return (await db().runLead.create({ data: { id: newId("rle"), workspaceId, runId, leadId: lead.id, state: "running", stage: "send", ...data } })).id;
}

const read = (id: string) =>
  db().runLead.findUniqueOrThrow({ where: { id }, select: { sequenceStatus: true, sequenceStep: true, sequenceEndedReason: true, nextAt: true } });

beforeAll(async () => {
  await resetDatabase();
  await seed();
  workspaceId = (await ensureWorkspace({ slug: "sequence-moves", name: "sequence moves" })).id;
  packId = (await db().pack.findFirstOrThrow({ where: { slug: "saas-outbound" } })).id;
  withSteps = await newRun(STEPS);
  withoutSteps = await newRun(null);
});

describe("sequence moves", () => {
  it("after a send: a new sequence waits for its next step; a paused one keeps the later time; a finished one stays finished", async () => {
    const fresh = await newRunLead(withSteps);
    expect(await sqlTransaction((c) => awaitNextStep(c, fresh, 1, at("2030-01-01T10:00:00Z")))).toBe(true);
    expect(await read(fresh)).toMatchObject({ sequenceStatus: "active", sequenceStep: 1, nextAt: at("2030-01-01T10:00:00Z") });

    const paused = await newRunLead(withSteps, { sequenceStatus: "paused", sequenceStep: 1, nextAt: at("2030-02-01T00:00:00Z") });
    expect(await sqlTransaction((c) => awaitNextStep(c, paused, 1, at("2030-01-01T10:00:00Z")))).toBe(true);
    expect(await read(paused)).toMatchObject({ sequenceStatus: "paused", nextAt: at("2030-02-01T00:00:00Z") });

    const [ended] = await sqlTransaction((c) => finishSequences(c, [fresh], "replied"));
    expect(ended).toMatchObject({ id: fresh, runId: withSteps, step: 1 });
    expect(await sqlTransaction((c) => awaitNextStep(c, fresh, 1, at("2030-01-01T10:00:00Z")))).toBe(false);
    expect(await read(fresh)).toMatchObject({ sequenceStatus: "finished", sequenceEndedReason: "replied", nextAt: null });
  });

  it("ends a sequence once, with its first reason, and only in a run that has steps", async () => {
    const lead = await newRunLead(withSteps, { sequenceStatus: "active", sequenceStep: 2, nextAt: at("2030-01-01T00:00:00Z") });
    const noSequence = await newRunLead(withoutSteps);
    expect((await sqlTransaction((c) => finishSequences(c, [lead, noSequence], "bounced"))).map((row) => row.id)).toEqual([lead]);
    expect(await sqlTransaction((c) => finishSequences(c, [lead], "replied"))).toEqual([]);
    expect(await read(lead)).toMatchObject({ sequenceStatus: "finished", sequenceEndedReason: "bounced", sequenceStep: 2, nextAt: null });
    expect(await read(noSequence)).toMatchObject({ sequenceStatus: null, sequenceEndedReason: null });
  });

  it("pauses until the later of the return date and the due time; never a finished sequence or a run without steps", async () => {
    const dueLater = await newRunLead(withSteps, { sequenceStatus: "active", sequenceStep: 1, nextAt: at("2030-03-01T00:00:00Z") });
    expect(await sqlTransaction((c) => pauseSequence(c, dueLater, at("2030-02-01T00:00:00Z")))).toBe(true);
    expect(await read(dueLater)).toMatchObject({ sequenceStatus: "paused", nextAt: at("2030-03-01T00:00:00Z") });
    const waiting = await newRunLead(withSteps); // waiting for review: no status, no nextAt
    expect(await sqlTransaction((c) => pauseSequence(c, waiting, at("2030-02-01T00:00:00Z")))).toBe(true);
    expect(await read(waiting)).toMatchObject({ sequenceStatus: "paused", sequenceStep: 1, nextAt: at("2030-02-01T00:00:00Z") });
    await sqlTransaction((c) => finishSequences(c, [waiting], "stopped"));
    expect(await sqlTransaction((c) => pauseSequence(c, waiting, at("2030-04-01T00:00:00Z")))).toBe(false);
    const noSequence = await newRunLead(withoutSteps);
    expect(await sqlTransaction((c) => pauseSequence(c, noSequence, at("2030-04-01T00:00:00Z")))).toBe(false);
  });

  it("claims due leads oldest first, skips those another tick holds, and leases each claim", async () => {
    await sql().query(`UPDATE run_leads SET "nextAt" = NULL`);
    const now = Date.now();
    const oldest = await newRunLead(withSteps, { sequenceStatus: "active", sequenceStep: 1, nextAt: new Date(now - 30_000) });
    const older = await newRunLead(withSteps, { sequenceStatus: "active", sequenceStep: 1, nextAt: new Date(now - 20_000) });
    const held = await newRunLead(withSteps, { sequenceStatus: "active", sequenceStep: 1, nextAt: new Date(now - 25_000) });
    const notDue = await newRunLead(withSteps, { sequenceStatus: "active", sequenceStep: 1, nextAt: new Date(now + 60_000) });

    const other = await sql().connect();
    try {
      await other.query("BEGIN");
      await other.query(`SELECT id FROM run_leads WHERE id = $1 FOR UPDATE`, [held]);
      const first = await sqlTransaction((c) => claimDue(c, 1, 300));
      expect(first.map((row) => row.id)).toEqual([oldest]);
      const rest = await sqlTransaction((c) => claimDue(c, 10, 300));
      expect(rest).toEqual([{ id: older, runId: withSteps }]); // `held` is locked by the other tick, `notDue` is not due
    } finally {
      await other.query("ROLLBACK");
      other.release();
    }
    const leased = (await read(oldest)).nextAt!.getTime();
    expect(leased).toBeGreaterThan(now + 290_000);
    expect((await read(notDue)).nextAt!.getTime()).toBe(now + 60_000);
    expect((await sqlTransaction((c) => claimDue(c, 10, 300))).map((row) => row.id)).toEqual([held]); // released: claimed by the next tick
    expect(await sqlTransaction((c) => claimDue(c, 10, 300))).toEqual([]);
  });

  // Issue 34: a crash between the tick's claim and its job (or Redis losing its last second) used to
  // cost the lead the whole 300 s lease; the lease is the timing config's (30 s) and a job that
  // starts renews it, so only lost work waits it out.
  it("a tick leases its claims for the timing config's lease (seconds, not minutes); a job renews it when it starts", async () => {
    await sql().query(`UPDATE run_leads SET "nextAt" = NULL`);
    const due = await newRunLead(withSteps, { sequenceStatus: "active", sequenceStep: 1, nextAt: new Date(Date.now() - 1_000) });
    const before = Date.now();
    expect(await tickSequences(10)).toBe(1);
    const lease = timing().sequenceLeaseSeconds * 1000;
    expect(lease).toBeLessThanOrEqual(60_000);
    const leasedUntil = (await read(due)).nextAt!.getTime();
    expect(leasedUntil).toBeGreaterThanOrEqual(before + lease - 2_000);
    expect(leasedUntil).toBeLessThanOrEqual(Date.now() + lease + 2_000);
    // A job starts (here: after waiting in a queue) on a lead whose lease is about to lapse: the
    // lead is leased again from now before anything else (the run without steps then stops there).
    const queued = await newRunLead(withoutSteps, { sequenceStatus: "active", sequenceStep: 1, nextAt: new Date(Date.now() + 1_000) });
    await advanceSequences(withoutSteps, [queued]);
    expect((await read(queued)).nextAt!.getTime()).toBeGreaterThan(Date.now() + lease - 5_000);
  });

  it("settles a claim only at the step it was made for, never a finished sequence", async () => {
    const atStep1 = await newRunLead(withSteps, { sequenceStatus: "active", sequenceStep: 1, nextAt: at("2030-01-01T00:00:00Z") });
    const atStep3 = await newRunLead(withSteps, { sequenceStatus: "active", sequenceStep: 3, nextAt: at("2030-01-01T00:00:00Z") });
    const finished = await newRunLead(withSteps, { sequenceStatus: "active", sequenceStep: 1, nextAt: at("2030-01-01T00:00:00Z") });
    await sqlTransaction((c) => finishSequences(c, [finished], "replied"));
    const moved = await sqlTransaction((c) =>
      settleClaimed(c, [
        { id: atStep1, step: 2, nextAt: null },
        { id: atStep3, step: 2, nextAt: null },
        { id: finished, step: 2, nextAt: null },
      ]),
    );
    expect([...moved]).toEqual([atStep1]);
    expect(await read(atStep1)).toMatchObject({ sequenceStatus: "active", sequenceStep: 2, nextAt: null });
    expect(await read(atStep3)).toMatchObject({ sequenceStep: 3, nextAt: at("2030-01-01T00:00:00Z") });
    expect(await read(finished)).toMatchObject({ sequenceStatus: "finished", sequenceStep: 1 });
    // Settling again (a job run twice) changes nothing that matters: same step, same time.
    expect([...(await sqlTransaction((c) => settleClaimed(c, [{ id: atStep1, step: 2, nextAt: null }])))]).toEqual([atStep1]);
    expect(await read(atStep1)).toMatchObject({ sequenceStep: 2, nextAt: null });
  });

  it("renews the lease of claimed leads a job still works on, never of a lead whose sequence ended or that is merely due", async () => {
    const leased = await newRunLead(withSteps, { sequenceStatus: "active", sequenceStep: 1, nextAt: new Date(Date.now() + 10_000) });
    const ended = await newRunLead(withSteps, { sequenceStatus: "active", sequenceStep: 1, nextAt: new Date(Date.now() + 10_000) });
    await sqlTransaction((c) => finishSequences(c, [ended], "replied"));
    const due = new Date(Date.now() - 60_000);
    const notClaimed = await newRunLead(withSteps, { sequenceStatus: "active", sequenceStep: 1, nextAt: due });
    await sqlTransaction((c) => renewLeases(c, [leased, ended, notClaimed], 300));
    expect((await read(leased)).nextAt!.getTime()).toBeGreaterThan(Date.now() + 290_000);
    expect((await read(ended)).nextAt).toBeNull();
    expect((await read(notClaimed)).nextAt).toEqual(due);
  });

  it("a drafted step moves the sequence and the run lead in one write, both or neither: only a running lead at the step before, never a finished one", async () => {
    const due = at("2030-01-01T00:00:00Z");
    const running = await newRunLead(withSteps, { sequenceStatus: "active", sequenceStep: 1, nextAt: due });
    const finished = await newRunLead(withSteps, { sequenceStatus: "active", sequenceStep: 1, nextAt: due });
    await sqlTransaction((c) => finishSequences(c, [finished], "replied"));
    const stopped = await newRunLead(withSteps, { sequenceStatus: "active", sequenceStep: 1, nextAt: due });
    await db().runLead.update({ where: { id: stopped }, data: { state: "stopped" } });
    const ahead = await newRunLead(withSteps, { sequenceStatus: "active", sequenceStep: 3, nextAt: due });
    const rows = [running, finished, stopped, ahead].map((id) => ({ id, step: 2 }));
    expect([...(await sqlTransaction((c) => movedToDraftedStep(c, rows, "send")))]).toEqual([running]);
    const state = (id: string) =>
      db().runLead.findUniqueOrThrow({ where: { id }, select: { state: true, sequenceStatus: true, sequenceStep: true, nextAt: true } });
    expect(await state(running)).toEqual({ state: "awaiting_review", sequenceStatus: "active", sequenceStep: 2, nextAt: null });
    expect(await state(finished)).toMatchObject({ state: "running", sequenceStatus: "finished", sequenceStep: 1 });
    expect(await state(stopped)).toEqual({ state: "stopped", sequenceStatus: "active", sequenceStep: 1, nextAt: due }); // neither column moved
    expect(await state(ahead)).toEqual({ state: "running", sequenceStatus: "active", sequenceStep: 3, nextAt: due });
    expect([...(await sqlTransaction((c) => movedToDraftedStep(c, rows, "send")))]).toEqual([]); // a job run twice: nothing moves again
  });

  it("a pause that ends while the lead's follow-up awaits review: active again, nothing scheduled (not claimed again every lease)", async () => {
    const runLeadId = await newRunLead(withSteps, { sequenceStep: 2 });
    const { leadId } = await db().runLead.update({ where: { id: runLeadId }, data: { state: "awaiting_review" } });
    const draft = (step: number, status: string) =>
      db().draft.create({ data: { id: newId("drf"), workspaceId, leadId, runId: withSteps, runLeadId, step, subject: `step ${step}`, body: "…", status } });
    const first = await draft(1, "sent");
    await db().send.create({
      data: { id: newId("snd"), workspaceId, draftId: first.id, messageId: `<${first.id}@example.com>`, status: "sent", acceptedAt: new Date() },
    });
    await draft(2, "awaiting_review");
    expect(await sqlTransaction((c) => pauseSequence(c, runLeadId, new Date(Date.now() - 1_000)))).toBe(true); // the return date has come
    await sqlTransaction((c) => claimDue(c, 10, 300));
    expect(await advanceSequences(withSteps, [runLeadId])).toEqual({ drafted: 0, resumed: 0 });
    expect(await read(runLeadId)).toMatchObject({ sequenceStatus: "active", sequenceStep: 2, nextAt: null });
  });
});
