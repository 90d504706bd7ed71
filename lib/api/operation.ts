import type { z } from "zod";
import { ERROR_CODES, type ErrorCode } from "@/lib/http/error-codes";
import type { RequestShape } from "@/lib/http/parse-request";
import type { AuthContext } from "@/lib/tokens/authenticate-token";

// One /v1 operation: what it accepts, who may call it, what it answers and the function that does
// the work. Route files bind operations to paths; the OpenAPI document is built from the same list.

export type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
export type MinimumRole = "viewer" | "reviewer" | "admin";

export type HandlerResult = { status?: number; body?: unknown; location?: string; headers?: Record<string, string> };

export type HandlerContext<P, Q, B> = { params: P; query: Q; body: B; auth: AuthContext; requestId: string; request: Request };

/** Params, query, body and multipart as lib/http/parse-request.ts reads them (RequestShape). */
export type Operation<P = unknown, Q = unknown, B = unknown> = RequestShape<P, Q, B> & {
  id: string;
  method: Method;
  /** OpenAPI path under /v1, e.g. "/leads/{id}". */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  /** The least role that may call it. GET operations are read-scope; the rest need a write token. */
  role: MinimumRole;
  /** How the multipart form is documented (file parts as binary strings). */
  multipartDoc?: z.ZodType;
  /** The usual answer; `also` lists other success statuses answered with the same schema (201 created, 200 already there). */
  success: { status: 200 | 201 | 202 | 204; description: string; schema?: z.ZodType; also?: { status: 200 | 201 | 202 | 204; description: string }[] };
  /** Error codes (lib/http/error-codes.ts) this operation can answer besides those every call can. */
  errors: ErrorCode[];
  handler: (context: HandlerContext<P, Q, B>) => Promise<HandlerResult>;
};

export function defineOperation<P, Q, B>(operation: Operation<P, Q, B>): Operation<P, Q, B> {
  return operation;
}

/** Codes any operation may answer: an unknown query parameter, auth, a wrong method, rate limit, failures. */
export const COMMON_ERRORS: ErrorCode[] = [
  "invalid_request",
  "unauthenticated",
  "forbidden",
  "method_not_allowed",
  "rate_limited",
  "internal",
  "service_unavailable",
];
/** Codes any POST may answer besides: its Idempotency-Key was used with another body, or is still in progress. */
export const POST_ERRORS: ErrorCode[] = ["idempotency_conflict", "conflict"];

/** Every code an operation may answer, grouped by HTTP status in ascending order (for OpenAPI and /docs/api). */
export function operationErrors(operation: Pick<AnyOperation, "errors" | "method">): Map<number, ErrorCode[]> {
  const codes = new Set([...operation.errors, ...COMMON_ERRORS, ...(operation.method === "POST" ? POST_ERRORS : [])]);
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(ERROR_CODES[code].status, [...(byStatus.get(ERROR_CODES[code].status) ?? []), code]);
  return new Map([...byStatus].sort(([a], [b]) => a - b));
}

/** An operation with its types erased, for registries and the route wrapper. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyOperation = Operation<any, any, any>;
