import { z } from "zod";
import type { EventType } from "@/lib/events/types";
import { SEQUENCE_END_REASONS } from "@/lib/statuses";
import { DRAFT_KINDS } from "@/lib/lifecycle/draft-kind";

// The event catalog (contract §7): one zod schema per event kind for its `data`. Producers' data is
// typed by it (OutboxEvent), the outbox checks every event against it before writing, and the
// OpenAPI document (`webhooks`) and /docs/api publish it.
//
// To add an event kind: its name in EVENT_TYPES (lib/events/types.ts, what endpoints may subscribe
// to), then an entry here; the type checker then asks for nothing else, and producers write
// `{ type, data }` through writeEvents (lib/events/outbox.ts).

export type EventKind = EventType | "webhook.test";
export type EventEntry = { when: string; data: z.ZodObject };

const id = (what: string) => z.string().meta({ description: what });
const lead_id = id("The lead (lead_…)");
const run_id = id("The run the lead went through (run_…)");
const draft_id = id("The draft (drf_…)");
const campaign_id = id("The campaign (cmp_…)");
const sender_id = z
  .string()
  .nullable()
  .meta({ description: "The sender of the lead's sequence (sdr_…); null: the workspace's default sender, or none assigned yet" });
const campaignName = z.string().meta({ description: "The campaign's name" });
const dateTime = (what: string) => z.iso.datetime().meta({ description: what });
const step = z.number().int().min(1).meta({ description: "The campaign step (1: the first email; 2 and later: follow-ups in its thread)" });
/** A draft's step: null for an answer to a reply (kind reply), which is no step of the sequence. */
const draftStep = z
  .number()
  .int()
  .min(1)
  .nullable()
  .meta({ description: "The campaign step (1: the first email; 2 and later: follow-ups in its thread); null for an answer to a reply (`kind` reply)" });
const kind = z.enum(DRAFT_KINDS).meta({ description: "first (step 1), follow_up (a later step) or reply (an answer to a lead's reply, contract §13)" });
const reply_id = z.string().nullable().meta({ description: "The reply an answer (`kind` reply) answers (rpl_…); null for other kinds" });

export const EVENT_CATALOG = {
  "lead.qualified": {
    when: "qualify accepted the lead",
    data: z.strictObject({
      lead_id,
      run_id,
      score: z.number().meta({ description: "0–100" }),
      reasons: z.array(z.string()).meta({ description: "Why it qualified" }),
    }),
  },
  "lead.rejected": {
    when: "a stage ended the lead: a pack rule, qualify, the relay or the suppression list",
    data: z.strictObject({
      lead_id,
      run_id,
      stage: z.string().meta({ description: "extract_signals, qualify, draft_email or send" }),
      reason: z.strictObject({ code: z.string().nullable(), message: z.string().nullable() }).meta({ description: "A stable code and a sentence" }),
    }),
  },
  "draft.ready": {
    when: "draft_email (step 1), follow_up (a later step) or reply (an answer to a reply) wrote a draft that waits for review",
    data: z.strictObject({
      lead_id,
      draft_id,
      review_url: z.string().meta({ description: "The draft's page in the web app" }),
      run_id,
      step: draftStep,
      sender_id,
      kind,
      reply_id,
    }),
  },
  "draft.approved": {
    when: "a reviewer's approval of a draft stands: at once for an API approval; for a web app approval, when its 10-second undo window closes, together with the send (an approval undone in the window is never announced). It always precedes the draft's send.completed",
    data: z.strictObject({
      lead_id,
      draft_id,
      run_id,
      reviewer: id("The reviewing user's id (usr_…)"),
      edited: z.boolean().meta({ description: "Whether the reviewer changed subject or body" }),
      step: draftStep,
      sender_id,
    }),
  },
  "draft.rejected": {
    when: "a reviewer rejected a draft",
    data: z.strictObject({
      lead_id,
      draft_id,
      run_id,
      reviewer: id("The reviewing user's id (usr_…)"),
      reason: z.string().meta({ description: "The reviewer's reason" }),
    }),
  },
  "send.completed": {
    when: "the customer's relay accepted the email",
    data: z.strictObject({
      lead_id,
      draft_id,
      run_id,
      message_id: z.string().meta({ description: "The Message-ID header sent" }),
      accepted_at: dateTime("When the relay accepted it"),
      step: draftStep,
      kind,
      sender_id,
      scheduled_for: z.iso
        .datetime()
        .nullable()
        .meta({ description: "The slot it was scheduled for (a campaign's window, its sender's cap); null when it went at once" }),
    }),
  },
  "reply.received": {
    when: "a reply to a sent email was classified by track",
    data: z.strictObject({
      lead_id,
      draft_id,
      run_id,
      reply_id: id("The reply (rpl_…)"),
      classification: z
        .string()
        .meta({ description: "interested, meeting_request, question, not_interested, out_of_office, auto_reply, wrong_person, unsubscribe, bounce or other" }),
      confidence: z.number().nullable().meta({ description: "0–1 (null when the classifier gave none)" }),
      received_at: dateTime("When the reply arrived"),
      step: draftStep.meta({ description: "The step of the email it answers (null: it answers an answer of ours)" }),
      sender_id,
    }),
  },
  "lead.sequence_ended": {
    when: "a lead's sequence (a campaign with follow-up steps) ended: its last step was sent, or a reply, bounce, unsubscribe, rejected draft or a reviewer stopped it",
    data: z.strictObject({
      lead_id,
      run_id,
      campaign_id: campaign_id.nullable(),
      step: step.meta({ description: "The step the lead had reached" }),
      reason: z
        .enum(SEQUENCE_END_REASONS)
        .meta({ description: "completed, replied, bounced, unsubscribed, rejected, stopped or company_replied (a colleague at the same company replied)" }),
    }),
  },
  "campaign.approved": {
    when: "a reviewer approved a campaign's prompt set",
    data: z.strictObject({
      campaign_id,
      name: campaignName,
      reviewer: z.string().meta({ description: "The reviewer's name" }),
      set_hash: z.string().meta({ description: "The hash of the approved prompt set (the approval lapses if it changes)" }),
    }),
  },
  "campaign.rejected": {
    when: "a reviewer rejected a campaign",
    data: z.strictObject({
      campaign_id,
      name: campaignName,
      reviewer: z.string().meta({ description: "The reviewer's name" }),
      reason: z.string().meta({ description: "The reviewer's reason" }),
    }),
  },
  "sender.paused": {
    when: "a hard bounce brought a sender's bounce rate over its last 7 days to the workspace's max_bounce_rate (with at least min_sends sends): nothing more goes out through it until an admin resumes it",
    data: z.strictObject({
      sender_id,
      reason: z.enum(["bounce_rate"]).meta({ description: "Why it was paused" }),
      bounce_rate: z.number().meta({ description: "Hard bounces ÷ sends over the last 7 days (0–1)" }),
      sends_7d: z.number().int().meta({ description: "Sends over the last 7 days" }),
    }),
  },
  "sender.resumed": {
    when: "an admin resumed a paused sender: its waiting sends go out",
    data: z.strictObject({
      sender_id,
      reason: z.string().meta({ description: "The admin's reason" }),
    }),
  },
  "webhook.test": {
    when: "someone asked for a test delivery to one endpoint (sent to that endpoint only; not subscribable)",
    data: z.strictObject({ endpoint_id: id("The endpoint (whe_…)"), message: z.string().meta({ description: "A fixed sentence" }) }),
  },
} satisfies Record<EventKind, EventEntry>;

export const EVENT_KINDS = Object.keys(EVENT_CATALOG) as EventKind[];

/** An event as producers write it: its kind and data typed by the kind's schema. */
export type CatalogEvent<K extends EventKind = EventKind> = { [T in K]: { type: T; data: z.input<(typeof EVENT_CATALOG)[T]["data"]> } }[K];

/** Throws when the event's data breaks its kind's schema (a producer's bug: the write must not happen). */
export function assertEventData(event: { type: string; data: unknown }): void {
  const entry = (EVENT_CATALOG as Record<string, EventEntry>)[event.type];
  if (!entry) throw new Error(`Unknown event kind ${event.type}: add it to lib/events/catalog.ts.`);
  const parsed = entry.data.safeParse(event.data);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".") || "data"}: ${issue.message}`).join("; ");
    throw new Error(`The ${event.type} event's data breaks its schema (lib/events/catalog.ts): ${problems}`);
  }
}
