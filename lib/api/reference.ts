import { z } from "zod";
import { operationErrors } from "@/lib/api/operation";
import { ERROR_CODES } from "@/lib/error-codes";
import { EVENT_CATALOG, type EventKind } from "@/lib/events/catalog";
import { OPERATIONS } from "@/lib/api/operations";

// A plain description of every operation for the /docs/api page, derived from the same schemas.

export type FieldDoc = { name: string; type: string; required: boolean; description?: string };
export type OperationDoc = {
  id: string; method: string; path: string; summary: string; description?: string; tag: string; role: string;
  pathParams: FieldDoc[]; queryParams: FieldDoc[]; body: FieldDoc[]; success: { status: number; description: string; schema?: string };
  /** Each error status with the codes this operation answers with it. */
  errors: { status: number; codes: string[] }[];
};

type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; required?: string[]; enum?: unknown[]; items?: JsonSchema; anyOf?: JsonSchema[]; description?: string; format?: string; id?: string };

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
    name, type: typeName(property), required: (json.required ?? []).includes(name), description: property.description,
  }));
}

export function apiReference(): OperationDoc[] {
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
    success: { status: operation.success.status, description: operation.success.description, schema: operation.success.schema ? String((z.globalRegistry.get(operation.success.schema) as { id?: string } | undefined)?.id ?? "object") : undefined },
    errors: [...operationErrors(operation)].map(([status, codes]) => ({ status, codes })),
  }));
}

export type ErrorCodeDoc = { code: string; status: number; description: string };

/** Every error code (lib/error-codes.ts), for the errors table. */
export function errorCodeReference(): ErrorCodeDoc[] {
  return Object.entries(ERROR_CODES).map(([code, info]) => ({ code, status: info.status, description: info.description }));
}

export type EventDoc = { kind: string; description: string; subscribable: boolean; data: FieldDoc[] };

/** Every event kind (lib/events/catalog.ts) with the fields of its `data`. */
export function eventReference(): EventDoc[] {
  return (Object.keys(EVENT_CATALOG) as EventKind[]).map((kind) => ({
    kind, description: EVENT_CATALOG[kind].description, subscribable: !("subscribable" in EVENT_CATALOG[kind]), data: fields(EVENT_CATALOG[kind].data),
  }));
}
