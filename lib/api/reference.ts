import { z } from "zod";
import { operationErrors } from "@/lib/api/operation";
import { openApiDocument } from "@/lib/api/openapi";
import { OPERATIONS } from "@/lib/api/operations";
import { operationExamples, type OperationExample } from "@/lib/api/reference-examples";

// A plain description of every operation for the /docs/api page, derived from the same schemas.

export type FieldDoc = { name: string; type: string; required: boolean; description?: string };
export type OperationDoc = {
  id: string;
  method: string;
  path: string;
  summary: string;
  description?: string;
  tag: string;
  role: string;
  pathParams: FieldDoc[];
  queryParams: FieldDoc[];
  body: FieldDoc[];
  success: { status: number; description: string; schema?: string };
  /** Each error status with its codes, e.g. "409 (lead_exists, idempotency_conflict)". */
  errors: string[];
  example?: OperationExample;
};

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  description?: string;
  format?: string;
  id?: string;
};

function typeName(schema: JsonSchema): string {
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (schema.anyOf) return schema.anyOf.map(typeName).join(" | ");
  if (schema.type === "array") return `${schema.items ? typeName(schema.items) : "any"}[]`;
  if (Array.isArray(schema.type)) return schema.type.join(" | ");
  return schema.format ? `${schema.type ?? "any"} (${schema.format})` : (schema.type ?? "any");
}

function fields(schema: z.ZodType | undefined): FieldDoc[] {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    type: typeName(property),
    required: (json.required ?? []).includes(name),
    description: property.description,
  }));
}

let built: OperationDoc[] | undefined;

/**
 * Built once per process: it depends only on the operations table and their schemas, and costs about
 * 100 ms of CPU (a JSON Schema per parameter and body, an example per operation), which /docs/api
 * used to pay on every request.
 */
export function apiReference(): OperationDoc[] {
  built ??= buildReference();
  return built;
}

function buildReference(): OperationDoc[] {
  const examples = operationExamples(openApiDocument());
  return OPERATIONS.map((operation) => ({
    id: operation.id,
    method: operation.method,
    path: `/v1${operation.path}`,
    summary: operation.summary,
    description: operation.description,
    tag: operation.tag,
    role: operation.role,
    pathParams: fields(operation.params),
    queryParams: fields(operation.query),
    body: fields(operation.body),
    success: {
      status: operation.success.status,
      description: operation.success.description,
      schema: operation.success.schema ? String((z.globalRegistry.get(operation.success.schema) as { id?: string } | undefined)?.id ?? "object") : undefined,
    },
    errors: [...operationErrors(operation)].map(([status, codes]) => `${status} (${codes.join(", ")})`),
    example: examples.get(operation.id),
  }));
}
