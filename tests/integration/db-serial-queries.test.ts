import { afterAll, describe, expect, it } from "vitest";
import { db, sql } from "@/lib/db";
import { ensureWorkspace } from "@/lib/workspaces/create-workspace";

// lib/db.ts's pool hands out clients that send their queries one after another themselves, so pg
// never queues a second query on a busy client (deprecated; pg@9 drops it) — Prisma's interpreter
// sends a transaction's relation loads at once on the transaction's one client.

type Internals = { _queryQueue: unknown[] };

afterAll(async () => {
  await db().$disconnect();
});

describe("pooled clients", () => {
  it("queue concurrent queries themselves, in call order, and pg's own queue stays empty", async () => {
    const client = await sql().connect();
    try {
      const order: number[] = [];
      const first = client.query("SELECT pg_sleep(0.05), 1 AS n").then((r) => order.push(r.rows[0].n));
      const second = client.query("SELECT 2 AS n").then((r) => order.push(r.rows[0].n));
      const failing = client.query("SELECT * FROM no_such_table").catch(() => order.push(-1));
      const third = client.query("SELECT 3 AS n").then((r) => order.push(r.rows[0].n));
      expect((client as unknown as Internals)._queryQueue.length).toBe(0);
      await Promise.all([first, second, failing, third]);
      expect(order).toEqual([1, 2, -1, 3]);
    } finally {
      client.release();
    }
  });

  it("let a Prisma transaction load several relations with no deprecation warning", async () => {
    const warnings: string[] = [];
    const listen = (warning: Error) => warnings.push(warning.message);
    process.on("warning", listen);
    try {
      const workspace = await ensureWorkspace({ slug: "serial-queries", name: "Serial queries" });
      const loaded = await db().$transaction((tx) =>
        tx.workspace.findUnique({ where: { id: workspace.id }, include: { memberships: true, runs: true, leads: true, campaigns: true } }),
      );
      expect(loaded?.id).toBe(workspace.id);
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off("warning", listen);
    }
    expect(warnings.filter((message) => message.includes("already executing a query"))).toEqual([]);
  });
});
