import { createHash } from "node:crypto";
import { HttpProblem } from "@/lib/api/problem";
import { InvalidRequest } from "@/lib/errors";

/**
 * Reads a multipart/form-data body: text fields as strings, file parts as {name, bytes}. Files over
 * `maxFileBytes` are a 413. `raw` is a digest of the whole form, for Idempotency-Key comparisons.
 */
export async function readMultipartBody(request: Request, maxFileBytes: number): Promise<{ value: Record<string, unknown>; raw: string }> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxFileBytes + 1024 * 1024) throw new HttpProblem(413, "payload_too_large", `Uploads are limited to ${maxFileBytes} bytes.`);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new InvalidRequest("The body is not valid multipart/form-data.");
  }
  const value: Record<string, unknown> = {};
  const digest = createHash("sha256");
  for (const [key, entry] of form) {
    if (typeof entry === "string") {
      value[key] = entry;
      digest.update(`${key}=${entry}\n`);
    } else {
      if (entry.size > maxFileBytes) throw new HttpProblem(413, "payload_too_large", `Uploads are limited to ${maxFileBytes} bytes.`);
      const bytes = Buffer.from(await entry.arrayBuffer());
      value[key] = { name: entry.name || "upload.csv", bytes };
      digest.update(`${key}:file:`).update(bytes).update("\n");
    }
  }
  return { value, raw: digest.digest("hex") };
}
