import { z } from "zod";
import type { ZodOpenApiPathItemObject } from "zod-openapi";
import { EVENT_CATALOG, type EventKind } from "@/lib/events/catalog";

/** The envelope every webhook POSTs (contract §7) around one kind's data. */
export function eventEnvelope(kind: EventKind) {
  return z
    .object({
      event: z.literal(kind),
      id: z.string().meta({ example: "evt_01jd0000000000000000000000" }),
      occurred_at: z.string().meta({ description: "RFC 3339 time" }),
      data: EVENT_CATALOG[kind].data,
    })
    .meta({ id: `Event_${kind.replace(".", "_")}` });
}

/** The OpenAPI `webhooks` section: one entry per event kind, with its schema. */
export function eventWebhooks(): Record<string, ZodOpenApiPathItemObject> {
  return Object.fromEntries(
    (Object.keys(EVENT_CATALOG) as EventKind[]).map((kind) => [
      kind,
      {
        post: {
          summary: kind,
          description: `${EVENT_CATALOG[kind].description} Signed with \`X-Service-Signature\` (see /docs/webhooks); answer 2xx within 10 s.`,
          requestBody: { required: true, content: { "application/json": { schema: eventEnvelope(kind) } } },
          responses: { "200": { description: "Any 2xx acknowledges the delivery; anything else is retried." } },
        },
      },
    ]),
  );
}
