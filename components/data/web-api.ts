// The browser side of the web app's route handlers (app/api/web/**): JSON in and out, errors as
// WebApiError carrying the problem+json detail and field errors. Same-origin fetches only: the
// browser adds Origin and Sec-Fetch-Site, which the server checks on every change.

export type FieldError = { path: string; message: string };
/** A cursor page; `total` when the list counts what matches its filters (the review queue does). */
export type Page<T> = { data: T[]; has_more: boolean; next_cursor: string | null; total?: number };

export class WebApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    readonly fieldErrors: FieldError[] = [],
    /** The whole problem+json answer (its extension members, e.g. a 409 draft_blocked's `checks`). */
    readonly problem: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "WebApiError";
  }

  /** The message for one field, when the server named it. */
  forField(path: string): string | undefined {
    return this.fieldErrors.find((error) => error.path === path)?.message;
  }
}

export async function webApi<T>(path: string, init: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/web${path}`, {
      method: init.method ?? "GET",
      headers: init.body === undefined ? { accept: "application/json" } : { accept: "application/json", "content-type": "application/json" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
      credentials: "same-origin",
      cache: "no-store",
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new WebApiError(0, "The server could not be reached. Check your connection and try again.", "network");
  }
  if (response.status === 204) return undefined as T;
  return readAnswer<T>(response);
}

/** POSTs a multipart form (an upload); answers and errors as webApi. */
export async function webUpload<T>(path: string, form: FormData): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/web${path}`, {
      method: "POST",
      headers: { accept: "application/json" },
      body: form,
      credentials: "same-origin",
      cache: "no-store",
    });
  } catch {
    throw new WebApiError(0, "The server could not be reached. Check your connection and try again.", "network");
  }
  return readAnswer<T>(response);
}

/** The JSON answer, or a WebApiError carrying the problem's detail, code and field errors. */
async function readAnswer<T>(response: Response): Promise<T> {
  const body = await response.json().catch(() => null);
  if (!response.ok) {
    if (response.status === 401) throw new WebApiError(401, "Your session has ended. Sign in again.", "unauthenticated");
    const detail = typeof body?.detail === "string" ? body.detail : `The server answered ${response.status}.`;
    throw new WebApiError(response.status, detail, String(body?.code ?? "error"), Array.isArray(body?.errors) ? body.errors : [], body ?? {});
  }
  return body as T;
}

/** Query string from an object, leaving out empty values. */
export function queryString(values: Record<string, string | number | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : "";
}
