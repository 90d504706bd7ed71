"use client";

import Link from "next/link";
import { useRelayReadiness } from "@/components/data/queries/settings";
import { RELAY_READINESS } from "@/lib/states/relay";

// The warning on the review queue and the draft page when approvals cannot go out now: no relay
// (approved drafts wait and are sent once one is saved) or the relay's last send failed.

export function RelayWarning({ canConfigure = false }: { canConfigure?: boolean }) {
  const readiness = useRelayReadiness();
  const data = readiness.data;
  if (!data || data.state === RELAY_READINESS.ready) return null;
  return (
    <div role="status" data-testid="relay-warning" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <p className="font-semibold">
        {data.state === RELAY_READINESS.missing ? (data.senders > 0 ? "No default SMTP relay" : "No SMTP relay is configured") : "The SMTP relay is failing"}
      </p>
      <p className="mt-0.5 break-words">
        {data.message}
        {data.waiting > 0 ? ` ${data.waiting} approved ${data.waiting === 1 ? "draft is" : "drafts are"} waiting to be sent.` : ""}
        {canConfigure ? (
          <>
            {" "}
            <Link href="/settings/relay" className="font-medium underline">
              Set up the relay
            </Link>
          </>
        ) : null}
      </p>
    </div>
  );
}
