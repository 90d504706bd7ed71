import { z } from "zod";
import type { ZodOpenApiOperationObject } from "zod-openapi";
import { EVENT_CATALOG, EVENT_KINDS } from "@/lib/events/catalog";

// The OpenAPI 3.1 `webhooks` section: one POST per event kind, its body the envelope
// lib/webhooks/deliver.ts sends with the kind's `data` schema from the event catalog.

const SIGNATURE_HEADERS = z.object({
  "x-service-signature": z
    .string()
    .meta({ description: 't=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">; one v1 per valid secret (docs/webhooks.md)' }),
  "x-service-event-id": z.string().meta({ description: "The event id (evt_…), the same on every attempt" }),
  "x-service-event": z.string().meta({ description: "The event kind" }),
  "x-service-delivery-attempt": z.string().meta({ description: "1 on the first attempt, then 2, 3…" }),
});

function schemaId(kind: string): string {
  return `${kind
    .split(/[._]/)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join("")}Event`;
}

export function eventWebhooks(): Record<string, { post: ZodOpenApiOperationObject }> {
  return Object.fromEntries(
    EVENT_KINDS.map((kind) => {
      const entry = EVENT_CATALOG[kind];
      const envelope = z
        .object({
          event: z.literal(kind),
          id: z.string().meta({ description: "The event id (evt_…)" }),
          occurred_at: z.iso.datetime(),
          data: entry.data,
        })
        .meta({ id: schemaId(kind) });
      const operation: ZodOpenApiOperationObject = {
        operationId: schemaId(kind).replace(/Event$/, "Webhook"),
        summary: kind,
        description: `Sent when ${entry.when}.`,
        tags: ["Webhook events"],
        requestParams: { header: SIGNATURE_HEADERS },
        requestBody: { required: true, content: { "application/json": { schema: envelope } } },
        responses: { "200": { description: "Any 2xx within 10 seconds acknowledges it; anything else is retried" } },
      };
      return [kind, { post: operation }];
    }),
  );
}
