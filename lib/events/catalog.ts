import { z } from "zod";

// Every event kind, once: its `data` schema and what it announces (contract §7). Producers build
// events with these types and lib/events/outbox.ts checks each `data` against its schema before
// writing it, so an event that breaks its schema fails the transaction that would announce it.
// The OpenAPI document (webhooks section) and /docs/api publish the same schemas.
// To add an event kind: one entry here (`subscribable: false` if endpoints cannot choose it).
// Pure (zod only): the settings page imports the list of types through lib/webhooks/event-types.ts.

const id = (prefix: string) => z.string().startsWith(`${prefix}_`).meta({ example: `${prefix}_01jd0000000000000000000000` });
const timestamp = z.string().meta({ description: "RFC 3339 time", example: "2026-11-21T10:00:00.000Z" });

export const EVENT_CATALOG = {
  "lead.qualified": {
    description: "A lead passed qualify.",
    data: z.strictObject({ lead_id: id("lead"), run_id: id("run"), score: z.number().min(0).max(100), reasons: z.array(z.string()) }),
  },
  "lead.rejected": {
    description: "A lead left its run rejected or failed at a stage (not_icp, provider_refused, relay_rejected, suppressed, ...).",
    data: z.strictObject({ lead_id: id("lead"), run_id: id("run"), stage: z.string(), reason: z.strictObject({ code: z.string(), message: z.string() }) }),
  },
  "draft.ready": {
    description: "A draft waits for review.",
    data: z.strictObject({ lead_id: id("lead"), draft_id: id("drf"), review_url: z.string(), run_id: id("run") }),
  },
  "draft.approved": {
    description: "A reviewer approved a draft (maybe edited).",
    data: z.strictObject({ lead_id: id("lead"), draft_id: id("drf"), run_id: id("run"), reviewer: id("usr"), edited: z.boolean() }),
  },
  "draft.rejected": {
    description: "A reviewer rejected a draft.",
    data: z.strictObject({ lead_id: id("lead"), draft_id: id("drf"), run_id: id("run"), reviewer: id("usr"), reason: z.string() }),
  },
  "send.completed": {
    description: "The relay accepted an approved draft.",
    data: z.strictObject({ lead_id: id("lead"), draft_id: id("drf"), run_id: id("run"), message_id: z.string(), accepted_at: timestamp }),
  },
  "reply.received": {
    description: "A reply to a sent draft was classified.",
    data: z.strictObject({
      lead_id: id("lead"), draft_id: id("drf"), run_id: id("run"), reply_id: id("rpl"), classification: z.string(),
      confidence: z.number().min(0).max(1).nullable(), received_at: timestamp,
    }),
  },
  "webhook.test": {
    description: "Sent to one endpoint on request (POST /v1/webhook-endpoints/{id}/test); not subscribable.",
    subscribable: false,
    data: z.strictObject({ endpoint_id: id("whe"), message: z.string() }),
  },
} as const satisfies Record<string, { description: string; data: z.ZodType; subscribable?: false }>;

export type EventKind = keyof typeof EVENT_CATALOG;
export type EventData<K extends EventKind> = z.infer<(typeof EVENT_CATALOG)[K]["data"]>;
/** An event as producers write it: a kind and data of that kind's shape. */
export type OutboxEvent = { [K in EventKind]: { type: K; data: EventData<K> } }[EventKind];

type Subscribable = { [K in EventKind]: (typeof EVENT_CATALOG)[K] extends { subscribable: false } ? never : K }[EventKind];

/** The kinds a webhook endpoint can subscribe to (contract §7). */
export const EVENT_TYPES = (Object.keys(EVENT_CATALOG) as EventKind[]).filter(
  (kind) => !("subscribable" in EVENT_CATALOG[kind]),
) as [Subscribable, ...Subscribable[]];
export type EventType = Subscribable;

/** The event with its data checked against its kind's schema; throws a ZodError naming the field. */
export function checkedEvent(event: OutboxEvent): OutboxEvent {
  const schema = EVENT_CATALOG[event.type]?.data;
  if (!schema) throw new Error(`Unknown event kind "${event.type}": add it to lib/events/catalog.ts`);
  return { type: event.type, data: schema.parse(event.data) } as OutboxEvent;
}
