// The event types a webhook endpoint can subscribe to (contract §7), from the event catalog.
// A pure module: the settings page imports it too.
export { EVENT_TYPES, type EventType } from "@/lib/events/catalog";
