// PostgreSQL text cannot hold the NUL character: a query with one fails inside the database (and a
// failed query can take its connection's other work down with it). Requests are checked at the door.

/** The path (`a.b.0`) of the first string or key holding NUL, or null when there is none. */
export function nulPath(value: unknown, path: string[] = []): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? path.join(".") || "(body)" : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulPath(value[i], [...path, String(i)]);
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      if (key.includes("\u0000")) return [...path, key.replaceAll("\u0000", "\\0")].join(".");
      const found = nulPath(inner, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}

export const NUL_MESSAGE = "must not contain the NUL character (\\u0000)";
