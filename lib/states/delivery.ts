import { labelled, named } from "@/lib/states/define";

// A webhook delivery's statuses (`deliveries.status`, lib/webhooks/). Browser-safe.

export const DELIVERY_STATUSES = ["pending", "succeeded", "dead"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const DELIVERY_STATUS = named(DELIVERY_STATUSES);
export const DELIVERY_STATUS_LABELS = labelled(DELIVERY_STATUSES);
