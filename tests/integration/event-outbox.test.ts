import { beforeAll, describe, expect, it } from "vitest";
import { db, sqlTransaction } from "@/lib/db";
import { insertEvents, recordEvents, type OutboxEvent } from "@/lib/events/outbox";
import { newId } from "@/lib/ids";
import { ensureWorkspace } from "@/lib/workspaces/create-workspace";
import { resetDatabase } from "../helpers/db";

// Producers write events through the outbox, which checks each event's data against its kind's
// schema (lib/events/catalog.ts): an event that breaks it fails the transaction, so the state
// change it would announce does not commit either.

beforeAll(resetDatabase);

const bad = { type: "send.completed", data: { lead_id: "lead_x", draft_id: "drf_x", run_id: "run_x", message_id: "<m@x>" } } as unknown as OutboxEvent;
const good: OutboxEvent = { type: "draft.approved", data: { lead_id: "lead_x", draft_id: "drf_x", run_id: "run_x", reviewer: "usr_x", edited: false } };

describe("the outbox", () => {
  it("writes events whose data fits, and refuses one that breaks its schema with the state change", async () => {
    const workspace = await ensureWorkspace({ slug: "outbox", name: "outbox" });
    await db().$transaction((tx) => recordEvents(tx, workspace.id, [good]));
    expect(await db().event.count({ where: { workspaceId: workspace.id } })).toBe(1);

    const audit = newId("aud");
    await expect(
      db().$transaction(async (tx) => {
        await tx.auditEntry.create({ data: { id: audit, workspaceId: workspace.id, actorType: "user", actorId: "usr_x", actorName: "x", action: "x", targetType: "x", targetId: "x" } });
        await recordEvents(tx, workspace.id, [good, bad]);
      }),
    ).rejects.toThrow(/accepted_at/);
    await expect(sqlTransaction((client) => insertEvents(client, workspace.id, [bad]))).rejects.toThrow(/accepted_at/);
    expect(await db().event.count({ where: { workspaceId: workspace.id } })).toBe(1);
    expect(await db().auditEntry.findUnique({ where: { id: audit } })).toBeNull();
  });
});
