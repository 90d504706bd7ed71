import { MaxRetriesPerRequestError } from "ioredis/built/errors";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { isInfrastructureFailure } from "@/lib/api/infrastructure";
import { toAppError } from "@/lib/api/problem";
import { Prisma } from "@/lib/generated/prisma/client.ts";

const socketError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, errno: -111, syscall: "connect" });

describe("toAppError", () => {
  it("answers 503 when Redis gives up on a request (ioredis MaxRetriesPerRequestError, seen during a Redis restart)", () => {
    expect(toAppError(new MaxRetriesPerRequestError(1), "req_x")).toMatchObject({ status: 503, code: "service_unavailable" });
    expect(toAppError(new Error("Command timed out"), "req_x")).toMatchObject({ status: 503 });
  });

  it("answers 503 when PostgreSQL is unreachable, 500 for anything else", () => {
    expect(toAppError(new Error("Connection terminated unexpectedly"), "req_x")).toMatchObject({ status: 503 });
    expect(toAppError(new Error("boom"), "req_x")).toMatchObject({ status: 500, code: "internal" });
  });
});

describe("isInfrastructureFailure", () => {
  it("recognises failures by their type and code", () => {
    expect(isInfrastructureFailure(socketError("ECONNREFUSED"))).toBe(true);
    expect(isInfrastructureFailure(new Error("query failed", { cause: socketError("ECONNRESET") }))).toBe(true);
    const shutdown = Object.assign(new pg.DatabaseError("terminating connection due to administrator command", 0, "error"), { code: "57P01" });
    expect(isInfrastructureFailure(shutdown)).toBe(true);
    expect(isInfrastructureFailure(new Prisma.PrismaClientKnownRequestError("Can't reach database server", { code: "P1001", clientVersion: "6.19.3" }))).toBe(true);
    expect(isInfrastructureFailure(Object.assign(new Error("adapter"), { name: "DriverAdapterError", cause: { kind: "DatabaseNotReachable" } }))).toBe(true);
  });

  it("is not fooled by message text: a unique violation or an error quoting ECONNREFUSED is a 500", () => {
    const unique = Object.assign(new pg.DatabaseError("duplicate key value violates unique constraint", 0, "error"), { code: "23505" });
    expect(isInfrastructureFailure(unique)).toBe(false);
    expect(isInfrastructureFailure(new Error("the CSV host said ECONNREFUSED; Connection is closed"))).toBe(false);
    expect(isInfrastructureFailure(new TypeError("Connection is closed."))).toBe(false);
    expect(toAppError(Object.assign(new Error("P1001 DatabaseNotReachable"), { name: "MaxRetriesPerRequestError" }), "req_x")).toMatchObject({ status: 500 });
  });
});
