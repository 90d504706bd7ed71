// Every problem+json `code` the service answers (contract §2), with its HTTP status, title and
// what it means. lib/errors.ts and the problem mapper take status and title from here, and the
// OpenAPI document lists, for each operation, the codes it can answer (its `errors`).
// To add a code: one entry here; then name it in the `errors` of the operations that throw it.
// Pure data: safe to import from components/.

type CodeInfo = { status: number; title: string; description: string };

export const ERROR_CODES = {
  invalid_json: { status: 400, title: "Invalid JSON", description: "The body is not valid JSON (or not UTF-8)." },
  invalid_request: { status: 400, title: "Invalid request", description: "A bad query parameter, path parameter or cursor." },
  unauthenticated: { status: 401, title: "Unauthenticated", description: "Missing, malformed, unknown, revoked or expired token (or no session)." },
  forbidden: { status: 403, title: "Forbidden", description: "A read-scope token on a write, or the role does not allow it." },
  not_found: { status: 404, title: "Not found", description: "No such resource in this workspace." },
  method_not_allowed: { status: 405, title: "Method not allowed", description: "The path does not take this method; `Allow` lists those it does." },
  conflict: { status: 409, title: "Conflict", description: "The resource is not in a state that allows this (already reviewed, already ended, a taken slug)." },
  idempotency_conflict: { status: 409, title: "Conflict", description: "This Idempotency-Key was used with a different request." },
  lead_exists: { status: 409, title: "Conflict", description: "A lead with this email exists; `lead_id` names it." },
  version_exists: { status: 409, title: "Conflict", description: "The fork already has a version with this label." },
  campaign_not_approved: { status: 409, title: "Conflict", description: "The campaign pins a forked prompt a reviewer has not approved." },
  last_admin: { status: 409, title: "Conflict", description: "The workspace's last admin cannot be demoted or removed." },
  payload_too_large: { status: 413, title: "Payload too large", description: "The JSON body is over 1 MiB, or the upload over its limit." },
  unsupported_media_type: { status: 415, title: "Unsupported media type", description: "Send the body as application/json (or multipart/form-data where documented)." },
  validation_failed: { status: 422, title: "Validation failed", description: "`errors[]` names each field that is wrong." },
  rate_limited: { status: 429, title: "Too many requests", description: "Rate limit exceeded; `Retry-After` says when to try again." },
  internal: { status: 500, title: "Internal error", description: "Something went wrong on our side; quote the request id." },
  service_unavailable: { status: 503, title: "Service unavailable", description: "PostgreSQL or Redis is unreachable; `Retry-After` says when to try again." },
} as const satisfies Record<string, CodeInfo>;

export type ErrorCode = keyof typeof ERROR_CODES;

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_CODES, code);
}
