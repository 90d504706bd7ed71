// Every problem `code` the service answers with (contract §2), its HTTP status and title. The
// problem mapper (lib/errors.ts, lib/http/problem.ts) takes status and title from here, and the
// OpenAPI document names each operation's codes under their status. A pure module.
//
// To add a code: an entry here, then throw it (`new Conflict(detail, "my_code")`,
// `new AppError("my_code", detail)`) and list it in the `errors` of each operation that can answer it.

export type ErrorCodeInfo = { status: number; title: string; description: string };

const conflict = (description: string) => ({ status: 409, title: "Conflict", description }) as const;

export const ERROR_CODES = {
  invalid_json: { status: 400, title: "Invalid JSON", description: "the body is not valid JSON (or not UTF-8)" },
  invalid_request: { status: 400, title: "Invalid request", description: "a bad or unknown query parameter, cursor or form" },
  unauthenticated: { status: 401, title: "Unauthenticated", description: "missing, malformed, unknown, revoked or expired token" },
  forbidden: { status: 403, title: "Forbidden", description: "read-scope token on a write, or the creator's role does not allow it" },
  not_found: { status: 404, title: "Not found", description: "no such resource in the token's workspace" },
  method_not_allowed: { status: 405, title: "Method not allowed", description: "the path does not take this method; `Allow` names those it does" },
  conflict: conflict(
    "the resource's state does not allow it (already reviewed, ended, built-in…), or a request with this Idempotency-Key is still in progress",
  ),
  idempotency_conflict: conflict("this Idempotency-Key was used with a different request"),
  lead_exists: conflict("a lead with this email exists; `lead_id` names it"),
  version_exists: conflict("the fork already has this version"),
  campaign_not_approved: conflict("the campaign pins forks and is not approved"),
  fork_not_approved: conflict("the prompt set holds forks no reviewer approved; `forks` names them"),
  eval_regression: conflict("a fork regressed on its evaluation and no `override_reason` was given; `regressions` names them"),
  experiment_underpowered: conflict(
    "an experiment's variant has fewer sends than its `min_per_variant` and no `override_reason` was given; `needs_more_per_variant` says how many more",
  ),
  eval_set_exists: conflict("the workspace already has an eval set with this ref"),
  eval_case_exists: conflict("the draft is already a case of that set"),
  eval_case_invalid: conflict("the lead's fields or the thread are too long (or a follow-up has no sent thread) to keep as an eval case"),
  draft_not_reviewed: conflict("only a draft a reviewer edited or rejected can become an eval case"),
  no_eval_set: conflict("the draft's prompt names no eval set of its stage (draft_email, or follow_up for step 2 and later)"),
  run_in_progress: conflict("the run has not finished"),
  draft_blocked: conflict(
    "the draft has a `block` check (an unsupported claim, an unresolved variable); `checks` names them. Edit it clear or approve with `override_reason`",
  ),
  no_referral: conflict("the reply is not a `wrong_person` reply naming another address, so there is no referral to follow"),
  no_sequence: conflict("the run's campaign has no follow-up steps, or the lead has no draft in the run yet"),
  last_admin: conflict("the workspace's last admin cannot lose the role"),
  payload_too_large: { status: 413, title: "Payload too large", description: "JSON body over 1 MiB, or an upload over the CSV limit" },
  unsupported_media_type: { status: 415, title: "Unsupported media type", description: "send application/json" },
  validation_failed: { status: 422, title: "Validation failed", description: "`errors[]` names each field" },
  rate_limited: { status: 429, title: "Too many requests", description: "the token's rate limit is spent; `Retry-After` says when to try again" },
  internal: { status: 500, title: "Internal error", description: "an unexpected failure; quote the request id" },
  service_unavailable: { status: 503, title: "Service unavailable", description: "PostgreSQL or Redis unreachable; `Retry-After` says when to try again" },
} as const satisfies Record<string, ErrorCodeInfo>;

export type ErrorCode = keyof typeof ERROR_CODES;
/** The codes answered with 409. */
export type ConflictCode = { [C in ErrorCode]: (typeof ERROR_CODES)[C]["status"] extends 409 ? C : never }[ErrorCode];

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_CODES, code);
}
