import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { newId } from "@/lib/ids";
import { getLead } from "@/lib/leads/get-lead";
import { call, testWorkspace, type TestWorkspace } from "../helpers/api-fixtures";

let ws: TestWorkspace;
let other: TestWorkspace;
beforeAll(async () => {
  ws = await testWorkspace("leads");
  other = await testWorkspace("leads-other");
});

describe("leads", () => {
  it("creates (201 + Location), fetches and lists a lead", async () => {
    const created = await call("POST", "/v1/leads", {
      token: ws.tokens.admin,
      body: {
        email: "Grace.Hopper@Example.com",
        first_name: "Grace",
        last_name: "Hopper",
        company: "Navy",
        title: "Rear Admiral",
        domain: "navy.mil",
        linkedin_url: "https://linkedin.com/in/grace",
        attributes: { cobol: true },
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      email: "Grace.Hopper@Example.com",
      first_name: "Grace",
      status: "new",
      signals: null,
      qualification: null,
      attributes: { cobol: true },
    });
    expect(created.body.id).toMatch(/^lead_[0-9a-z]{26}$/);
    expect(created.body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(created.headers.get("location")).toBe(`/v1/leads/${created.body.id}`);

    const fetched = await call("GET", `/v1/leads/${created.body.id}`, { token: ws.tokens.viewer });
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual(created.body);

    const byEmail = await call("GET", "/v1/leads?email=grace.hopper@example.com", { token: ws.tokens.viewer });
    expect(byEmail.body.data!.map((lead) => lead.id)).toEqual([created.body.id]);
  });

  it("409 lead_exists with lead_id for the same email in any case", async () => {
    const first = await call("POST", "/v1/leads", { token: ws.tokens.admin, body: { email: "dup@example.com" } });
    const second = await call("POST", "/v1/leads", { token: ws.tokens.admin, body: { email: "DUP@example.com" } });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: "lead_exists", lead_id: first.body.id });
  });

  it("keeps workspaces apart: another workspace's lead is 404 and not listed", async () => {
    const theirs = await call("POST", "/v1/leads", { token: other.tokens.admin, body: { email: "theirs@example.com" } });
    expect((await call("GET", `/v1/leads/${theirs.body.id}`, { token: ws.tokens.admin })).status).toBe(404);
    const list = await call("GET", "/v1/leads?email=theirs@example.com", { token: ws.tokens.admin });
    expect(list.body.data).toEqual([]);
    // The same email may exist in both workspaces.
    expect((await call("POST", "/v1/leads", { token: ws.tokens.admin, body: { email: "theirs@example.com" } })).status).toBe(201);
  });

  it("reads asked for in the same moment share a query, and each still finds only its own workspace's lead", async () => {
    const mine = (await call("POST", "/v1/leads", { token: ws.tokens.admin, body: { email: "batched-mine@example.com", company: "Mine" } })).body;
    const theirs = (await call("POST", "/v1/leads", { token: other.tokens.admin, body: { email: "batched-theirs@example.com", company: "Theirs" } })).body;
    // Called together, in one turn of the event loop: one batch (lib/leads/get-lead.ts).
    const answers = await Promise.allSettled([
      getLead(ws.workspace.id, mine.id as string),
      getLead(other.workspace.id, mine.id as string),
      getLead(ws.workspace.id, theirs.id as string),
      getLead(other.workspace.id, theirs.id as string),
      getLead(ws.workspace.id, mine.id as string),
      getLead(ws.workspace.id, newId("lead")),
    ]);
    const outcome = (answer: PromiseSettledResult<{ id: string; company: string | null }>) =>
      answer.status === "fulfilled" ? `${answer.value.id} ${answer.value.company}` : (answer.reason as Error).constructor.name;
    expect(answers.map(outcome)).toEqual([`${mine.id} Mine`, "NotFound", "NotFound", `${theirs.id} Theirs`, `${mine.id} Mine`, "NotFound"]);
    // Nothing is cached between batches: a change is seen by the next read.
    await db().lead.update({ where: { id: mine.id as string }, data: { company: "Renamed" } });
    expect((await getLead(ws.workspace.id, mine.id as string)).company).toBe("Renamed");
  });

  it("filters by status", async () => {
    const lead = await call("POST", "/v1/leads", { token: ws.tokens.admin, body: { email: "q@example.com" } });
    await db().lead.update({ where: { id: lead.body.id as string }, data: { status: "qualified" } });
    const qualified = await call("GET", "/v1/leads?status=qualified", { token: ws.tokens.admin });
    expect(qualified.body.data!.map((l) => l.id)).toEqual([lead.body.id]);
  });
});

describe("pagination", () => {
  let paged: TestWorkspace;
  let ids: string[];

  beforeAll(async () => {
    paged = await testWorkspace("paging");
    ids = Array.from({ length: 250 }, () => newId("lead"));
    await db().lead.createMany({
      data: ids.map((id, i) => ({ id, workspaceId: paged.workspace.id, email: `p${i}@example.com`, emailLower: `p${i}@example.com` })),
    });
  });

  it("walks 250 leads with limit=7: all, once each, newest first", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `limit=7&cursor=${encodeURIComponent(cursor)}` : "limit=7";
      const page = await call("GET", `/v1/leads?${query}`, { token: paged.tokens.admin });
      expect(page.status).toBe(200);
      expect(page.body.data!.length).toBeLessThanOrEqual(7);
      seen.push(...page.body.data!.map((lead) => lead.id as string));
      cursor = page.body.next_cursor as string | null;
      expect(page.body.has_more).toBe(cursor !== null);
      pages++;
    } while (cursor);
    expect(pages).toBe(36);
    expect(seen).toEqual([...ids].reverse());
  });

  it("400 for a garbled cursor and for another list's or workspace's cursor", async () => {
    const first = await call("GET", "/v1/leads?limit=2", { token: paged.tokens.admin });
    const cursor = first.body.next_cursor as string;
    for (const bad of ["garbage", `${cursor}x`, cursor.replace(/^./, "Z")]) {
      const answer = await call("GET", `/v1/leads?cursor=${encodeURIComponent(bad)}`, { token: paged.tokens.admin });
      expect(answer.status, bad).toBe(400);
      expect(answer.body.code).toBe("invalid_request");
    }
    expect((await call("GET", `/v1/leads?cursor=${encodeURIComponent(cursor)}`, { token: ws.tokens.admin })).status).toBe(400);
    expect((await call("GET", `/v1/audit?cursor=${encodeURIComponent(cursor)}`, { token: paged.tokens.admin })).status).toBe(400);
  });
});
