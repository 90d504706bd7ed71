import { labelled, named } from "@/lib/states/define";

// A sender's health (contract §13; lib/senders/health.ts): computed, not a stored column. Browser-safe.

export const SENDER_HEALTH_STATUSES = ["active", "paused"] as const;
export type SenderHealthStatus = (typeof SENDER_HEALTH_STATUSES)[number];
export const SENDER_HEALTH_STATUS = named(SENDER_HEALTH_STATUSES);
export const SENDER_HEALTH_STATUS_LABELS = labelled(SENDER_HEALTH_STATUSES);
