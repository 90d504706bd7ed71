import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";

// RFC 9457 problem+json (contract §2): one place turns errors into responses.

const TITLES: Record<number, string> = { 405: "Method not allowed", 413: "Payload too large", 415: "Unsupported media type", 429: "Too many requests", 500: "Internal error", 503: "Service unavailable" };

export class HttpProblem extends AppError {
  constructor(status: number, code: string, detail: string, readonly headers: Record<string, string> = {}, extra: Record<string, unknown> = {}) {
    super(status, code, TITLES[status] ?? code, detail, extra);
  }
}

function isInfrastructureDown(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message} ${(error as { code?: string }).code ?? ""}` : "";
  return /ECONNREFUSED|ETIMEDOUT|ENOTFOUND|Connection is closed|connect ECONN|Stream isn't writeable|enableOfflineQueue|DatabaseNotReachable|P1001|terminating connection|Connection terminated|timeout exceeded when trying to connect|MaxRetriesPerRequest|max retries per request|Command timed out/i.test(text);
}

/** Any thrown value as an AppError; unknown errors are logged and become a bare 500. */
export function toAppError(error: unknown, requestId: string): AppError {
  if (error instanceof AppError) return error;
  if (isInfrastructureDown(error)) {
    log.error({ request_id: requestId, err: error instanceof Error ? error.message : String(error) }, "backing service unreachable");
    return new HttpProblem(503, "service_unavailable", "A backing service is unreachable. Try again shortly.", { "retry-after": "5" });
  }
  log.error({ request_id: requestId, err: error instanceof Error ? { message: error.message, stack: error.stack } : String(error) }, "unhandled error");
  return new HttpProblem(500, "internal", "Something went wrong on our side. Quote the request id if it keeps happening.");
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
