import { Prisma } from "@/lib/generated/prisma/client.ts";

// Is this error a backing service (PostgreSQL, Redis) being unreachable? Decided by the error's
// class and its structured code, never by searching message text: the problem mapper answers these
// 503 with Retry-After instead of 500.

/** Node socket errors (`error.code`): the peer is not there. */
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "ENOTFOUND", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN"]);
/** PostgreSQL SQLSTATEs: class 08 (connection exception), admin/crash shutdown, cannot connect now, too many connections. */
const SQLSTATE = /^(08[0-9A-Z]{3}|57P01|57P02|57P03|53300)$/;
/** Prisma's codes for an unreachable or timed-out database and an exhausted connection pool. */
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
/** @prisma/adapter-pg's error kinds (DriverAdapterError's `cause.kind`) for the same. */
const ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
/** Error classes that only ever mean the service is gone, by name (ioredis's error classes are not exported, and bullmq may load its own ioredis). */
const CLASS_NAMES = new Set(["MaxRetriesPerRequestError", "PrismaClientInitializationError"]);
/**
 * The few driver errors that carry neither a class nor a code: pg's, pg-pool's and ioredis' plain
 * `Error`s for a lost or timed-out connection. Compared whole, and only on plain Errors.
 */
const UNTYPED_DRIVER_ERRORS = new Set([
  "Connection terminated unexpectedly",
  "Connection terminated due to connection timeout",
  "timeout exceeded when trying to connect", // pg, pg-pool
  "Connection is closed.",
  "Command timed out",
  "Stream isn't writeable and enableOfflineQueue options is false", // ioredis
]);

export function isInfrastructureFailure(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 3) return false;
  if (error instanceof Prisma.PrismaClientInitializationError || CLASS_NAMES.has(error.name)) return true;
  const code = (error as { code?: unknown }).code ?? (error as { errorCode?: unknown }).errorCode;
  if (typeof code === "string" && (SOCKET_CODES.has(code) || SQLSTATE.test(code) || PRISMA_CODES.has(code))) return true;
  const cause = (error as { cause?: unknown }).cause;
  if (error.name === "DriverAdapterError" && ADAPTER_KINDS.has((cause as { kind?: string } | undefined)?.kind ?? "")) return true;
  if (Object.getPrototypeOf(error) === Error.prototype && UNTYPED_DRIVER_ERRORS.has(error.message)) return true;
  return isInfrastructureFailure(cause, depth + 1);
}
