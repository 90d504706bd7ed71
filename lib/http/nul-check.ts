// PostgreSQL text cannot hold the NUL character: a query with one fails inside the database (and a
// failed query can take its connection's other work down with it). Nor can UTF-8 hold a lone UTF-16
// surrogate (JSON's "\ud800"): jsonb refuses it (a 500) and text columns would silently store
// U+FFFD instead. Requests are checked at the door.

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const UNSTORABLE = new RegExp(`\\u0000|${LONE_SURROGATE.source}`); // no /g: test() would keep state

type Step = { value: unknown; key: string | null; parent: Step | null; objectKey?: boolean };

function pathOf(step: Step, last?: string): string {
  const keys: string[] = last === undefined ? [] : [last];
  for (let at: Step | null = step; at && at.key !== null; at = at.parent) keys.push(at.key);
  return keys.reverse().join(".");
}

/**
 * The path (`a.b.0`) of the first string or key holding NUL or a lone surrogate, or null when there
 * is none. Iterative, with each step pointing at its parent, so the walk is linear in the size of
 * the value and never deepens the call stack, however deep the value is nested.
 */
export function nulPath(value: unknown): string | null {
  const stack: Step[] = [{ value, key: null, parent: null }];
  while (stack.length > 0) {
    const step = stack.pop()!;
    if (step.objectKey && UNSTORABLE.test(step.key!)) return pathOf(step.parent!, step.key!.replaceAll("\u0000", "\\0").replace(LONE_SURROGATE, "\ufffd"));
    const current = step.value;
    if (typeof current === "string") {
      if (UNSTORABLE.test(current)) return pathOf(step) || "(body)";
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], key: String(i), parent: step });
    } else if (current && typeof current === "object") {
      const entries = Object.entries(current);
      for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i][1], key: entries[i][0], parent: step, objectKey: true });
    }
  }
  return null;
}

export const NUL_MESSAGE = "must not contain the NUL character (\\u0000) or an unpaired UTF-16 surrogate (\\ud800-\\udfff)";
