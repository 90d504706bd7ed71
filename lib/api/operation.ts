import type { z } from "zod";
import type { AuthContext } from "@/lib/tokens/authenticate-token";

// One /v1 operation: what it accepts, who may call it, what it answers and the function that does
// the work. Route files bind operations to paths; the OpenAPI document is built from the same list.

export type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
export type MinimumRole = "viewer" | "reviewer" | "admin";

export type HandlerResult = { status?: number; body?: unknown; location?: string; headers?: Record<string, string> };

export type HandlerContext<P, Q, B> = { params: P; query: Q; body: B; auth: AuthContext; requestId: string; request: Request };

export type Operation<P = unknown, Q = unknown, B = unknown> = {
  id: string;
  method: Method;
  /** OpenAPI path under /v1, e.g. "/leads/{id}". */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  /** The least role that may call it. GET operations are read-scope; the rest need a write token. */
  role: MinimumRole;
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  /** The body may be left out entirely (no Content-Type, nothing sent): the handler gets undefined. */
  bodyOptional?: boolean;
  /** Also accept multipart/form-data, read into this schema (file parts as {name, bytes}). */
  multipart?: z.ZodType<B>;
  /** How the multipart form is documented (file parts as binary strings). */
  multipartDoc?: z.ZodType;
  success: { status: 200 | 201 | 202 | 204; description: string; schema?: z.ZodType };
  /** Error statuses this operation can answer besides those every authenticated call can. */
  errors: number[];
  handler: (context: HandlerContext<P, Q, B>) => Promise<HandlerResult>;
};

export function defineOperation<P, Q, B>(operation: Operation<P, Q, B>): Operation<P, Q, B> {
  return operation;
}

/** Statuses any authenticated operation may answer (documented for every operation). */
export const COMMON_ERRORS = [401, 403, 429, 500, 503];

/** An operation with its types erased, for registries and the route wrapper. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyOperation = Operation<any, any, any>;
