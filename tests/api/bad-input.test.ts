import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { call, testWorkspace } from "../helpers/api-fixtures";
import { deref, type Document, type Schema } from "../helpers/openapi-walk";
import { snapshotDiff, workspacesSnapshot } from "../helpers/workspace-snapshot";

// Malformed requests generated from the OpenAPI document, for every operation: hostile path
// parameters, wrong-typed and out-of-range query values, bad cursors, and JSON bodies that miss a
// required field, carry a wrong type, a huge or hostile string, an unknown field, or are not an
// object at all. Every answer must be a 4xx problem+json (never a 500), and the workspace must be
// exactly as it was. The property-based suite (bad-input-properties.test.ts) generates more from
// the same document; this corpus keeps a fixed, readable list.

const HOSTILE = [
  "../../../etc/passwd",
  "..%2F..%2Fetc%2Fpasswd",
  "' OR '1'='1' --",
  '"; DROP TABLE leads; --',
  "<script>alert(1)</script>",
  "\u0000nul",
  "💥\u202e\u200b",
  "a".repeat(5_000),
  "%",
  "v1.2.3; rm -rf /",
  "prompt@other-ws:v9.9.9",
];
const WRONG_TYPES: unknown[] = [12345, -1, 1.5e308, true, null, [], {}, "", "x".repeat(100_000)];

function resolve(schema: Schema | undefined, document: Document): Schema | undefined {
  if (!schema) return undefined;
  const resolved = deref(schema, document);
  const variant = resolved.anyOf?.[0] ?? resolved.oneOf?.[0];
  return variant ? resolve(variant, document) : resolved;
}

/** A plausible value of a property, so that the one broken field is what the server refuses. */
function wrongFor(schema: Schema | undefined): unknown[] {
  const type = Array.isArray(schema?.type) ? schema?.type[0] : schema?.type;
  // Hostile text is valid text in a free-text field; NUL is not (PostgreSQL cannot store it).
  if (type === "string") return [123, true, [], {}, "x".repeat(100_000), "nul \u0000 inside"];
  if (type === "integer" || type === "number") return ["12", -1e12, 1e15, 1.5, null, {}];
  if (type === "boolean") return ["true", 1, null];
  if (type === "array") return ["not-an-array", [{ nested: true }], Array.from({ length: 5_000 }, () => "x")];
  if (type === "object") return ["not-an-object", [], 7];
  return [Symbol.for("skip")];
}

/** A hostile string in a free-text filter is still a valid filter: it must not break anything, but may match nothing (200). */
type Probe = { method: string; path: string; body?: unknown; rawBody?: string; label: string; freeText?: boolean };

function probes(document: Document, ids: Record<string, string>): Probe[] {
  const out: Probe[] = [];
  for (const [template, methods] of Object.entries(document.paths)) {
    if (template.includes("openapi.json")) continue;
    for (const [method, operation] of Object.entries(methods)) {
      const upper = method.toUpperCase();
      const pathParams = (operation.parameters ?? []).filter((p) => p.in === "path");
      const fill = (override?: Record<string, string>) =>
        template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(override?.[name] ?? ids[name] ?? "missing"));
      for (const param of pathParams)
        for (const value of HOSTILE) out.push({ method: upper, path: `/v1${fill({ [param.name]: value })}`, label: `${upper} ${template} path ${param.name}` });

      for (const param of (operation.parameters ?? []).filter((p) => p.in === "query")) {
        const values =
          param.name === "cursor"
            ? ["garbage", "eyJhIjoxfQ", "%%%", "a".repeat(3_000)]
            : param.name === "limit"
              ? ["0", "-5", "abc", "1e9", "101"]
              : HOSTILE.slice(0, 3);
        const schema = resolve(param.schema, document) as (Schema & { enum?: unknown[]; pattern?: string; format?: string }) | undefined;
        const freeText = param.name !== "cursor" && param.name !== "limit" && schema?.type === "string" && !schema.enum && !schema.pattern && !schema.format;
        for (const value of values)
          out.push({
            method: upper,
            path: `/v1${fill()}?${param.name}=${encodeURIComponent(value)}`,
            label: `${upper} ${template} query ${param.name}`,
            freeText,
          });
      }

      const schema = resolve(operation.requestBody?.content?.["application/json"]?.schema, document);
      if (!schema) continue;
      const path = `/v1${fill()}`;
      for (const body of [[], "a string", 42, null]) out.push({ method: upper, path, body, label: `${upper} ${template} body not an object` });
      out.push({ method: upper, path, rawBody: '{"broken": ', label: `${upper} ${template} broken JSON` });
      out.push({ method: upper, path, body: { unexpected_field: "x" }, label: `${upper} ${template} unknown field only` });
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        for (const value of wrongFor(resolve(property, document))) {
          if (typeof value === "symbol") continue;
          out.push({ method: upper, path, body: { [name]: value }, label: `${upper} ${template} body ${name}` });
        }
      }
      if ((schema.required ?? []).length)
        for (const value of WRONG_TYPES.slice(0, 3))
          out.push({
            method: upper,
            path,
            body: { ...Object.fromEntries((schema.required ?? []).map((n) => [n, value])) },
            label: `${upper} ${template} required fields wrong`,
          });
    }
  }
  return out;
}

describe("bad input, generated from the OpenAPI document", () => {
  it("answers every malformed request with a 4xx problem+json and changes nothing", async () => {
    const ws = await testWorkspace("badinput", "enterprise");
    const document = (await call("GET", "/v1/openapi.json", { token: null })).body as unknown as Document;
    const ids = { id: "lead_01aaaaaaaaaaaaaaaaaaaaaaaa", slug: "saas-outbound", name: "qualify", version: "v1.0.0", semver: "v1.0.0" };
    const all = probes(document, ids);
    expect(all.length).toBeGreaterThanOrEqual(500);
    const system = await db().workspace.findUniqueOrThrow({ where: { slug: "system" } });
    const before = await workspacesSnapshot(ws.workspace.id, system.id);

    const failures: string[] = [];
    for (let i = 0; i < all.length; i += 16) {
      const answers = await Promise.all(
        all.slice(i, i + 16).map(async (probe) => ({
          probe,
          answer: await call(probe.method, probe.path, { token: ws.tokens.admin, body: probe.body, rawBody: probe.rawBody }),
        })),
      );
      for (const { probe, answer } of answers) {
        const type = answer.headers.get("content-type") ?? "";
        if (probe.freeText && answer.status === 200) continue;
        if (answer.status < 400 || answer.status >= 500 || !type.startsWith("application/problem+json") || typeof answer.body.code !== "string") {
          failures.push(`${probe.label} → ${answer.status} ${type} ${JSON.stringify(answer.body).slice(0, 200)}`);
        }
      }
    }
    expect(failures, failures.slice(0, 20).join("\n")).toEqual([]);
    expect(snapshotDiff(before, await workspacesSnapshot(ws.workspace.id, system.id))).toEqual([]);
    console.log(`bad input: ${all.length} malformed requests, all 4xx problem+json, nothing changed`);
  }, 300_000);
});
