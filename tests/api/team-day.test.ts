import { beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "@/lib/db";
import { inboxCount, listInbox, stopLeadOutreach } from "@/lib/replies/inbox";
import { trackReplies } from "@/lib/replies/track-reply";
import { call, testWorkspace, type TestWorkspace } from "../helpers/api-fixtures";
import { sentWorkspace, type SentLead } from "../helpers/mailbox-fixtures";
import { eventually } from "../helpers/processes";

// Contract §12, "A team's day": run names (default from the source, PATCH /runs/{id} {name},
// audited), replies marked handled (PATCH /replies/{id} {handled}, GET /replies ?handled ?since),
// and the inbox's order (positive first, then newest) and count.

let ws: TestWorkspace;
let runId: string;
let leads: SentLead[];

beforeAll(async () => {
  ws = await testWorkspace("team-day");
  ({ runId, leads } = await sentWorkspace(ws.workspace.slug, 4, "-day"));
}, 60_000);

describe("run names", () => {
  it("default to the CSV's file name, the URL's last segment, or the leads in words; a given name wins", async () => {
    const form = new FormData();
    form.set("pack", "saas-outbound");
    form.set("stop_after", "extract_signals");
    form.set("file", new Blob(["email\nana@dental.example\n"], { type: "text/csv" }), "Dental clinics March.csv");
    const upload = await fetch(`${inject("apiUrl")}/v1/runs`, { method: "POST", headers: { authorization: `Bearer ${ws.tokens.admin}` }, body: form });
    expect(upload.status).toBe(202);
    expect(((await upload.json()) as { name: string }).name).toBe("Dental clinics March.csv");

    const named = async (body: Record<string, unknown>) => {
      const answer = await call("POST", "/v1/runs", { token: ws.tokens.admin, body: { pack: "saas-outbound", stop_after: "extract_signals", ...body } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(202);
      return answer.body.name;
    };
    expect(await named({ leads_csv_url: "https://leads.example.com/exports/clinics%20q1.csv?sig=abc" })).toBe("clinics q1.csv");
    expect(await named({ lead_ids: [leads[0].leadId] })).toBe("1 chosen lead");
    expect(await named({ lead_filter: { status: "sent", run_id: runId } })).toBe("Leads: status sent, from run “Test run”");
    expect(await named({ lead_filter: {} })).toBe("All leads");
    expect(await named({ lead_ids: [leads[0].leadId], name: "  Dental follow-up  " })).toBe("Dental follow-up");
  });

  it("PATCH /runs/{id} {name} renames (admin), audited with the old and new name; shown on the run and in the list", async () => {
    const renamed = await call("PATCH", `/v1/runs/${runId}`, { token: ws.tokens.admin, body: { name: "Dental clinics, March" } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: runId, name: "Dental clinics, March" });
    expect((await call("GET", `/v1/runs/${runId}`, { token: ws.tokens.viewer })).body.name).toBe("Dental clinics, March");
    const list = await call("GET", "/v1/runs?limit=100", { token: ws.tokens.viewer });
    expect(list.body.data!.find((run) => run.id === runId)?.name).toBe("Dental clinics, March");
    const audit = await db().auditEntry.findMany({ where: { workspaceId: ws.workspace.id, action: "run.renamed", targetId: runId } });
    expect(audit.map((entry) => entry.data)).toEqual([{ from: "Test run", to: "Dental clinics, March" }]);
    // The same name again changes nothing and writes no second entry.
    expect((await call("PATCH", `/v1/runs/${runId}`, { token: ws.tokens.admin, body: { name: "Dental clinics, March" } })).status).toBe(200);
    expect(await db().auditEntry.count({ where: { workspaceId: ws.workspace.id, action: "run.renamed", targetId: runId } })).toBe(1);
  });

  it("refuses bad names with problem+json naming the field, a reviewer with 403, another run with 404", async () => {
    for (const body of [{ name: "" }, { name: "   " }, { name: "x".repeat(121) }, { name: "two\nlines" }, { name: 7 }, {}, { name: "ok", pack: "other" }]) {
      const refused = await call("PATCH", `/v1/runs/${runId}`, { token: ws.tokens.admin, body });
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expect(refused.headers.get("content-type")).toContain("application/problem+json");
      expect(JSON.stringify(refused.body.errors), JSON.stringify(body)).toMatch(/name|pack/);
    }
    const notJson = await call("PATCH", `/v1/runs/${runId}`, { token: ws.tokens.admin, rawBody: "{name:", headers: { "content-type": "application/json" } });
    expect(notJson.status).toBe(400);
    expect((await call("PATCH", `/v1/runs/${runId}`, { token: ws.tokens.reviewer, body: { name: "Reviewer's name" } })).status).toBe(403);
    expect((await call("PATCH", "/v1/runs/run_00000000000000000000000000", { token: ws.tokens.admin, body: { name: "Nobody's" } })).status).toBe(404);
    const bad = await call("POST", "/v1/runs", { token: ws.tokens.admin, body: { pack: "saas-outbound", lead_ids: [leads[0].leadId], name: "" } });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body.errors)).toContain("name");
  });
});

describe("replies: handled, and the filters", () => {
  const replyIds: Record<string, string> = {};

  beforeAll(async () => {
    const texts = { no: "Not interested, thanks.", yes: "Sounds interesting, tell me more.", other: "Who is this?", meet: "Can we meet Thursday? Let's talk." };
    let index = 0;
    for (const [key, text] of Object.entries(texts)) {
      const lead = leads[index];
      const received = new Date(Date.now() - (10 - index) * 60_000).toISOString();
      index += 1;
      const reply = await call("POST", "/v1/replies", {
        token: ws.tokens.admin,
        body: { draft_id: lead.draftId, from: lead.email, text, received_at: received },
      });
      expect(reply.status).toBe(201);
      replyIds[key] = reply.body.id as string;
    }
    // The worker classifies them too; doing it here keeps the test from waiting on a busy queue (a second run changes nothing).
    await trackReplies(Object.values(replyIds));
    await eventually(async () => (await db().reply.count({ where: { id: { in: Object.values(replyIds) }, classifiedAt: { not: null } } })) === 4);
  }, 60_000);

  it("the classifier's confidence is its own figure, not one constant", async () => {
    const rows = await db().reply.findMany({ where: { id: { in: Object.values(replyIds) } }, select: { classification: true, confidence: true } });
    expect(rows.map((row) => row.classification).sort()).toEqual(["interested", "meeting_request", "not_interested", "question"]);
    expect(new Set(rows.map((row) => row.confidence)).size).toBeGreaterThan(1);
  });

  it("PATCH {handled} marks a reply handled (reviewer), audited; the filters find it", async () => {
    const marked = await call("PATCH", `/v1/replies/${replyIds.no}`, { token: ws.tokens.reviewer, body: { handled: true } });
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({
      id: replyIds.no,
      handled: true,
      handled_by: ws.users.reviewer.id,
      handled_at: expect.any(String),
      classification: "not_interested",
    });
    const handled = await call("GET", "/v1/replies?handled=true", { token: ws.tokens.viewer });
    expect(handled.body.data!.map((reply) => reply.id)).toEqual([replyIds.no]);
    const open = await call("GET", "/v1/replies?handled=false", { token: ws.tokens.viewer });
    expect(open.body.data!.map((reply) => reply.id).sort()).toEqual([replyIds.yes, replyIds.other, replyIds.meet].sort());
    expect(
      (await db().auditEntry.findMany({ where: { workspaceId: ws.workspace.id, targetId: replyIds.no }, select: { action: true } })).map(
        (entry) => entry.action,
      ),
    ).toEqual(["reply.handled"]);

    // Both at once: a correction and handled; back to not handled.
    const both = await call("PATCH", `/v1/replies/${replyIds.other}`, { token: ws.tokens.admin, body: { classification: "interested", handled: true } });
    expect(both.body).toMatchObject({ classification: "interested", classifier_classification: "question", handled: true });
    const back = await call("PATCH", `/v1/replies/${replyIds.other}`, { token: ws.tokens.reviewer, body: { handled: false } });
    expect(back.body).toMatchObject({ handled: false, handled_at: null, handled_by: null });
    expect(
      (await db().auditEntry.findMany({ where: { targetId: replyIds.other }, orderBy: { id: "asc" }, select: { action: true } })).map((entry) => entry.action),
    ).toEqual(["reply.corrected", "reply.handled", "reply.unhandled"]);
  });

  it("since= keeps replies received at or after the time", async () => {
    const third = await db().reply.findUniqueOrThrow({ where: { id: replyIds.other } });
    const since = await call("GET", `/v1/replies?since=${encodeURIComponent(third.receivedAt.toISOString())}`, { token: ws.tokens.viewer });
    expect(since.body.data!.map((reply) => reply.id).sort()).toEqual([replyIds.other, replyIds.meet].sort());
    const future = await call("GET", `/v1/replies?since=${encodeURIComponent("2999-01-01T00:00:00+02:00")}&handled=false`, { token: ws.tokens.viewer });
    expect(future.body.data).toEqual([]);
  });

  it("bad filters are 400 and bad bodies 422 (problem+json); a viewer may not mark", async () => {
    for (const query of ["handled=yes", "handled=1", "handled=", "since=yesterday", "since=2026-01-01", "since=2026-13-01T00:00:00Z"]) {
      const refused = await call("GET", `/v1/replies?${query}`, { token: ws.tokens.viewer });
      expect(refused.status, query).toBe(400);
      expect(refused.headers.get("content-type"), query).toContain("application/problem+json");
    }
    for (const body of [{}, { handled: "yes" }, { handled: null }, { handled: true, extra: 1 }, { classification: "spam" }]) {
      const refused = await call("PATCH", `/v1/replies/${replyIds.yes}`, { token: ws.tokens.reviewer, body });
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expect(refused.headers.get("content-type")).toContain("application/problem+json");
    }
    expect((await call("PATCH", `/v1/replies/${replyIds.yes}`, { token: ws.tokens.viewer, body: { handled: true } })).status).toBe(403);
    expect((await db().reply.findUniqueOrThrow({ where: { id: replyIds.yes } })).handledAt).toBeNull();
  });

  it("the inbox lists positive replies first, then the rest, each newest first, across pages; counts the unhandled; stops outreach by suppression", async () => {
    const all = await listInbox(ws.workspace.id, { limit: 25 });
    // other was corrected to interested: positives are meet (newest), other, yes; then no.
    expect(all.data.map((reply) => reply.id)).toEqual([replyIds.meet, replyIds.other, replyIds.yes, replyIds.no]);
    expect(all.data[0]).toMatchObject({
      positive: true,
      run: { id: runId, name: "Dental clinics, March" },
      sent: { draft_id: leads[3].draftId, subject: "Quick question" },
      lead: { email: leads[3].email },
    });
    const paged: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await listInbox(ws.workspace.id, { limit: 1, cursor });
      paged.push(...page.data.map((reply) => reply.id));
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    expect(paged).toEqual(all.data.map((reply) => reply.id));
    expect((await listInbox(ws.workspace.id, { limit: 25, handled: false })).data.map((reply) => reply.id)).toEqual([
      replyIds.meet,
      replyIds.other,
      replyIds.yes,
    ]);

    expect(await inboxCount(ws.workspace.id)).toEqual({ unhandled: 3 });
    await call("PATCH", `/v1/replies/${replyIds.meet}`, { token: ws.tokens.reviewer, body: { handled: true } });
    expect(await inboxCount(ws.workspace.id)).toEqual({ unhandled: 2 });

    const actor = { type: "user" as const, id: ws.users.reviewer.id, name: "Reviewer" };
    expect(await stopLeadOutreach(ws.workspace.id, replyIds.yes, "Talking to them by phone", actor)).toEqual({
      email: leads[1].email,
      suppressed: true,
      already: false,
    });
    expect((await db().suppression.findFirstOrThrow({ where: { workspaceId: ws.workspace.id, emailLower: leads[1].email } })).reason).toBe(
      "Stopped from the inbox: Talking to them by phone",
    );
    expect((await stopLeadOutreach(ws.workspace.id, replyIds.yes, "again", actor)).already).toBe(true);
    expect((await listInbox(ws.workspace.id, { limit: 25 })).data.find((reply) => reply.id === replyIds.yes)).toMatchObject({ outreach_stopped: true });
    await expect(stopLeadOutreach(ws.workspace.id, "rpl_00000000000000000000000000", "x", actor)).rejects.toThrow();
  });
});
