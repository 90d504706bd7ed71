import { beforeAll, describe, expect, it } from "vitest";
import { call, testWorkspace, type TestWorkspace } from "../helpers/api-fixtures";

// POST /v1/runs/{id}/cancel over HTTP (the worker side is tests/integration): a run no worker has
// taken yet is canceled with 200 and the run; canceling it again is 409 problem+json naming why.

let ws: TestWorkspace;
beforeAll(async () => {
  ws = await testWorkspace("cancel");
});

describe("cancel a run", () => {
  it("cancels a queued run once; a second cancel is 409; a viewer may not", async () => {
    const run = await call("POST", "/v1/runs", {
      token: ws.tokens.admin,
      body: { pack: "saas-outbound", leads_csv_url: "https://leads.example.com/never-fetched.csv" },
    });
    expect(run.status, JSON.stringify(run.body)).toBe(202);
    expect((await call("POST", `/v1/runs/${run.body.id}/cancel`, { token: ws.tokens.viewer })).status).toBe(403);
    const canceled = await call("POST", `/v1/runs/${run.body.id}/cancel`, { token: ws.tokens.admin });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expect(canceled.body).toMatchObject({ id: run.body.id, status: "canceled" });
    expect((await call("GET", `/v1/runs/${run.body.id}`, { token: ws.tokens.viewer })).body.status).toBe("canceled");
    const again = await call("POST", `/v1/runs/${run.body.id}/cancel`, { token: ws.tokens.admin });
    expect(again.status).toBe(409);
    expect(again.headers.get("content-type")).toBe("application/problem+json");
    expect(again.body.code).toBe("conflict");
  });
});
