import { ValidationFailed } from "@/lib/errors";

// Request bodies are nested at most MAX_JSON_DEPTH levels. The check reads the raw text once, before
// JSON.parse, with a counter instead of recursion, so a 100,000-deep body costs one linear scan and
// is answered 422 (a recursive walk of such a body overflowed the stack: a 500, and several in
// parallel stalled the event loop). Every later walk of a body (nul-check) is iterative as well.

export const MAX_JSON_DEPTH = 64;

/** The nesting depth of a JSON text, stopping as soon as it exceeds `limit` (brackets inside strings do not count). */
export function jsonDepthExceeds(raw: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** Throws 422 when the raw JSON text nests deeper than MAX_JSON_DEPTH. */
export function assertJsonDepth(raw: string): void {
  if (jsonDepthExceeds(raw)) {
    throw new ValidationFailed([{ path: "(body)", message: `must not nest objects and arrays more than ${MAX_JSON_DEPTH} levels deep` }]);
  }
}
