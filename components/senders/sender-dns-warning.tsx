"use client";

import Link from "next/link";
import { useRelay, useSenders } from "@/components/data/queries/settings";
import type { DnsResult } from "@/lib/dns/sender-checks";

// The campaign page's and the launcher's warning (contract §13): a sender the campaign sends from
// fails a DNS check. A warning only: the campaign is not refused. The senders are the ticked ones,
// or every enabled sender when none is ticked, or the default sender when there are none. Admins
// only (the senders are an admin's to read).

const CHECKS = ["mx", "spf", "dmarc", "dkim"] as const;
const failingChecks = (dns: DnsResult | null) => (dns ? CHECKS.filter((name) => dns[name].status === "fail").map((name) => ({ check: name })) : []);

export function SenderDnsWarning({ senderIds }: { senderIds: string[] }) {
  const { rows: senders, query } = useSenders();
  const relay = useRelay();
  if (!query.isSuccess) return null;
  const sending = senderIds.length ? senders.filter((sender) => senderIds.includes(sender.id)) : senders.filter((sender) => sender.enabled);
  const named = sending.length
    ? sending.map((sender) => ({ email: sender.from_email, failing: failingChecks(sender.dns) }))
    : relay.data
      ? [{ email: relay.data.from_email, failing: failingChecks(relay.data.dns) }]
      : [];
  const failing = named.filter((item) => item.failing.length > 0);
  if (failing.length === 0) return null;
  return (
    <div role="status" data-testid="sender-dns-warning" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <p className="font-medium">
        {failing.length === 1 ? "A sender of this campaign fails" : `${failing.length} senders of this campaign fail`} a DNS check: its mail is more likely to
        be junked, and replies may not come back.
      </p>
      <ul className="mt-1 list-disc pl-5">
        {failing.map((item) => (
          <li key={item.email} className="break-words">
            <span className="break-all">{item.email}</span>: {item.failing.map((check) => check.check.toUpperCase()).join(", ")} failing
          </li>
        ))}
      </ul>
      <p className="mt-1">
        <Link href="/settings/senders" className="font-medium underline">
          See how to fix them in Settings → Senders
        </Link>
        . The campaign still sends.
      </p>
    </div>
  );
}
