import { z } from "zod";
import { NUL_MESSAGE, nulPath } from "@/lib/http/nul-check";
import { bodyLeftOut, readJsonBody } from "@/lib/http/read-body";
import { readMultipartBody } from "@/lib/http/read-multipart";
import { fieldErrors } from "@/lib/http/zod-errors";
import { config } from "@/lib/config";
import { InvalidRequest, NotFound, ValidationFailed } from "@/lib/errors";

// The one request-parsing sequence of the /v1 wrapper (lib/api/v1-route.ts) and the web app's
// (lib/web/web-route.ts): path params, query, then the body (read with its size, media type and
// depth limits, NUL check, zod). Each step answers the same problem in both.

export type RequestShape<P, Q, B> = {
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  /** The body may be left out entirely (no Content-Type, nothing sent): it parses as undefined. */
  bodyOptional?: boolean;
  /** Also accept multipart/form-data, read into this schema (file parts as {name, bytes}, at most CSV_MAX_BYTES). */
  multipart?: z.ZodType<B>;
};

export type ParsedRequest<P, Q, B> = {
  params: P;
  query: Q;
  body: B;
  /** The body as read (JSON text, or a digest of a multipart form), for Idempotency-Key comparisons. */
  rawBody: string;
};

export type ParseOptions = {
  /** The path params as the router gave them. */
  params: Record<string, string | string[]>;
  url: URL;
  /** Without a query schema: refuse any query parameter (/v1), or ignore them all (the web app). */
  withoutQuery: "refuse" | "ignore";
};

const NO_QUERY = z.strictObject({});

function queryObject(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of url.searchParams) out[key] = value;
  return out;
}

export async function parseRequest<P, Q, B>(shape: RequestShape<P, Q, B>, request: Request, options: ParseOptions): Promise<ParsedRequest<P, Q, B>> {
  const rawParams = options.params;
  const params = shape.params ? shape.params.safeParse(rawParams) : { success: true as const, data: rawParams as P };
  // A malformed id names no resource: that is a 404, as for any unknown id.
  if (!params.success || nulPath(rawParams) !== null) throw new NotFound();

  const rawQuery = queryObject(options.url);
  // Each parameter takes one value (the OpenAPI document says so): a repeated name is ambiguous, not "the last one wins".
  const repeated = [...new Set([...options.url.searchParams.keys()])].filter((key) => options.url.searchParams.getAll(key).length > 1);
  if (repeated.length)
    throw new InvalidRequest(
      "Some query parameters are repeated.",
      repeated.map((key) => ({ path: key, message: "give this parameter once" })),
    );
  const nulInQuery = nulPath(rawQuery);
  if (nulInQuery !== null) throw new InvalidRequest("Some query parameters are not valid.", [{ path: nulInQuery, message: NUL_MESSAGE }]);
  const query = shape.query
    ? shape.query.safeParse(rawQuery)
    : options.withoutQuery === "refuse"
      ? (NO_QUERY.safeParse(rawQuery) as z.ZodSafeParseResult<Q>)
      : { success: true as const, data: {} as Q };
  if (!query.success) throw new InvalidRequest("Some query parameters are not valid.", fieldErrors(query.error));

  let body = undefined as B;
  let rawBody = "";
  if (shape.body && !(shape.bodyOptional && (await bodyLeftOut(request)))) {
    const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
    const multipart = shape.multipart !== undefined && type === "multipart/form-data";
    const read = multipart ? await readMultipartBody(request, config().CSV_MAX_BYTES) : await readJsonBody(request, shape.multipart !== undefined);
    rawBody = read.raw;
    const nulInBody = nulPath(read.value);
    if (nulInBody !== null) throw new ValidationFailed([{ path: nulInBody, message: NUL_MESSAGE }]);
    const parsed = (multipart ? shape.multipart! : shape.body).safeParse(read.value);
    if (!parsed.success) throw new ValidationFailed(fieldErrors(parsed.error));
    body = parsed.data;
  }
  return { params: params.data, query: query.data, body, rawBody };
}
