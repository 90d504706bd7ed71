import { db } from "@/lib/db";
import { RELAY_READINESS, type RelayReadinessState } from "@/lib/states/relay";
import { SEND_STATUS } from "@/lib/statuses";

// Whether approved drafts can go out now, for the warnings on the review queue and the draft page:
// no relay at all (approvals wait in `waiting_relay`), or the last send through it failed to
// connect or log in (sends are being retried).

export type RelayReadiness = { state: RelayReadinessState; message: string | null; waiting: number; senders: number };

export async function relayReadiness(workspaceId: string): Promise<RelayReadiness> {
  const [relay, waiting, senders] = await Promise.all([
    db().relaySettings.findUnique({ where: { workspaceId }, select: { host: true, lastFailure: true } }),
    db().send.count({ where: { workspaceId, status: SEND_STATUS.waiting_relay } }),
    db().sender.count({ where: { workspaceId, enabled: true } }),
  ]);
  // With senders, campaigns send through them (Settings → Senders): only drafts of the default
  // sender (runs without a campaign's sender) need the workspace's relay, and only those wait.
  if (!relay && senders > 0 && waiting === 0) return { state: RELAY_READINESS.ready, message: null, waiting, senders };
  if (!relay)
    return {
      state: RELAY_READINESS.missing,
      message:
        senders > 0
          ? "No default SMTP relay is configured: campaigns send through their senders, but drafts of runs without one wait until an admin saves a relay (Settings → SMTP relay)."
          : "No SMTP relay is configured: approved drafts wait and are sent once an admin saves one (Settings → SMTP relay).",
      waiting,
      senders,
    };
  if (relay.lastFailure)
    return {
      state: RELAY_READINESS.failing,
      message: `The last send through the relay failed: ${relay.lastFailure}. Sends are retried; an admin can fix it in Settings → SMTP relay.`,
      waiting,
      senders,
    };
  return { state: RELAY_READINESS.ready, message: null, waiting, senders };
}
