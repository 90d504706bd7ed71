import { describe, expect, it } from "vitest";
import { openApiDocument } from "@/lib/api/openapi";
import { EVENT_CATALOG, EVENT_KINDS } from "@/lib/events/catalog";
import { ERROR_CODES, isErrorCode } from "@/lib/http/error-codes";

type ErrorResponse = { description: string; content?: Record<string, { schema: { allOf?: { properties?: { code?: { enum?: string[] } } }[] } }> };
type Document = { paths: Record<string, Record<string, { responses: Record<string, ErrorResponse> }>> };

/** Each documented error response's codes, by "method path status". */
function documentedCodes(): Map<string, { codes: string[]; description: string }> {
  const out = new Map<string, { codes: string[]; description: string }>();
  for (const [route, operations] of Object.entries((openApiDocument() as unknown as Document).paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      for (const [status, response] of Object.entries(operation.responses).filter(([status]) => Number(status) >= 400)) {
        const schema = response.content?.["application/problem+json"]?.schema;
        out.set(`${method} ${route} ${status}`, {
          codes: schema?.allOf?.find((part) => part.properties?.code)?.properties?.code?.enum ?? [],
          description: response.description,
        });
      }
    }
  }
  return out;
}

describe("the OpenAPI document's error responses", () => {
  it("name their codes, each in the registry with that status", () => {
    const documented = documentedCodes();
    expect(documented.size).toBeGreaterThan(100);
    for (const [where, { codes, description }] of documented) {
      expect(codes.length, where).toBeGreaterThan(0);
      const status = Number(where.split(" ").at(-1));
      for (const code of codes) {
        expect(isErrorCode(code) && ERROR_CODES[code].status, `${where} ${code}`).toBe(status);
        expect(description, where).toContain(`\`${code}\``);
      }
    }
  });

  it("names the specific 409 codes that used to be prose", () => {
    const codes = (where: string) => documentedCodes().get(where)?.codes;
    expect(codes("post /leads 409")).toEqual(expect.arrayContaining(["lead_exists", "idempotency_conflict"]));
    expect(codes("post /prompts/{name}/fork 409")).toContain("version_exists");
    expect(codes("post /runs 409")).toEqual(expect.arrayContaining(["campaign_not_approved", "fork_not_approved"]));
    expect(codes("post /campaigns/{id}/approve 409")).toContain("eval_regression");
    expect(codes("get /leads/{id} 404")).toEqual(["not_found"]);
    expect(codes("get /leads/{id} 409")).toBeUndefined();
  });
});

describe("the OpenAPI document's webhooks", () => {
  type Schema = { $ref?: string; const?: string; properties?: Record<string, Schema>; required?: string[] };
  const document = openApiDocument() as unknown as {
    webhooks: Record<string, { post: { requestBody: { content: { "application/json": { schema: Schema } } } } }>;
    components: { schemas: Record<string, Schema> };
  };

  it("has an entry for every event kind, its body the envelope with the kind's data schema", () => {
    expect(Object.keys(document.webhooks).sort()).toEqual([...EVENT_KINDS].sort());
    for (const kind of EVENT_KINDS) {
      let schema = document.webhooks[kind].post.requestBody.content["application/json"].schema;
      if (schema.$ref) schema = document.components.schemas[schema.$ref.split("/").at(-1)!];
      expect(schema.properties?.event?.const, kind).toBe(kind);
      expect(Object.keys(schema.properties?.data?.properties ?? {}).sort(), kind).toEqual(Object.keys(EVENT_CATALOG[kind].data.shape).sort());
      expect(schema.properties?.data?.required?.length, kind).toBeGreaterThan(1);
    }
  });
});
