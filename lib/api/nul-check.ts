// PostgreSQL text cannot hold the NUL character: a query with one fails inside the database (and a
// failed query can take its connection's other work down with it). Nor can UTF-8 hold a lone UTF-16
// surrogate (JSON's "\ud800"): jsonb refuses it (a 500) and text columns would silently store
// U+FFFD instead. Requests are checked at the door.

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const UNSTORABLE = new RegExp(`\\u0000|${LONE_SURROGATE.source}`); // no /g: test() would keep state

/** The path (`a.b.0`) of the first string or key holding NUL or a lone surrogate, or null when there is none. */
export function nulPath(value: unknown, path: string[] = []): string | null {
  if (typeof value === "string") return UNSTORABLE.test(value) ? path.join(".") || "(body)" : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulPath(value[i], [...path, String(i)]);
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      if (UNSTORABLE.test(key)) return [...path, key.replaceAll("\u0000", "\\0").replace(LONE_SURROGATE, "\ufffd")].join(".");
      const found = nulPath(inner, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}

export const NUL_MESSAGE = "must not contain the NUL character (\\u0000) or an unpaired UTF-16 surrogate (\\ud800-\\udfff)";
