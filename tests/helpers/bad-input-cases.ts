import fc from "fast-check";
import { hostileString, HOSTILE_TEXT, urlSafe } from "./hostile-values";
import type { Document, Op, Schema } from "./openapi-walk";
import { breakersFor, setAt, slotsOf, validValue } from "./schema-arbitraries";

// One generated request per fast-check run, for one operation and one kind of damage:
// - body: a valid body with one certain breaker and up to three hostile strings elsewhere; or a
//   body that is no JSON object at all (broken JSON, not UTF-8, a wrong media type, over 1 MiB);
// - path: one path parameter that names nothing (traversal, encoded slashes, bad ULIDs, bad
//   semver labels, hostile text);
// - query: list parameters and filters, each valid or not, plus unknown parameters.
// `expect` says what the answer may be: 4xx, 200 (every part valid), or either where the path
// names a resource that does not exist.

export type Expectation = "4xx" | "200" | "200-or-4xx";
export type Case = {
  kind: "body" | "path" | "query";
  label: string;
  method: string;
  path: string;
  expect: Expectation;
  body?: unknown;
  rawBody?: string | Uint8Array<ArrayBuffer>;
  headers?: Record<string, string>;
};
/** Cursors a list must refuse: real ones from another workspace, to tamper with or send as they are. */
export type Fixtures = { cursors: string[] };

/** A path parameter's well-formed value: the document's example, or the id prefix and a ULID-shaped tail. */
export function basePathValue(param: { name: string; schema: Schema }): string {
  if (typeof param.schema.example === "string") return param.schema.example;
  const prefix = /^\^([a-z]+_)/.exec(param.schema.pattern ?? "")?.[1];
  if (prefix) return `${prefix}01jd0000000000000000000000`;
  throw new Error(`no well-formed value for path parameter ${param.name}`);
}

const fill = (op: Op, values: Record<string, string> = {}) =>
  `/v1${op.template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? encodeURIComponent(basePathValue(op.pathParams.find((p) => p.name === name)!)))}`;

/** A path parameter value, already encoded for the URL, that names no resource. */
function badPathValue(op: Op, param: { name: string; schema: Schema }): fc.Arbitrary<{ raw: string; note: string }> {
  // Past about 16 KB of request line Node itself answers 431 before any app code: not what is tested here.
  const encoded = (values: fc.Arbitrary<string>, note: string) =>
    values
      .filter(urlSafe)
      .map((v) => ({ raw: encodeURIComponent(v), note }))
      .filter(({ raw }) => raw.length <= 6_000);
  const verbatim = (values: string[], note: string) => fc.constantFrom(...values).map((raw) => ({ raw, note }));
  const prefix = /^\^([a-z]+_)/.exec(param.schema.pattern ?? "")?.[1];
  const options = [
    encoded(
      hostileString.filter((v) => v.length > 0 && v.length < 3_000 && /[^a-z0-9_@-]/.test(v)),
      "hostile text",
    ),
    encoded(
      fc.constantFrom("../../../etc/passwd", "../", "..\\..\\", "./x", "a/b", "a%2Fb", "saas-outbound/../saas-outbound", "%2e%2e%2f%2e%2e%2f"),
      "traversal",
    ),
    verbatim(
      [
        "a%2Fb",
        "..%2F..%2Fetc%2Fpasswd",
        "%2F",
        "%252F%252e%252e",
        "x%",
        "%zz",
        "%C0%AE%C0%AE%2F",
        "%ED%A0%80",
        "%FF%FE",
        "x%0D%0ASet-Cookie:%20a=b",
        "%00",
        "%E2%80%AE",
      ],
      "encoded slashes and bad escapes",
    ),
  ];
  if (prefix) {
    const ulid = fc.stringMatching(/^[0-9a-z]{26}$/);
    options.push(
      encoded(
        fc.oneof(
          ulid.map((u) => `${prefix}${u.slice(1)}`),
          ulid.map((u) => `${prefix}${u}x`),
          ulid.map((u) => `${prefix}${u.toUpperCase()}`),
          ulid.map((u) => u),
          ulid.map((u) => `${prefix === "run_" ? "lead_" : "run_"}${u}`),
          fc.constant(prefix),
          ulid.map((u) => `${prefix}${u.slice(0, 25)}💥`),
          ulid.map((u) => ` ${prefix}${u}`),
          ulid.map((u) => `${prefix}${u}\u200b`),
        ),
        "bad ULID",
      ),
    );
  }
  if (param.name === "semver") {
    options.push(
      encoded(
        fc.oneof(
          fc.constantFrom(
            "v1",
            "1.2.0",
            "v1.2",
            "v01.2.0",
            "v1.2.0-",
            "v1.2.0-UPPER",
            "v1.2.0+build",
            "v-1.0.0",
            "V1.2.0",
            "v1.2.0-../../x",
            "v1.2.0 ",
            "v1..0",
            "vv1.2.0",
          ),
          fc.tuple(fc.bigInt({ min: 2n ** 31n, max: 10n ** 30n }), fc.nat(), fc.nat()).map(([a, b, c]) => `v${a}.${b}.${c}`),
          fc.tuple(fc.nat(99), fc.constantFrom(...HOSTILE_TEXT)).map(([a, text]) => `v${a}.0.0-${text}`),
        ),
        "bad semver",
      ),
    );
  }
  if (param.name === "name")
    options.push(encoded(fc.constantFrom("qualify@../other", "qualify@", "@ws", "QUALIFY", "qualify ", "qualify@other-ws@x"), "bad prompt name"));
  // An evals_ref no set has, or an eval set id of nobody's: a ref is any text, so it names nothing unless a set has it.
  if (param.name === "ref")
    options.push(
      fc
        .oneof(
          fc.stringMatching(/^[0-9a-z]{26}$/).map((u) => `evals/none-${u}`),
          fc.stringMatching(/^[0-9a-z]{26}$/).map((u) => `evs_${u}`),
        )
        .map((v) => ({ raw: encodeURIComponent(v), note: "unknown ref" })),
    );
  if (param.name === "slug")
    options.push(encoded(fc.constantFrom("-leading", "UPPER", "a", "x".repeat(64), "slug_with_underscore", "saas-outbound ", "saas—outbound"), "bad slug"));
  // Well-formed ids that exist nowhere: only where the request could not create anything anyway.
  if (prefix && !op.body) options.push(fc.stringMatching(/^[0-9a-z]{26}$/).map((u) => ({ raw: `${prefix}${u}`, note: "unknown id" })));
  return fc.oneof(...options).filter(({ raw }) => !/^(\.|%2e){1,2}$/i.test(raw));
}

function pathCase(op: Op, document: Document): fc.Arbitrary<Case> {
  return fc.constantFrom(...op.pathParams).chain((param) =>
    fc.tuple(badPathValue(op, param), op.body ? validValue(op.body, document) : fc.constant(undefined)).map(([value, body]): Case => ({
      kind: "path",
      label: `path ${param.name}: ${value.note}`,
      method: op.method,
      path: fill(op, { [param.name]: value.raw }),
      body,
      expect: "4xx",
    })),
  );
}

/** Is a query value valid for its schema? Integers must be plain digits. */
function queryValueValid(schema: Schema, value: string): boolean {
  if (value.includes("\u0000")) return false;
  if (schema.type === "integer") return /^\d+$/.test(value) && Number(value) >= (schema.minimum ?? -Infinity) && Number(value) <= (schema.maximum ?? Infinity);
  if (schema.enum) return schema.enum.includes(value);
  if (schema.maxLength !== undefined && value.length > schema.maxLength) return false;
  if (schema.pattern && !new RegExp(schema.pattern).test(value)) return false;
  return true;
}

function tamper(cursor: string): fc.Arbitrary<string> {
  return fc
    .oneof(
      fc.nat(cursor.length - 1).map((i) => `${cursor.slice(0, i)}${cursor[i] === "A" ? "B" : "A"}${cursor.slice(i + 1)}`),
      fc.nat(cursor.length - 1).map((i) => cursor.slice(0, i)),
      fc.constantFrom(`${cursor}=`, `${cursor}.x`, `${cursor.split(".")[0]}`, `.${cursor.split(".")[1]}`, cursor.toUpperCase()),
    )
    .filter((t) => t !== cursor);
}

function queryValue(name: string, schema: Schema, fixtures: Fixtures): fc.Arbitrary<string> {
  if (name === "limit") {
    return fc.oneof(
      fc.constantFrom(
        "0",
        "-1",
        "101",
        "abc",
        "1.5",
        "1e2",
        " 5",
        "5 ",
        "0x10",
        "",
        "+5",
        "99999999999999999999",
        "NaN",
        "Infinity",
        "٣",
        "１０",
        "5,5",
        "[5]",
      ),
      fc.integer({ min: -1_000, max: 1_000 }).map(String),
    );
  }
  if (name === "cursor") {
    // Real cursors of another list or another workspace, tampered ones, and made-up ones: all foreign.
    return fc.oneof(
      fc.constantFrom(...fixtures.cursors),
      fc.constantFrom(...fixtures.cursors).chain(tamper),
      fc.base64String({ maxLength: 60 }),
      fc.constantFrom("garbage", "eyJ2IjoxfQ.AAAAAAAAAAAAAAAA", ".", "..", "%%%", "a".repeat(501)),
      hostileString,
    );
  }
  if (schema.enum)
    return fc.oneof(
      fc.constantFrom(...(schema.enum as string[])),
      fc.constantFrom(...(schema.enum as string[])).map((e) => e.toUpperCase()),
      hostileString,
    );
  if (schema.format === "date-time") {
    return fc.oneof(
      fc.date({ min: new Date("1970-01-01T00:00:00Z"), max: new Date("2999-12-31T00:00:00Z"), noInvalidDate: true }).map((d) => d.toISOString()),
      fc.constantFrom(
        "2026-13-01T00:00:00Z",
        "2026-02-30T00:00:00Z",
        "yesterday",
        "2026-11-21",
        "2026-11-21T10:00:00+25:00",
        "0000-00-00T00:00:00Z",
        "+275760-09-13T00:00:00.000Z",
        "1e12",
        "2026-11-21T10:00:00.000Z'; --",
      ),
    );
  }
  return hostileString;
}

function queryCase(op: Op, fixtures: Fixtures, document: Document): fc.Arbitrary<Case> {
  const param = op.query.length
    ? fc.constantFrom(...op.query).chain((p) =>
        queryValue(p.name, p.schema, fixtures)
          .filter((v) => urlSafe(v) && encodeURIComponent(v).length <= 6_000)
          .map((value) => ({ name: p.name, value, valid: queryValueValid(p.schema, value) && p.name !== "cursor" })),
      )
    : fc.constant(null);
  const unknown = fc
    .constantFrom("foo", "LIMIT", "limit[]", "cursor ", "constructor", "status[$ne]", "page", "offset")
    .map((name) => ({ name, value: "1", valid: false }));
  const list = op.query.length
    ? fc.array(fc.oneof({ weight: 5, arbitrary: param }, { weight: 1, arbitrary: unknown }), { minLength: 1, maxLength: 3 })
    : fc.tuple(unknown);
  return fc.tuple(list, op.body ? validValue(op.body, document) : fc.constant(undefined)).map(([params, body]): Case => {
    const present = params.filter((p) => p !== null);
    // A repeated name is refused whatever its values (each parameter takes one value).
    const last = new Map(present.map((p) => [p.name, p]));
    const valid = [...last.values()].every((p) => p.valid) && last.size === present.length;
    const search = present.map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(p.value)}`).join("&");
    const expect: Expectation = !valid ? "4xx" : op.pathParams.length || op.method !== "GET" ? "200-or-4xx" : "200";
    return {
      kind: "query",
      label: `query ${[...last.values()].map((p) => `${p.name}${p.valid ? "" : " (bad)"}`).join(", ")}`,
      method: op.method,
      path: `${fill(op)}?${search}`,
      body,
      expect,
    };
  });
}

const encoder = new TextEncoder();

function bodyCase(op: Op, document: Document): fc.Arbitrary<Case> {
  const schema = op.body!;
  const path = fill(op);
  const strings = slotsOf(schema, document).filter((slot) => slot.schema.type === "string" || slot.schema.anyOf?.some((v) => v.type === "string"));
  const broken = fc
    .tuple(
      validValue(schema, document),
      breakersFor(schema, document),
      fc.array(fc.tuple(fc.constantFrom(...(strings.length ? strings : [null])), hostileString), { maxLength: 3 }),
    )
    .map(([base, breaker, decorations]): Case => {
      let body = base;
      for (const [slot, text] of decorations) if (slot && slot.path.join(".") !== breaker.path.join(".")) body = setAt(body, slot.path, text);
      return { kind: "body", label: `body ${breaker.label}`, method: op.method, path, body: breaker.apply(body), expect: "4xx" };
    });
  const whole = validValue(schema, document).chain((base) => {
    const text = JSON.stringify(base);
    return fc.oneof(
      fc
        .constantFrom<unknown>([], [base], "a string", 42, null, true)
        .map((body): Case => ({ kind: "body", label: "body not an object", method: op.method, path, body, expect: "4xx" })),
      fc.nat(text.length - 1).map((cut): Case => ({
        kind: "body",
        label: "body broken JSON",
        method: op.method,
        path,
        rawBody: text.slice(0, cut),
        headers: { "content-type": "application/json" },
        expect: "4xx",
      })),
      fc.constantFrom([0xff], [0xc3, 0x28], [0xed, 0xa0, 0x80], [0xc0, 0xae]).map((bytes): Case => {
        const inner = encoder.encode(text.slice(0, -1));
        const raw = new Uint8Array([...inner, ...encoder.encode(',"x":"'), ...bytes, ...encoder.encode('"}')]);
        return { kind: "body", label: "body not UTF-8", method: op.method, path, rawBody: raw, headers: { "content-type": "application/json" }, expect: "4xx" };
      }),
      fc
        .constantFrom("text/plain", "application/x-www-form-urlencoded", "application/json-patch+json", "application/jsonx", "text/json", "")
        .map((type): Case => ({
          kind: "body",
          label: `body sent as ${type || "no content type"}`,
          method: op.method,
          path,
          rawBody: type ? text : encoder.encode(text),
          headers: type ? { "content-type": type } : {},
          expect: "4xx",
        })),
      fc.constant<Case>({
        kind: "body",
        label: "body over 1 MiB",
        method: op.method,
        path,
        rawBody: `${text.slice(0, -1)},"pad":"${"x".repeat(1_100_000)}"}`,
        headers: { "content-type": "application/json" },
        expect: "4xx",
      }),
    );
  });
  return fc.oneof({ weight: 4, arbitrary: broken }, { weight: 1, arbitrary: whole });
}

/** The kinds of generated cases that apply to an operation, each with its arbitrary. */
export function caseArbitraries(op: Op, fixtures: Fixtures, document: Document): Partial<Record<Case["kind"], fc.Arbitrary<Case>>> {
  return {
    ...(op.body ? { body: bodyCase(op, document) } : {}),
    ...(op.pathParams.length ? { path: pathCase(op, document) } : {}),
    query: queryCase(op, fixtures, document),
  };
}
