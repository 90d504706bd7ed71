// The OpenAPI document as the bad-input suites read it: the subset of JSON Schema the zod schemas
// produce, and one flat description per operation (method, path template, parameters, body).

export type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  $ref?: string;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: boolean | Schema;
  example?: unknown;
};
export type Parameter = { name: string; in: string; required?: boolean; schema?: Schema };
export type OperationObject = { operationId: string; parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> } };
export type Document = { paths: Record<string, Record<string, OperationObject>>; components?: { schemas?: Record<string, Schema> } };

export type Op = {
  id: string;
  method: string;
  template: string;
  pathParams: { name: string; schema: Schema }[];
  query: { name: string; schema: Schema }[];
  /** The JSON body's schema (resolved), when the operation takes one. */
  body?: Schema;
};

/** Follows `$ref`s to the schema they name. */
export function deref(schema: Schema | undefined, document: Document): Schema {
  if (!schema) return {};
  if (schema.$ref) return deref(document.components?.schemas?.[schema.$ref.split("/").at(-1)!], document);
  return schema;
}

/** The JSON types a schema allows (through anyOf/oneOf); empty when it allows anything. */
export function typesOf(schema: Schema | undefined, document: Document): Set<string> {
  const resolved = deref(schema, document);
  const variants = resolved.anyOf ?? resolved.oneOf;
  if (variants) return new Set(variants.flatMap((variant) => [...typesOf(variant, document)]));
  if (resolved.type === undefined) return new Set();
  return new Set(Array.isArray(resolved.type) ? resolved.type : [resolved.type]);
}

/** Every operation of the document except the public document itself. */
export function operationsOf(document: Document): Op[] {
  const out: Op[] = [];
  for (const [template, methods] of Object.entries(document.paths)) {
    if (template.includes("openapi.json")) continue;
    for (const [method, operation] of Object.entries(methods)) {
      const params = operation.parameters ?? [];
      out.push({
        id: operation.operationId,
        method: method.toUpperCase(),
        template,
        pathParams: params.filter((p) => p.in === "path").map((p) => ({ name: p.name, schema: deref(p.schema, document) })),
        query: params.filter((p) => p.in === "query").map((p) => ({ name: p.name, schema: deref(p.schema, document) })),
        body: operation.requestBody?.content?.["application/json"]?.schema
          ? deref(operation.requestBody.content["application/json"].schema, document)
          : undefined,
      });
    }
  }
  return out;
}
