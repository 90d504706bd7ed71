"use client";

import Link from "next/link";
import { Time } from "@/components/ui/time";
import type { Endpoint } from "@/components/webhooks/types";

const UNITS: [string, number][] = [
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
  ["second", 1000],
];

/** "3 days", "1 hour", "4 seconds": the largest whole unit of a duration. */
export function formatDuration(ms: number): string {
  for (const [unit, size] of UNITS) {
    const count = Math.floor(ms / size);
    if (count >= 1 || unit === "second") return `${count} ${unit}${count === 1 ? "" : "s"}`;
  }
  return "";
}

/**
 * The endpoint's health on its card: disabled by the worker after continuous failure (with what to
 * do), or failing now and heading that way. Nothing while deliveries succeed.
 */
export function EndpointHealthNotice({ endpoint }: { endpoint: Endpoint }) {
  if (endpoint.disabled_reason === "failing" && endpoint.failing_since && endpoint.disabled_at) {
    const duration = formatDuration(Date.parse(endpoint.disabled_at) - Date.parse(endpoint.failing_since));
    return (
      <section aria-label="Endpoint health" role="status" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
        <p className="font-semibold">
          Disabled automatically after {duration} of failures since <Time iso={endpoint.failing_since} />.
        </p>
        <p className="mt-1">
          Nothing is sent to it, and the deliveries that were waiting went to{" "}
          <Link href="/settings/webhooks/dead-letters" className="font-medium underline underline-offset-2">
            Dead letters
          </Link>
          . Fix the receiver, enable the endpoint, then replay them.
        </p>
      </section>
    );
  }
  if (endpoint.enabled && endpoint.failing_since) {
    return (
      <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
        Every delivery has failed since <Time iso={endpoint.failing_since} />. An endpoint that keeps failing is disabled automatically.
      </p>
    );
  }
  return null;
}
