import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { newId } from "@/lib/ids";
import { leadRow, type LeadRow } from "@/lib/imports/columns";
import { insertLeadBatch } from "@/lib/imports/insert-batch";
import { importRunCsv } from "@/lib/imports/import-run";
import { ensureWorkspace } from "@/lib/workspaces/create-workspace";
import { seed } from "@/prisma/seed/run-seed";
import { resetDatabase } from "../helpers/db";
import { startFileServer, toCsv } from "../helpers/csv-fixtures";

// The import's COPY path: every character survives the trip, a known email joins the run as the
// lead it already is, and writing the same batch again changes nothing.

const lead = (email: string, extra: Partial<LeadRow> = {}): LeadRow => ({ ...leadRow(email), ...extra });

beforeAll(async () => {
  await resetDatabase();
  await seed();
});

async function newRun(workspaceId: string) {
  const pack = await db().pack.findFirstOrThrow({ where: { slug: "saas-outbound" } });
  return db().run.create({ data: { id: newId("run"), name: "Test run", workspaceId, packId: pack.id, status: "importing" } });
}

describe("insertLeadBatch", () => {
  it("keeps tabs, newlines, backslashes, quotes, unicode and \\N text intact", async () => {
    const workspace = await ensureWorkspace({ slug: "copy-chars", name: "Copy chars" });
    const run = await newRun(workspace.id);
    const notes = 'line one\nline two\r\n\ttabbed \\ back\\slash "quoted" \\N 💡 Zoë ‮';
    const joined = await insertLeadBatch(workspace.id, run.id, [
      lead("Ada@Example.com", { first_name: "Ada\tTab", notes, employees: 42, attributes: { "odd key\t": "va\\lue\n" } }),
      lead("bob@example.com"),
    ]);
    expect(joined).toBe(2);
    const ada = await db().lead.findFirstOrThrow({ where: { workspaceId: workspace.id, emailLower: "ada@example.com" } });
    expect(ada).toMatchObject({ email: "Ada@Example.com", firstName: "Ada\tTab", notes, employees: 42, attributes: { "odd key\t": "va\\lue\n" } });
    const bob = await db().lead.findFirstOrThrow({ where: { workspaceId: workspace.id, emailLower: "bob@example.com" } });
    expect(bob).toMatchObject({ firstName: null, notes: null, employees: null });
  });

  it("joins known leads to a new run unchanged, and a repeated batch adds nothing", async () => {
    const workspace = await ensureWorkspace({ slug: "copy-repeat", name: "Copy repeat" });
    const first = await newRun(workspace.id);
    await insertLeadBatch(workspace.id, first.id, [lead("carol@example.com", { company: "Old Co" })]);
    const second = await newRun(workspace.id);
    const batch = [lead("CAROL@example.com", { company: "New Co" }), lead("dan@example.com")];
    expect(await insertLeadBatch(workspace.id, second.id, batch)).toBe(2);
    expect(await insertLeadBatch(workspace.id, second.id, batch)).toBe(0);
    expect(await db().lead.count({ where: { workspaceId: workspace.id } })).toBe(2);
    expect(await db().runLead.count({ where: { runId: second.id } })).toBe(2);
    const carol = await db().lead.findFirstOrThrow({ where: { workspaceId: workspace.id, emailLower: "carol@example.com" } });
    expect(carol.company).toBe("Old Co");
  });
});

describe("importRunCsv", () => {
  it("counts every lead when several batches are written at once", async () => {
    const workspace = await ensureWorkspace({ slug: "copy-many", name: "Copy many" });
    const rows = Array.from({ length: 23_456 }, (_, i) => ({ email: `lead${i}@many.example`, first_name: `L${i}` }));
    const files = await startFileServer(new Map([["/many.csv", toCsv(rows)]]));
    try {
      const run = await db().run.update({ where: { id: (await newRun(workspace.id)).id }, data: { leadsCsvUrl: `${files.url}/many.csv` } });
      expect(await importRunCsv(run)).toEqual({ rows: 23_456, imported: 23_456, invalidRows: 0 });
      expect(await db().runLead.count({ where: { runId: run.id } })).toBe(23_456);
      expect(await db().run.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({ rows: 23_456, imported: 23_456, invalidRows: 0 });
    } finally {
      await files.close();
    }
  });

  it("drops NUL characters, which PostgreSQL text cannot hold, instead of failing", async () => {
    const workspace = await ensureWorkspace({ slug: "copy-nul", name: "Copy nul" });
    const files = await startFileServer(new Map([["/nul.csv", "email,first_name,fav\0color\nnul@example.com,Nu\0ll,bl\0ue\n"]]));
    try {
      const run = await db().run.update({ where: { id: (await newRun(workspace.id)).id }, data: { leadsCsvUrl: `${files.url}/nul.csv` } });
      expect(await importRunCsv(run)).toEqual({ rows: 1, imported: 1, invalidRows: 0 });
      const lead = await db().lead.findFirstOrThrow({ where: { workspaceId: workspace.id } });
      expect(lead).toMatchObject({ firstName: "Null", attributes: { favcolor: "blue" } });
    } finally {
      await files.close();
    }
  });
});
