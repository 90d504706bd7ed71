import type { z } from "zod";
import type { FieldError } from "@/lib/errors";

/** zod issues as contract field errors: a dotted path and a sentence. */
export function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => {
    const path = issue.path.map(String).join(".");
    if (issue.code === "unrecognized_keys") {
      return { path: [path, ...issue.keys].filter(Boolean).join("."), message: "is not a known field" };
    }
    if (issue.code === "invalid_type" && issue.input === undefined) return { path: path || "body", message: "is required" };
    return { path: path || "body", message: issue.message };
  });
}
