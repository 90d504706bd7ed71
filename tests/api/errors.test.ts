import { connect } from "node:net";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { call, testWorkspace, type TestWorkspace } from "../helpers/api-fixtures";

let ws: TestWorkspace;
beforeAll(async () => {
  ws = await testWorkspace("errors");
});

describe("problem+json errors", () => {
  it("400 invalid_json for a broken body", async () => {
    const answer = await call("POST", "/v1/leads", { token: ws.tokens.admin, rawBody: '{"email": ', headers: { "content-type": "application/json" } });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ type: "/docs/errors#invalid_json", title: "Invalid JSON", status: 400, code: "invalid_json" });
    expect(answer.body.request_id).toMatch(/^req_/);
    expect(answer.headers.get("x-request-id")).toBe(answer.body.request_id);
  });

  it("415 for another media type", async () => {
    const answer = await call("POST", "/v1/leads", {
      token: ws.tokens.admin,
      rawBody: "email=a@b.co",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(answer.status).toBe(415);
    expect(answer.body.code).toBe("unsupported_media_type");
  });

  it("413 for a JSON body over 1 MiB", async () => {
    const answer = await call("POST", "/v1/leads", {
      token: ws.tokens.admin,
      body: { email: "big@example.com", attributes: { notes: "x".repeat(1024 * 1024) } },
    });
    expect(answer.status).toBe(413);
    expect(answer.body.code).toBe("payload_too_large");
  });

  it("413 for a body over 1 MiB only once the body is in: a client that writes all of it first still reads the answer", async () => {
    // A server that answers before reading closes the connection under a client still writing (Node's
    // fetch then fails with EPIPE and never sees the 413). Up to 16 MiB, the body is read and dropped
    // first: nothing is answered while half of it is still to come.
    const url = new URL(inject("apiUrl"));
    const socket = connect(Number(url.port), url.hostname);
    await new Promise((resolve) => socket.once("connect", resolve));
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString()));
    const size = 3 * 1024 * 1024;
    socket.write(
      `POST /v1/leads HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${ws.tokens.admin}\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`,
    );
    socket.write(Buffer.alloc(size / 2, "x"));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(answer).toBe("");
    socket.write(Buffer.alloc(size / 2, "x"));
    const deadline = Date.now() + 10_000;
    while (!answer.includes("payload_too_large") && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    socket.destroy();
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain("application/problem+json");
  });

  it("422 names each bad field", async () => {
    const answer = await call("POST", "/v1/leads", { token: ws.tokens.admin, body: { email: "not-an-email", linkedin_url: "ftp://x", color: "blue" } });
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe("validation_failed");
    const paths = (answer.body.errors as { path: string }[]).map((e) => e.path).sort();
    expect(paths).toEqual(["color", "email", "linkedin_url"]);
  });

  it("422 when a required field is missing", async () => {
    const answer = await call("POST", "/v1/leads", { token: ws.tokens.admin, body: {} });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual([{ path: "email", message: "is required" }]);
  });

  it("400 invalid_request for a bad query parameter", async () => {
    for (const query of ["limit=0", "limit=101", "limit=ten", "unknown=1", "status=sleeping"]) {
      const answer = await call("GET", `/v1/leads?${query}`, { token: ws.tokens.admin });
      expect(answer.status, query).toBe(400);
      expect(answer.body.code).toBe("invalid_request");
    }
  });

  it("405 with Allow for an unsupported method", async () => {
    const answer = await call("DELETE", "/v1/leads", { token: ws.tokens.admin });
    expect(answer.status).toBe(405);
    expect(answer.headers.get("allow")).toBe("GET, POST");
    expect(answer.body.code).toBe("method_not_allowed");
  });

  it("404 problem for an unknown path", async () => {
    const answer = await call("GET", "/v1/nothing/here", { token: ws.tokens.admin });
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe("not_found");
    expect(answer.headers.get("content-type")).toBe("application/problem+json");
  });

  it("404 for a malformed id", async () => {
    for (const id of ["lead_123", "..%2F..%2Fetc%2Fpasswd", "lead_01JD0000000000000000000000", "%00"]) {
      const answer = await call("GET", `/v1/leads/${id}`, { token: ws.tokens.admin });
      expect(answer.status, id).toBe(404);
      expect(answer.body.code).toBe("not_found");
    }
  });

  it("404 problem, not Next's bare 500, for percent-escapes that are not UTF-8, under /v1 and /api/web", async () => {
    for (const path of [
      "/v1/leads/%zz",
      "/v1/packs/%ED%A0%80",
      "/v1/runs/%FF%FE/leads",
      "/api/web/drafts/%zz",
      "/api/web/providers/%FF%FE",
      "/api/web/webhook-endpoints/%ED%A0%80/deliveries",
    ]) {
      const answer = await call("GET", path, { token: ws.tokens.admin });
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get("content-type"), path).toBe("application/problem+json");
      expect(answer.body).toMatchObject({ code: "not_found", request_id: expect.stringMatching(/^req_/) });
    }
  });

  it("every authenticated answer carries the rate-limit headers and a request id", async () => {
    const answer = await call("GET", "/v1/leads", { token: ws.tokens.admin });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("x-request-id")).toMatch(/^req_[0-9a-z]{26}$/);
    expect(answer.headers.get("x-ratelimit-limit")).toBe("120");
    expect(Number(answer.headers.get("x-ratelimit-remaining"))).toBeGreaterThan(200);
    expect(Number(answer.headers.get("x-ratelimit-reset"))).toBeGreaterThan(Date.now() / 1000 - 5);
  });
});
