import { AppError } from "@/lib/errors";
import type { ErrorCode } from "@/lib/http/error-codes";
import { isInfrastructureFailure } from "@/lib/http/infrastructure";
import { log } from "@/lib/log";

// RFC 9457 problem+json (contract §2): one place turns errors into responses.

/** An error the HTTP layer itself answers (413, 415, 429…), with the headers that go with it. */
export class HttpProblem extends AppError {
  constructor(
    code: ErrorCode,
    detail: string,
    readonly headers: Record<string, string> = {},
    extra: Record<string, unknown> = {},
  ) {
    super(code, detail, extra);
  }
}

/** Any thrown value as an AppError; unknown errors are logged and become a bare 500. */
export function toAppError(error: unknown, requestId: string): AppError {
  if (error instanceof AppError) return error;
  if (isInfrastructureFailure(error)) {
    log.error({ request_id: requestId, err: error instanceof Error ? error.message : String(error) }, "backing service unreachable");
    return new HttpProblem("service_unavailable", "A backing service is unreachable. Try again shortly.", { "retry-after": "5" });
  }
  log.error({ request_id: requestId, err: error instanceof Error ? { message: error.message, stack: error.stack } : String(error) }, "unhandled error");
  return new HttpProblem("internal", "Something went wrong on our side. Quote the request id if it keeps happening.");
}

export function problemResponse(error: AppError, requestId: string, headers: Record<string, string> = {}): Response {
  const body = {
    type: `/docs/errors#${error.code}`,
    title: error.title,
    status: error.status,
    code: error.code,
    detail: error.message,
    ...error.extra,
    request_id: requestId,
  };
  const extraHeaders: Record<string, string> = error instanceof HttpProblem ? error.headers : {};
  if (error.status === 401) extraHeaders["www-authenticate"] = 'Bearer realm="leadpipe"';
  if (error.status === 503 && !extraHeaders["retry-after"]) extraHeaders["retry-after"] = "5";
  return new Response(JSON.stringify(body), {
    status: error.status,
    headers: { "content-type": "application/problem+json", "x-request-id": requestId, ...headers, ...extraHeaders },
  });
}
