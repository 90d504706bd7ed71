import { beforeAll, describe, expect, it } from "vitest";
import { db, sqlTransaction } from "@/lib/db";
import { newId } from "@/lib/ids";
import { moveLead, moveLeads, writeLeadStageResults } from "@/lib/lifecycle/lead";
import { moveRunLead, moveRunLeads, moveRunLeadsInBatch } from "@/lib/lifecycle/run-lead";
import type { LeadStatus, RunLeadState } from "@/lib/statuses";
import { ensureWorkspace } from "@/lib/workspaces/create-workspace";
import { seed } from "@/prisma/seed/run-seed";
import { resetDatabase } from "../helpers/db";

// A move the lead or run-lead table does not hold changes nothing in the database, whichever form
// makes it (one row, many rows, the stage jobs' set-based SQL); an allowed one moves.

let workspaceId: string;
let runId: string;

beforeAll(async () => {
  await resetDatabase();
  await seed();
  workspaceId = (await ensureWorkspace({ slug: "lifecycle", name: "lifecycle" })).id;
  const pack = await db().pack.findFirstOrThrow({ where: { slug: "saas-outbound" } });
  runId = (await db().run.create({ data: { id: newId("run"), workspaceId, packId: pack.id, name: "lifecycle moves", status: "running" } })).id;
});

async function newRunLead(status: LeadStatus, state: RunLeadState, stage: string | null = null) {
  const email = `${newId("lead")}@example.com`;
  const lead = await db().lead.create({ data: { id: newId("lead"), workspaceId, email, emailLower: email, status } });
  const runLead = await db().runLead.create({
    data: { id: newId("rle"), workspaceId, runId, leadId: lead.id, state, stage, reasonCode: "kept", reasonMessage: "kept" },
  });
  return { lead, runLead };
}

const rowOf = (id: string) => db().runLead.findUniqueOrThrow({ where: { id } });
const leadOf = (id: string) => db().lead.findUniqueOrThrow({ where: { id } });

describe("refused moves", () => {
  it("leave a run lead as it was, one row or many", async () => {
    const { runLead } = await newRunLead("sent", "done", "send");
    expect(await moveRunLead(runLead.id, "running", { stage: "draft_email", reasonCode: null })).toBe(false); // done ends it
    expect(await rowOf(runLead.id)).toEqual(runLead);

    const stopped = await newRunLead("qualified", "stopped", "qualify");
    const working = await newRunLead("new", "pending");
    // cancel's move: only the states it names; a lead stopped by stop_after keeps its reason
    expect(
      await moveRunLeads(
        { runId, id: { in: [stopped.runLead.id, working.runLead.id] } },
        "stopped",
        { reasonCode: "run_canceled" },
        { from: ["pending", "running", "awaiting_review"] },
      ),
    ).toBe(1);
    expect(await rowOf(stopped.runLead.id)).toEqual(stopped.runLead);
    expect((await rowOf(working.runLead.id)).reasonCode).toBe("run_canceled");
  });

  it("leave a lead as it was: nothing goes back to new, a bounce outlasts replies", async () => {
    const { lead } = await newRunLead("bounced", "done", "send");
    expect(await moveLead(lead.id, "replied")).toBe(false);
    expect(await moveLeads([lead.id], "suppressed")).toBe(0);
    expect(await moveLead(lead.id, "new")).toBe(false);
    expect(await leadOf(lead.id)).toEqual(lead);
    expect(await moveLead(lead.id, "approved")).toBe(true); // allowed: a later run's reviewer
    expect((await leadOf(lead.id)).status).toBe("approved");
  });

  it("in the stage jobs' set-based form move only the rows the table allows", async () => {
    const ended = await newRunLead("rejected", "rejected", "qualify");
    const pending = await newRunLead("new", "pending");
    const step = (id: string) => ({ id, state: "running" as const, stage: "extract_signals", qualified: null, reasonCode: null, reasonMessage: null });
    const moved = await sqlTransaction((client) =>
      moveRunLeadsInBatch(client, [step(ended.runLead.id), step(pending.runLead.id)], { from: ["pending", "running"], notReached: ["extract_signals"] }),
    );
    expect([...moved]).toEqual([pending.runLead.id]);
    expect(await rowOf(ended.runLead.id)).toEqual(ended.runLead);
    expect(await rowOf(pending.runLead.id)).toMatchObject({ state: "running", stage: "extract_signals", reasonCode: null });

    // leads: a refused status move (to the status it has) still records what the job computed
    await sqlTransaction((client) =>
      writeLeadStageResults(client, [
        { id: ended.lead.id, signals: { seen: true }, qualification: null, to: "rejected" },
        { id: pending.lead.id, signals: null, qualification: { score: 80 }, to: "qualified" },
      ]),
    );
    expect(await leadOf(ended.lead.id)).toMatchObject({ status: "rejected", signals: { seen: true } });
    expect(await leadOf(pending.lead.id)).toMatchObject({ status: "qualified", qualification: { score: 80 } });
  });
});
