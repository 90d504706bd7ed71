import { z } from "zod";
import { EVENT_CATALOG } from "@/lib/events/catalog";
import { EVENT_TYPES, type EventType } from "@/lib/events/types";

// What each webhook event means and what its `data` holds, for /docs/api: read off the event
// catalog's zod schemas (lib/events/catalog.ts), the same the outbox checks and OpenAPI publishes.

export type EventField = { name: string; type: string; description: string };
export type EventDoc = { type: EventType; when: string; data: EventField[] };

type JsonSchema = {
  type?: string | string[];
  format?: string;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  description?: string;
};

function typeName(schema: JsonSchema): string {
  if (schema.anyOf) return schema.anyOf.map(typeName).join(" | ");
  if (schema.type === "array") return `${schema.items ? typeName(schema.items) : "any"}[]`;
  if (schema.type === "object") return `{${Object.keys(schema.properties ?? {}).join(", ")}}`;
  if (Array.isArray(schema.type)) return schema.type.join(" | ");
  if (schema.type === "integer") return "number";
  return schema.format ? `${schema.type} (${schema.format})` : String(schema.type ?? "any");
}

function fields(schema: z.ZodObject): EventField[] {
  const json = z.toJSONSchema(schema) as JsonSchema;
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({ name, type: typeName(property), description: property.description ?? "" }));
}

export function eventCatalog(): EventDoc[] {
  return EVENT_TYPES.map((type) => ({ type, when: EVENT_CATALOG[type].when, data: fields(EVENT_CATALOG[type].data) }));
}
