import { type AnyOperation, type HandlerResult, type Method, type MinimumRole } from "@/lib/api/operation";
import { HttpProblem, problemResponse, toAppError } from "@/lib/http/problem";
import { authenticateAndLimit } from "@/lib/api/access";
import { AppError, Forbidden } from "@/lib/errors";
import { parseRequest } from "@/lib/http/parse-request";
import { withIdempotency } from "@/lib/idempotency/with-idempotency";
import { newId } from "@/lib/ids";
import { requestLog } from "@/lib/log";
import { metrics } from "@/lib/metrics/metrics";
import type { AuthContext } from "@/lib/tokens/authenticate-token";

// The one /v1 wrapper: request id, token auth, rate limit, scope and role, parsing, idempotency,
// problem+json errors and one log line per request. Route files only bind operations to methods.

const ROLE_RANK: Record<MinimumRole, number> = { viewer: 0, reviewer: 1, admin: 2 };
const METHODS: Method[] = ["GET", "POST", "PATCH", "PUT", "DELETE"];

type RouteContext = { params: Promise<Record<string, string | string[]>> };
type RouteHandler = (request: Request, context: RouteContext) => Promise<Response>;

/** Next hands route handlers a NextRequest with the URL already parsed; parse only otherwise. */
function urlOf(request: Request): URL {
  return (request as Request & { nextUrl?: URL }).nextUrl ?? new URL(request.url);
}

function authorize(operation: AnyOperation, auth: AuthContext) {
  if (operation.method !== "GET" && auth.token.scope === "read") throw new Forbidden("This token has read scope; it can only make GET requests.");
  if (ROLE_RANK[auth.role] < ROLE_RANK[operation.role]) throw new Forbidden(`This needs the ${operation.role} role; the token's creator is a ${auth.role}.`);
}

// Path parameters arrive decoded once by Next's router (`evals%2Fdraft_email` is "evals/draft_email");
// decoding them again would make `%252F` name what `%2F` names.
async function execute(operation: AnyOperation, request: Request, context: RouteContext, requestId: string, auth: AuthContext): Promise<HandlerResult> {
  authorize(operation, auth);
  const url = urlOf(request);
  const { params, query, body, rawBody } = await parseRequest(operation, request, { params: (await context?.params) ?? {}, url, withoutQuery: "refuse" });
  const run = () => operation.handler({ params, query, body, auth, requestId, request });
  const key = request.headers.get("idempotency-key");
  if (operation.method === "POST" && key !== null) {
    return withIdempotency({ workspaceId: auth.workspace.id, tokenId: auth.token.id, key, method: operation.method, path: url.pathname, rawBody }, run);
  }
  return run();
}

function respond(result: HandlerResult, fallbackStatus: number, headers: Record<string, string>): Response {
  const status = result.status ?? fallbackStatus;
  const all: Record<string, string> = { ...headers, ...result.headers };
  if (result.location) all.location = result.location;
  if (status === 204) return new Response(null, { status, headers: all });
  all["content-type"] = "application/json";
  return new Response(JSON.stringify(result.body ?? null), { status, headers: all });
}

function handlerFor(operation: AnyOperation): RouteHandler {
  return async (request, context) => {
    const requestId = newId("req");
    const started = performance.now();
    let headers: Record<string, string> = { "x-request-id": requestId };
    let response: Response;
    let auth: AuthContext | undefined;
    try {
      const access = await authenticateAndLimit(request.headers.get("authorization"));
      auth = access.auth;
      const decision = access.decision;
      headers = { ...headers, ...decision.headers };
      if (!decision.allowed) {
        throw new HttpProblem("rate_limited", `Rate limit exceeded. Try again in ${decision.retryAfterSeconds} s.`, {
          "retry-after": String(decision.retryAfterSeconds),
        });
      }
      const result = await execute(operation, request, context, requestId, auth);
      response = respond(result, operation.success.status, headers);
    } catch (error) {
      const problem: AppError = toAppError(error, requestId);
      response = problemResponse(problem, requestId, headers);
    }
    const elapsed = performance.now() - started;
    requestLog.info(
      {
        request_id: requestId,
        method: request.method,
        path: urlOf(request).pathname,
        status: response.status,
        duration_ms: Math.round(elapsed * 10) / 10,
        workspace: auth?.workspace.slug,
        token: auth?.token.id,
        operation: operation.id,
      },
      "request",
    );
    const m = metrics();
    m.httpRequests.inc({ operation: operation.id, status: response.status });
    m.httpDuration.observe({ operation: operation.id }, elapsed / 1000);
    return response;
  };
}

function methodNotAllowed(allowed: Method[]): RouteHandler {
  return async () => {
    const requestId = newId("req");
    return problemResponse(new HttpProblem("method_not_allowed", `Use ${allowed.join(", ")} on this path.`, { allow: allowed.join(", ") }), requestId);
  };
}

/**
 * Handlers for every HTTP method of one path: the operations given, and 405 with Allow for the rest.
 * In a route file: `export const { GET, POST, PUT, PATCH, DELETE } = v1Route(listLeads, createLead);`
 */
export function v1Route(...operations: AnyOperation[]): Record<Method, RouteHandler> {
  const byMethod = new Map(operations.map((operation) => [operation.method, operation]));
  const allowed = METHODS.filter((method) => byMethod.has(method));
  return Object.fromEntries(
    METHODS.map((method) => {
      const operation = byMethod.get(method);
      return [method, operation ? handlerFor(operation) : methodNotAllowed(allowed)];
    }),
  ) as Record<Method, RouteHandler>;
}
