"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import { useRelayReadiness } from "@/components/data/queries/settings";
import { RELAY_READINESS } from "@/lib/states/relay";

// The warnings on the review queue and the draft page when approvals cannot go out now: no relay
// (approved drafts wait and are sent once one is saved), the default relay's last send failed, or a
// sender's relay's last send failed (named by its address: only that sender's sends are retried).

function Warning({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <div role="status" data-testid={testId} className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <p className="break-words font-semibold">{title}</p>
      <p className="mt-0.5 break-words">{children}</p>
    </div>
  );
}

function FixLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <>
      {" "}
      <Link href={href} className="font-medium underline">
        {children}
      </Link>
    </>
  );
}

export function RelayWarning({ canConfigure = false }: { canConfigure?: boolean }) {
  const readiness = useRelayReadiness();
  const data = readiness.data;
  if (!data) return null;
  const failing = data.failing_senders ?? [];
  if (data.state === RELAY_READINESS.ready && failing.length === 0) return null;
  return (
    <div className="space-y-2">
      {data.state === RELAY_READINESS.ready ? null : (
        <Warning
          testId="relay-warning"
          title={
            data.state === RELAY_READINESS.missing
              ? data.senders > 0
                ? "No default SMTP relay"
                : "No SMTP relay is configured"
              : data.senders > 0
                ? "The default SMTP relay is failing"
                : "The SMTP relay is failing"
          }
        >
          {data.message}
          {data.waiting > 0 ? ` ${data.waiting} approved ${data.waiting === 1 ? "draft is" : "drafts are"} waiting to be sent.` : ""}
          {canConfigure ? <FixLink href="/settings/relay">Set up the relay</FixLink> : null}
        </Warning>
      )}
      {failing.map((sender) => (
        <Warning key={sender.id} testId="sender-relay-warning" title={`The relay of sender ${sender.from_email} is failing`}>
          {sender.message}
          {canConfigure ? <FixLink href="/settings/senders">Fix the sender</FixLink> : null}
        </Warning>
      ))}
    </div>
  );
}
