import { createHash } from "node:crypto";
import { HttpProblem } from "@/lib/http/problem";
import { InvalidRequest } from "@/lib/errors";

/**
 * Reads a multipart/form-data body: text fields as strings, file parts as {name, bytes}. Files over
 * `maxFileBytes` are a 413. `raw` is a digest of the whole form, for Idempotency-Key comparisons.
 */
export async function readMultipartBody(request: Request, maxFileBytes: number): Promise<{ value: Record<string, unknown>; raw: string }> {
  const tooLarge = () => new HttpProblem("payload_too_large", `Uploads are limited to ${maxFileBytes} bytes.`);
  const cap = maxFileBytes + 1024 * 1024;
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > cap) throw tooLarge();
  // A body without a declared length (chunked) is counted as it arrives: formData() would
  // otherwise read all of it, however large, before the file's size could be checked.
  let seen = 0;
  const counted = request.body?.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > cap) controller.error(tooLarge());
        else controller.enqueue(chunk);
      },
    }),
  );
  let form: FormData;
  try {
    form = await new Request(request.url, { method: request.method, headers: request.headers, body: counted, duplex: "half" } as RequestInit).formData();
  } catch {
    if (seen > cap) throw tooLarge();
    throw new InvalidRequest("The body is not valid multipart/form-data.");
  }
  const value: Record<string, unknown> = {};
  const digest = createHash("sha256");
  for (const [key, entry] of form) {
    if (typeof entry === "string") {
      value[key] = entry;
      digest.update(`${key}=${entry}\n`);
    } else {
      if (entry.size > maxFileBytes) throw new HttpProblem("payload_too_large", `Uploads are limited to ${maxFileBytes} bytes.`);
      const bytes = Buffer.from(await entry.arrayBuffer());
      value[key] = { name: entry.name || "upload.csv", bytes };
      digest.update(`${key}:file:`).update(bytes).update("\n");
    }
  }
  return { value, raw: digest.digest("hex") };
}
