import fc from "fast-check";

// Hostile text for the bad-input suites. Each is valid JSON text (a JS string); whether the server
// may accept it depends on the field, which the case generators decide.

export const SQL_INJECTION = [
  "' OR '1'='1' --",
  '"; DROP TABLE leads; --',
  "1; SELECT pg_sleep(5)",
  "' UNION SELECT id, email FROM leads --",
  "admin'--",
  "%' AND 1=0 UNION ALL SELECT NULL --",
  "\\'; COPY leads TO '/tmp/x'; --",
  "$1",
  "E'\\\\x00'",
];
export const HTML_INJECTION = [
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "<svg/onload=alert(1)>",
  "javascript:alert(1)",
  "{{constructor.constructor('alert(1)')()}}",
  "${7*7}",
  "<!--",
  "&lt;b&gt;&amp;",
  '=HYPERLINK("http://evil.example")',
];
export const UNICODE_EDGES = [
  "\u202eevil\u202c",
  "zero\u200bwidth\u200d",
  "\ufeffbom",
  "emoji 💥🧪👩‍👩‍👧",
  "e\u0301\u0301\u0301",
  "𝕌𝕟𝕚𝕔𝕠𝕕𝕖",
  "\u00a0\u2028\u2029",
  "\ud800",
  "lone \udfff surrogate",
  "Zoë Ünïcödé ß",
  "\u0007bell\u001b[31m",
  "\uffff\ufffe",
  "ⅫⅢ",
  "日本語のテキスト",
];
export const TRAVERSAL = ["../../../etc/passwd", "..%2F..%2Fetc%2Fpasswd", "..\\..\\windows\\win.ini", "%2e%2e%2f", "a/../b", "....//", "%00", "/etc/passwd"];

export const HOSTILE_TEXT = [...SQL_INJECTION, ...HTML_INJECTION, ...UNICODE_EDGES, ...TRAVERSAL];

/** Any hostile string, including a long repetition of one and text with a NUL inside. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...HOSTILE_TEXT), fc.integer({ min: 2, max: 400 })).map(([text, times]) => text.repeat(times)) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...HOSTILE_TEXT), fc.constantFrom("\u0000", "\u0000\u0000")).map(([text, nul]) => `${text}${nul}`) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
);

/** A string far beyond any field's limit: up to 2 MB, past the 1 MiB body cap. */
export const hugeString: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom("x", "💥", "é", "\u200b", "'", "<"), fc.constantFrom(20_001, 100_000, 600_000, 2_100_000))
  .map(([char, length]) => char.repeat(Math.ceil(length / char.length)));

/** Does the text hold a UTF-16 surrogate without its pair (no UTF-8 form)? */
export function hasLoneSurrogate(text: string): boolean {
  return /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);
}

/** Would `encodeURIComponent` throw (a lone surrogate)? Such text cannot travel in a URL. */
export function urlSafe(text: string): boolean {
  try {
    encodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

/** A value of a JSON type other than the ones given (JSON Schema type names). */
export function wrongTypeValue(allowed: Set<string>): fc.Arbitrary<unknown> {
  const candidates: [string[], fc.Arbitrary<unknown>][] = [
    [["null"], fc.constant(null)],
    [["boolean"], fc.boolean()],
    [["integer", "number"], fc.integer({ min: -1_000_000, max: 1_000_000 })],
    [["number"], fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Number.isInteger(n))],
    [["string"], fc.oneof(fc.constantFrom("", "12", "true", "null", "[]"), hostileString)],
    [["array"], fc.array(fc.oneof(fc.string(), fc.integer(), fc.constant(null)), { maxLength: 4 })],
    [["object"], fc.constantFrom({}, { nested: { deeper: [1, 2, 3] } }, { $gt: "" }, JSON.parse('{"__proto__": {"polluted": true}}'))],
  ];
  const wrong = candidates.filter(([types]) => !types.some((type) => allowed.has(type))).map(([, arbitrary]) => arbitrary);
  return fc.oneof(...wrong);
}
