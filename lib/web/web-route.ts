import { HttpProblem, problemResponse, toAppError } from "@/lib/http/problem";
import type { Actor } from "@/lib/audit/record-audit";
import { roleAtLeast, type Role } from "@/lib/auth/roles";
import { currentSession, type WebSession } from "@/lib/auth/session";
import { config } from "@/lib/config";
import { AppError, Forbidden } from "@/lib/errors";
import { parseRequest, type RequestShape } from "@/lib/http/parse-request";
import { newId } from "@/lib/ids";
import { requestLog } from "@/lib/log";
import { crossSiteRefusal } from "@/lib/web/csrf";

// The one wrapper for the web app's own route handlers (app/api/web/**), which the pages call
// through React Query. Per request: the session re-read from the database (currentSession), the
// role checked against the operation's least role, cross-site refusal for every method that
// changes data (lib/web/csrf.ts), JSON parsing with zod, and domain errors as problem+json.
// Route files only say who may call and which lib/ function does the work.

export type WebContext<P, Q, B> = { session: WebSession; actor: Actor; params: P; query: Q; body: B; request: Request };

/** The request's shape (params, query, body, multipart: lib/http/parse-request.ts), who may call, and the work. */
export type WebOperation<P, Q, B> = RequestShape<P, Q, B> & {
  /** The least role that may call it; checked on every request against the role in the database. */
  role: Role;
  /** Success status (200 unless said). */
  status?: 200 | 201 | 204;
  handler: (context: WebContext<P, Q, B>) => Promise<unknown>;
};

type RouteContext = { params: Promise<Record<string, string | string[]>> };

/** The audit actor for a signed-in user. */
export function userActor(session: WebSession): Actor {
  return { type: "user", id: session.user.id, name: `${session.user.name} (${session.user.email})` };
}

async function run<P, Q, B>(
  operation: WebOperation<P, Q, B>,
  request: Request,
  context: RouteContext | undefined,
): Promise<{ session: WebSession; result: unknown }> {
  const refusal = crossSiteRefusal({ method: request.method, headers: request.headers, appUrl: config().APP_URL });
  if (refusal) throw new Forbidden(`Cross-site request refused. ${refusal}`);
  const session = await currentSession();
  if (!session) throw new HttpProblem("unauthenticated", "Sign in first.");
  if (!roleAtLeast(session.role, operation.role)) throw new Forbidden(`This needs the ${operation.role} role; you are a ${session.role}.`);

  const { params, query, body } = await parseRequest(operation, request, {
    params: (await context?.params) ?? {},
    url: new URL(request.url),
    withoutQuery: "ignore",
  });
  const result = await operation.handler({ session, actor: userActor(session), params, query, body, request });
  return { session, result };
}

export function webRoute<P = Record<string, string>, Q = Record<string, never>, B = undefined>(operation: WebOperation<P, Q, B>) {
  return async (request: Request, context?: RouteContext): Promise<Response> => {
    const requestId = newId("req");
    const headers = { "x-request-id": requestId, "cache-control": "no-store" };
    let response: Response;
    let session: WebSession | undefined;
    try {
      const outcome = await run(operation, request, context);
      session = outcome.session;
      const status = operation.status ?? 200;
      response = status === 204 ? new Response(null, { status, headers }) : Response.json(outcome.result ?? null, { status, headers });
    } catch (error) {
      const problem: AppError = toAppError(error, requestId);
      response = problemResponse(problem, requestId, headers);
      response.headers.delete("www-authenticate"); // sessions, not bearer tokens
    }
    requestLog.info(
      {
        request_id: requestId,
        method: request.method,
        path: new URL(request.url).pathname,
        status: response.status,
        user: session?.user.id,
        workspace: session?.workspace.slug,
      },
      "web request",
    );
    return response;
  };
}
