import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordAudit } from "@/lib/audit/record-audit";
import { closeDb, db, sqlTransaction } from "@/lib/db";
import { insertEvents, recordEvents, type OutboxEvent } from "@/lib/events/outbox";
import { ensureWorkspace } from "@/lib/workspaces/create-workspace";
import { resetDatabase } from "../helpers/db";

// Producers write events through the outbox, which checks each event's data against its kind's
// schema (lib/events/catalog.ts): an event that breaks it fails the transaction, so the state
// change it would announce does not commit either.

beforeAll(resetDatabase);
afterAll(closeDb);

const good: OutboxEvent = { type: "draft.approved", data: { lead_id: "lead_x", draft_id: "drf_x", run_id: "run_x", reviewer: "usr_x", edited: false } };
// accepted_at is missing: a producer's bug the type checker would have caught, forced past it here.
const bad = { type: "send.completed", data: { lead_id: "lead_x", draft_id: "drf_x", run_id: "run_x", message_id: "<m@x>" } } as unknown as OutboxEvent;

describe("the outbox", () => {
  it("writes events whose data fits their kind, through Prisma and through pg", async () => {
    const workspace = await ensureWorkspace({ slug: "outbox-good", name: "outbox good" });
    await db().$transaction((tx) => recordEvents(tx, workspace.id, [good]));
    await sqlTransaction((client) => insertEvents(client, workspace.id, [{ type: "lead.rejected", data: { lead_id: "lead_x", run_id: "run_x", stage: "send", reason: { code: "suppressed", message: "On the list." } } }]));
    const rows = await db().event.findMany({ where: { workspaceId: workspace.id }, orderBy: { type: "asc" } });
    expect(rows.map((row) => [row.type, row.data])).toEqual([["draft.approved", good.data], ["lead.rejected", { lead_id: "lead_x", run_id: "run_x", stage: "send", reason: { code: "suppressed", message: "On the list." } }]]);
  });

  it("refuses an event whose data breaks its schema, and the state change written with it does not commit", async () => {
    const workspace = await ensureWorkspace({ slug: "outbox-bad", name: "outbox bad" });
    const actor = { type: "system" as const, id: "test", name: "test" };
    const auditBefore = await db().auditEntry.count({ where: { workspaceId: workspace.id } });
    await expect(
      db().$transaction(async (tx) => {
        await recordAudit(tx, { workspaceId: workspace.id, actor, action: "webhook.test_sent", target: { type: "webhook_endpoint", id: "whe_x" } });
        await recordEvents(tx, workspace.id, [good, bad]);
      }),
    ).rejects.toThrow(/send\.completed.*accepted_at/);
    await expect(sqlTransaction((client) => insertEvents(client, workspace.id, [good, bad]))).rejects.toThrow(/accepted_at/);
    await expect(sqlTransaction((client) => insertEvents(client, workspace.id, [{ ...good, data: { ...good.data, edited: "yes" } } as unknown as OutboxEvent]))).rejects.toThrow(/edited/);
    expect(await db().event.count({ where: { workspaceId: workspace.id } })).toBe(0);
    expect(await db().auditEntry.count({ where: { workspaceId: workspace.id } })).toBe(auditBefore);
  });
});
