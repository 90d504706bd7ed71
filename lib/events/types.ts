// The event kinds a webhook endpoint can subscribe to (contract §7). A pure module: the settings
// page imports it too. Each has its entry (when it is sent, its data schema) in lib/events/catalog.ts.
export const EVENT_TYPES = [
  "lead.qualified",
  "lead.rejected",
  "draft.ready",
  "draft.approved",
  "draft.rejected",
  "send.completed",
  "reply.received",
  "lead.sequence_ended",
  "campaign.approved",
  "campaign.rejected",
  "sender.paused",
  "sender.resumed",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
