import { describe, expect, it } from "vitest";
import { toAppError } from "@/lib/http/problem";

describe("toAppError", () => {
  it("answers 503 when Redis gives up on a request (ioredis MaxRetriesPerRequestError, seen during a Redis restart)", () => {
    const error = Object.assign(new Error('Reached the max retries per request limit (which is 1). Refer to "maxRetriesPerRequest" option for details.'), {
      name: "MaxRetriesPerRequestError",
    });
    expect(toAppError(error, "req_x")).toMatchObject({ status: 503, code: "service_unavailable" });
    expect(toAppError(new Error("Command timed out"), "req_x")).toMatchObject({ status: 503 });
  });

  it("answers 503 when PostgreSQL is unreachable, 500 for anything else", () => {
    expect(toAppError(new Error("Connection terminated unexpectedly"), "req_x")).toMatchObject({ status: 503 });
    expect(toAppError(new Error("boom"), "req_x")).toMatchObject({ status: 500, code: "internal" });
  });
});
