import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { newId } from "@/lib/ids";
import { DRAFT_STATUSES, LEAD_STATUSES, RUN_LEAD_STATES, RUN_STATUSES, SEND_STATUSES } from "@/lib/statuses";
import { call, testWorkspace, type TestWorkspace } from "../helpers/api-fixtures";

// Every status a lifecycle can write (lib/statuses.ts, the same lists the CHECK constraints hold)
// is accepted by its /v1 filter, finds the rows holding it, and is named by the OpenAPI document.
// A status written by the code but left out of a schema (leads `bounced` once) fails here.

type Parameter = { name: string; in: string; schema?: { enum?: string[] } };
type Document = {
  paths: Record<string, Record<string, { parameters?: Parameter[] }>>;
  components: { schemas: Record<string, { properties?: Record<string, { enum?: string[] }> }> };
};

let ws: TestWorkspace;
let document: Document;
const filterEnum = (path: string, name: string) =>
  document.paths[path.replace(/^\/v1/, "")].get.parameters?.find((parameter) => parameter.in === "query" && parameter.name === name)?.schema?.enum;
const sorted = (values: readonly string[] | undefined) => [...(values ?? [])].sort();

beforeAll(async () => {
  ws = await testWorkspace("status-filters");
  document = (await call("GET", "/v1/openapi.json", { token: null })).body as unknown as Document;
});

describe("status filters walk every status", () => {
  it("leads: each status filters to the lead holding it, and the document lists them all", async () => {
    const ids: Record<string, string> = {};
    for (const status of LEAD_STATUSES) {
      ids[status] = newId("lead");
      const email = `${status}@status-filters.example`;
      await db().lead.create({ data: { id: ids[status], workspaceId: ws.workspace.id, email, emailLower: email, status } });
    }
    for (const status of LEAD_STATUSES) {
      const answer = await call("GET", `/v1/leads?status=${status}`, { token: ws.tokens.viewer });
      expect(answer.status, status).toBe(200);
      expect(
        answer.body.data!.map((lead) => [lead.id, lead.status]),
        status,
      ).toEqual([[ids[status], status]]);
    }
    expect(sorted(filterEnum("/v1/leads", "status"))).toEqual(sorted(LEAD_STATUSES));
    expect(sorted(document.components.schemas.Lead.properties?.status.enum)).toEqual(sorted(LEAD_STATUSES));
  });

  it("runs and run leads: each status and state is a valid filter, named by the document", async () => {
    const pack = await db().pack.findFirstOrThrow({ where: { workspace: { slug: "system" } } });
    const runIds: Record<string, string> = {};
    for (const status of RUN_STATUSES) {
      runIds[status] = newId("run");
      await db().run.create({ data: { id: runIds[status], name: "Test run", workspaceId: ws.workspace.id, packId: pack.id, status } });
    }
    const runId = runIds.running;
    const leadIds: Record<string, string> = {};
    for (const state of RUN_LEAD_STATES) {
      const email = `run-lead-${state}@status-filters.example`;
      const lead = await db().lead.create({ data: { id: newId("lead"), workspaceId: ws.workspace.id, email, emailLower: email } });
      leadIds[state] = lead.id;
      await db().runLead.create({ data: { id: newId("rle"), workspaceId: ws.workspace.id, runId, leadId: lead.id, state } });
    }
    for (const status of RUN_STATUSES) {
      const answer = await call("GET", `/v1/runs?status=${status}`, { token: ws.tokens.viewer });
      expect(answer.status, status).toBe(200);
      expect(
        answer.body.data!.map((run) => run.id),
        status,
      ).toEqual([runIds[status]]);
    }
    for (const state of RUN_LEAD_STATES) {
      const answer = await call("GET", `/v1/runs/${runId}/leads?state=${state}`, { token: ws.tokens.viewer });
      expect(answer.status, state).toBe(200);
      expect(
        answer.body.data!.map((row) => [(row.lead as { id: string }).id, row.state]),
        state,
      ).toEqual([[leadIds[state], state]]);
    }
    expect(sorted(filterEnum("/v1/runs", "status"))).toEqual(sorted(RUN_STATUSES));
    expect(sorted(filterEnum("/v1/runs/{id}/leads", "state"))).toEqual(sorted(RUN_LEAD_STATES));
  });

  it("drafts: each status is a valid filter, named by the document", async () => {
    for (const status of DRAFT_STATUSES) {
      const answer = await call("GET", `/v1/drafts?status=${status}`, { token: ws.tokens.viewer });
      expect(answer.status, status).toBe(200);
    }
    expect(sorted(filterEnum("/v1/drafts", "status"))).toEqual(sorted(DRAFT_STATUSES));
    expect(sorted(document.components.schemas.Draft.properties?.status.enum)).toEqual(sorted(DRAFT_STATUSES));
  });

  it("sends: each status is a valid filter, named by the document", async () => {
    for (const status of SEND_STATUSES) {
      const answer = await call("GET", `/v1/sends?status=${status}`, { token: ws.tokens.viewer });
      expect(answer.status, status).toBe(200);
    }
    expect(sorted(filterEnum("/v1/sends", "status"))).toEqual(sorted(SEND_STATUSES));
  });

  it("an unknown status is a 400 problem naming the allowed values", async () => {
    const answer = await call("GET", "/v1/leads?status=lost", { token: ws.tokens.viewer });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain("bounced");
  });
});
