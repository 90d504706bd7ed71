// What the webhook settings page shows (the shapes app/api/web/webhook-endpoints/** answer with).

import type { DeliveryStatus } from "@/lib/states/delivery";

export type Endpoint = {
  id: string;
  url: string;
  events: string[];
  enabled: boolean;
  description: string;
  secret_rotating_until: string | null;
  /** `failing`: the worker disabled it after continuous failure (docs/webhooks.md). */
  disabled_reason: "manual" | "failing" | null;
  disabled_at: string | null;
  failing_since: string | null;
  created_at: string;
};
export type EndpointWithSecret = Endpoint & { secret: string };

export type Attempt = {
  attempt: number;
  started_at: string;
  duration_ms: number;
  status_code: number | null;
  error: string | null;
  response_body: string | null;
};
export type Delivery = {
  id: string;
  event: { id: string; event: string; occurred_at: string };
  status: DeliveryStatus;
  attempts: Attempt[];
  next_attempt_at: string | null;
  last_error: string | null;
  created_at: string;
};
