import { DriverAdapterError } from "@prisma/driver-adapter-utils";
import { MaxRetriesPerRequestError } from "ioredis/built/errors";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { Prisma } from "@/lib/generated/prisma/client.ts";
import { isInfrastructureFailure } from "@/lib/http/infrastructure";

const socketError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, errno: -111, syscall: "connect" });

describe("isInfrastructureFailure", () => {
  it("recognises an unreachable PostgreSQL or Redis by the error's class and code", () => {
    expect(isInfrastructureFailure(socketError("ECONNREFUSED"))).toBe(true);
    expect(isInfrastructureFailure(new Error("query failed", { cause: socketError("ECONNRESET") }))).toBe(true);
    const shutdown = Object.assign(new pg.DatabaseError("terminating connection due to administrator command", 0, "error"), { code: "57P01" });
    expect(isInfrastructureFailure(shutdown)).toBe(true);
    expect(isInfrastructureFailure(new MaxRetriesPerRequestError(1))).toBe(true);
    expect(isInfrastructureFailure(new Prisma.PrismaClientInitializationError("Can't reach database server", "6.19.3", "P1001"))).toBe(true);
    expect(
      isInfrastructureFailure(new Prisma.PrismaClientKnownRequestError("Timed out fetching a new connection", { code: "P2024", clientVersion: "6.19.3" })),
    ).toBe(true);
    expect(isInfrastructureFailure(new DriverAdapterError({ kind: "DatabaseNotReachable", host: "127.0.0.1", port: 5432 }))).toBe(true);
  });

  it("does not read meaning into messages: the same words in an ordinary error, or a query error, are not an outage", () => {
    expect(isInfrastructureFailure(new Error("boom"))).toBe(false);
    expect(isInfrastructureFailure(new Error("upstream said ECONNREFUSED"))).toBe(false);
    expect(isInfrastructureFailure(new TypeError("Connection terminated unexpectedly"))).toBe(false);
    expect(isInfrastructureFailure(new Prisma.PrismaClientKnownRequestError("Unique constraint failed", { code: "P2002", clientVersion: "6.19.3" }))).toBe(
      false,
    );
    const syntax = Object.assign(new pg.DatabaseError("syntax error", 0, "error"), { code: "42601" });
    expect(isInfrastructureFailure(syntax)).toBe(false);
    expect(isInfrastructureFailure(new DriverAdapterError({ kind: "UniqueConstraintViolation", constraint: undefined }))).toBe(false);
    expect(isInfrastructureFailure("ECONNREFUSED")).toBe(false);
  });
});
