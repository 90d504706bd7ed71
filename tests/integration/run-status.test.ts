import { beforeAll, describe, expect, it } from "vitest";
import { db, sql } from "@/lib/db";
import { newId } from "@/lib/ids";
import { cancelRun } from "@/lib/runs/cancel-run";
import { moveRun, settleRun } from "@/lib/lifecycle/run";
import { STATUS_COLUMNS } from "@/lib/statuses";
import { ensureWorkspace } from "@/lib/workspaces/create-workspace";
import { seed } from "@/prisma/seed/run-seed";
import { resetDatabase } from "../helpers/db";

// Status columns take only the values of lib/statuses.ts, whoever writes them (Prisma or raw SQL),
// and a run's status moves only along lib/lifecycle/run.ts's table.

beforeAll(async () => {
  await resetDatabase();
  await seed();
});

async function newRun(status: string) {
  const workspace = await ensureWorkspace({ slug: "run-status", name: "run-status" });
  const pack = await db().pack.findFirstOrThrow({ where: { slug: "saas-outbound" } });
  return db().run.create({ data: { id: newId("run"), name: "Test run", workspaceId: workspace.id, packId: pack.id, status } });
}

describe("status columns", () => {
  it("have a CHECK constraint listing exactly the shared constants", async () => {
    for (const { table, column, values } of STATUS_COLUMNS) {
      const { rows } = await sql().query<{ def: string }>(
        `SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = $1::regclass AND conname = $2`,
        [table, `${table}_${column}_check`],
      );
      expect(rows, `${table}.${column}`).toHaveLength(1);
      expect([...rows[0].def.matchAll(/'([a-z_]+)'/g)].map((match) => match[1]).sort()).toEqual([...values].sort());
    }
  });

  it("refuse an unknown status from Prisma and from raw SQL", async () => {
    await expect(newRun("almost_done")).rejects.toThrow(/runs_status_check/);
    const run = await newRun("running");
    await expect(db().run.update({ where: { id: run.id }, data: { status: "Running" } })).rejects.toThrow(/runs_status_check/);
    await expect(sql().query(`UPDATE runs SET status = 'bogus' WHERE id = $1`, [run.id])).rejects.toMatchObject({
      code: "23514",
      constraint: "runs_status_check",
    });
    await expect(sql().query(`UPDATE drafts SET status = 'bogus'`)).resolves.toBeDefined(); // no rows: nothing to refuse
    await expect(
      sql().query(`INSERT INTO deliveries (id, "workspaceId", "eventId", "endpointId", status) VALUES ('dly_x', 'ws', 'evt', 'whe', 'lost')`),
    ).rejects.toMatchObject({ code: "23514" });
  });
});

describe("run status moves", () => {
  it("follow the transition table and never leave an ended run", async () => {
    const run = await newRun("queued");
    expect(await moveRun(run.id, "running")).toBe(false); // queued → running skips the import
    expect(await moveRun(run.id, "importing", { startedAt: new Date() })).toBe(true);
    expect(await moveRun(run.id, "importing")).toBe(true); // a retried import
    expect(await moveRun(run.id, "running", {}, { from: ["importing"] })).toBe(true);
    await settleRun(run.id); // no leads: nothing left to do
    expect((await db().run.findUniqueOrThrow({ where: { id: run.id } })).status).toBe("completed");
    for (const to of ["running", "canceled", "failed", "importing"] as const) expect(await moveRun(run.id, to)).toBe(false);
    expect((await db().run.findUniqueOrThrow({ where: { id: run.id } })).status).toBe("completed");
  });

  it("let cancel stop a running run once, and refuse an ended one with 409 naming its status", async () => {
    const actor = { type: "system" as const, id: "tests", name: "tests" };
    const running = await newRun("running");
    expect((await cancelRun(running.workspaceId, running.id, actor)).status).toBe("canceled");
    await expect(cancelRun(running.workspaceId, running.id, actor)).rejects.toMatchObject({ status: 409, message: "The run is already canceled." });
    const completed = await newRun("completed");
    await expect(cancelRun(completed.workspaceId, completed.id, actor)).rejects.toMatchObject({ status: 409, message: "The run is already completed." });
    expect((await db().run.findUniqueOrThrow({ where: { id: completed.id } })).status).toBe("completed");
  });

  it("scope a move by workspace when asked", async () => {
    const run = await newRun("running");
    expect(await moveRun(run.id, "canceled", {}, { workspaceId: "ws_someone_else" })).toBe(false);
    expect(await moveRun(run.id, "canceled", {}, { workspaceId: run.workspaceId })).toBe(true);
  });
});
