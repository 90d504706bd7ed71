// Typed errors thrown by domain code; lib/api maps them to problem+json (contract §2).

export type FieldError = { path: string; message: string };

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly title: string,
    detail?: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(detail ?? title);
    this.name = new.target.name;
  }
}

export class InvalidRequest extends AppError {
  constructor(detail: string, readonly errors: FieldError[] = []) {
    super(400, "invalid_request", "Invalid request", detail, errors.length ? { errors } : {});
  }
}
export class Unauthenticated extends AppError {
  constructor(detail = "A valid bearer token is required.") {
    super(401, "unauthenticated", "Unauthenticated", detail);
  }
}
export class Forbidden extends AppError {
  constructor(detail = "This token may not do that.") {
    super(403, "forbidden", "Forbidden", detail);
  }
}
export class NotFound extends AppError {
  constructor(what = "resource") {
    super(404, "not_found", "Not found", `No such ${what}.`);
  }
}
export class Conflict extends AppError {
  constructor(detail: string, code = "conflict", extra: Record<string, unknown> = {}) {
    super(409, code, "Conflict", detail, extra);
  }
}
export class ValidationFailed extends AppError {
  constructor(readonly errors: FieldError[], detail?: string) {
    super(422, "validation_failed", "Validation failed", detail ?? errors.map((e) => `${e.path}: ${e.message}`).join("; "), { errors });
  }
}
