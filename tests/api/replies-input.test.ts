import { beforeAll, describe, expect, it } from "vitest";
import { call, testWorkspace, type TestWorkspace } from "../helpers/api-fixtures";

// Found by an outside tester (issue 37): POST /v1/replies took a received_at in the year 9999 or
// 1970, and a malformed run_id filter on /replies, /drafts and /sends answered an empty list where
// /experiments answers 400. Both are refused now, as problem+json.

let ws: TestWorkspace;
beforeAll(async () => {
  ws = await testWorkspace("replies-input");
});

const reply = (receivedAt: string) => ({
  draft_id: "drf_01jd0000000000000000000000",
  from: "ada@engines.example",
  subject: "Re: Hello",
  text: "Sounds interesting.",
  received_at: receivedAt,
});

describe("POST /v1/replies: received_at within sane bounds", () => {
  it.each([
    ["9999-12-31T00:00:00Z", "must not be more than a day in the future"],
    [new Date(Date.now() + 3 * 86_400_000).toISOString(), "must not be more than a day in the future"],
    ["1970-01-01T00:00:00Z", "must be on or after 2000-01-01"],
    ["1999-12-31T23:59:59Z", "must be on or after 2000-01-01"],
  ])("refuses %s with 422 validation_failed", async (receivedAt, message) => {
    const answer = await call("POST", "/v1/replies", { token: ws.tokens.admin, body: reply(receivedAt) });
    expect(answer.status).toBe(422);
    expect(answer.headers.get("content-type")).toContain("application/problem+json");
    expect(answer.body).toMatchObject({ code: "validation_failed", errors: [{ path: "received_at", message }] });
  });

  it("takes a time a few hours ahead (clock skew) and one from 2000; the draft is then looked up", async () => {
    for (const receivedAt of [new Date(Date.now() + 3 * 3_600_000).toISOString(), "2000-01-01T00:00:00Z"]) {
      const answer = await call("POST", "/v1/replies", { token: ws.tokens.admin, body: reply(receivedAt) });
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual([{ path: "draft_id", message: "matches no email sent from this workspace" }]);
    }
  });
});

describe("run_id filters are run ids or 400", () => {
  it.each(["/v1/replies", "/v1/drafts", "/v1/sends"])("%s?run_id=<malformed> is 400 invalid_request, a well-formed unknown one an empty list", async (path) => {
    for (const bad of ["nope", "run_123", "run_01JD0000000000000000000000", `run_${"0".repeat(27)}`]) {
      const answer = await call("GET", `${path}?run_id=${bad}`, { token: ws.tokens.viewer });
      expect(answer.status, `${path} ${bad}`).toBe(400);
      expect(answer.body).toMatchObject({ code: "invalid_request" });
    }
    const unknown = await call("GET", `${path}?run_id=run_01jd0000000000000000000000`, { token: ws.tokens.viewer });
    expect(unknown.status).toBe(200);
    expect(unknown.body.data).toEqual([]);
  });
});
