import { ERROR_CODES, type ConflictCode, type ErrorCode } from "@/lib/http/error-codes";

// Typed errors thrown by domain code; lib/http/problem.ts maps them to problem+json (contract §2). Each carries
// a code from the registry (lib/http/error-codes.ts), which gives its status and title.

export type FieldError = { path: string; message: string };

export class AppError extends Error {
  readonly status: number;
  readonly title: string;

  constructor(
    readonly code: ErrorCode,
    detail?: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(detail ?? ERROR_CODES[code].title);
    this.name = new.target.name;
    this.status = ERROR_CODES[code].status;
    this.title = ERROR_CODES[code].title;
  }
}

export class InvalidRequest extends AppError {
  constructor(
    detail: string,
    readonly errors: FieldError[] = [],
  ) {
    super("invalid_request", detail, errors.length ? { errors } : {});
  }
}
export class Unauthenticated extends AppError {
  constructor(detail = "A valid bearer token is required.") {
    super("unauthenticated", detail);
  }
}
export class Forbidden extends AppError {
  constructor(detail = "This token may not do that.") {
    super("forbidden", detail);
  }
}
export class NotFound extends AppError {
  constructor(what = "resource") {
    super("not_found", `No such ${what}.`);
  }
}
export class Conflict extends AppError {
  constructor(detail: string, code: ConflictCode = "conflict", extra: Record<string, unknown> = {}) {
    super(code, detail, extra);
  }
}
export class ValidationFailed extends AppError {
  constructor(
    readonly errors: FieldError[],
    detail?: string,
  ) {
    super("validation_failed", detail ?? errors.map((e) => `${e.path}: ${e.message}`).join("; "), { errors });
  }
}
