import { HttpProblem } from "@/lib/http/problem";
import { assertJsonDepth } from "@/lib/http/json-depth";
import { AppError } from "@/lib/errors";

export const MAX_JSON_BYTES = 1024 * 1024;
/**
 * A body refused as too large is still read (and dropped) up to this size before the 413 goes out:
 * a client that writes its whole body before reading the answer (Node's fetch does) would otherwise
 * see the connection closed under it (EPIPE) instead of the problem+json. Beyond it, the answer goes
 * out at once and the connection is closed, as a server that never reads 100 MB must.
 */
const DRAIN_BYTES = 16 * 1024 * 1024;

/** Reads a JSON body: 415 for another media type, 413 over 1 MiB, 400 when it is not JSON, 422 when nested deeper than 64. */
export async function readJsonBody(request: Request, multipartAllowed = false): Promise<{ value: unknown; raw: string }> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "application/json") {
    const also = multipartAllowed ? " (or multipart/form-data with a file part)" : "";
    throw new HttpProblem("unsupported_media_type", `Send the body as JSON with Content-Type: application/json${also}.`);
  }
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_JSON_BYTES) {
    if (declared <= DRAIN_BYTES) await drain(request.body?.getReader(), 0);
    throw tooLarge();
  }
  const raw = await readCapped(request, MAX_JSON_BYTES);
  assertJsonDepth(raw); // before parsing: JSON.parse of a 100,000-deep body alone blocks for ~200 ms
  try {
    return { value: JSON.parse(raw), raw };
  } catch {
    throw new AppError("invalid_json", "The body is not valid JSON.");
  }
}

function tooLarge() {
  return new HttpProblem("payload_too_large", `JSON bodies are limited to ${MAX_JSON_BYTES} bytes.`);
}

async function readCapped(request: Request, limit: number): Promise<string> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await drain(reader, size);
      throw tooLarge();
    }
    chunks.push(value);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new AppError("invalid_json", "The body is not valid UTF-8.");
  }
}

/** Reads and drops the rest of a refused body, up to DRAIN_BYTES in all; then lets the connection go. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array> | undefined, alreadyRead: number): Promise<void> {
  if (!reader) return;
  let size = alreadyRead;
  try {
    while (size <= DRAIN_BYTES) {
      const { done, value } = await reader.read();
      if (done) return;
      size += value.byteLength;
    }
  } catch {
    return; // the client went away
  }
  await reader.cancel().catch(() => undefined);
}

/** For an operation whose body may be left out: true when the request sent none (no Content-Type, no bytes). */
export async function bodyLeftOut(request: Request): Promise<boolean> {
  if (request.headers.get("content-type")) return false;
  const raw = await readCapped(request, MAX_JSON_BYTES);
  if (raw.length === 0) return true;
  throw new HttpProblem("unsupported_media_type", "Send the body as JSON with Content-Type: application/json.");
}
