import { db } from "@/lib/db";
import { RELAY_READINESS, type RelayReadinessState } from "@/lib/states/relay";
import { SEND_STATUS } from "@/lib/statuses";

// Whether approved drafts can go out now, for the warnings on the review queue and the draft page:
// no relay at all (approvals wait in `waiting_relay`), or the last send through it failed to
// connect or log in (sends are being retried). `state` is the default relay's alone; a sender whose
// relay failed is listed in `failing_senders` (by address, with its error), never counted against it.

export type FailingSender = { id: string; from_email: string; from_name: string | null; message: string; at: string };
/** `default_relay`: whether the workspace's default relay is saved (a draft without a sender of its own waits for it otherwise). */
export type RelayReadiness = {
  state: RelayReadinessState;
  message: string | null;
  waiting: number;
  senders: number;
  default_relay: boolean;
  failing_senders: FailingSender[];
};

/** Enabled senders whose last send could not connect or log in (retried until an admin fixes them). */
async function failingSenders(workspaceId: string): Promise<FailingSender[]> {
  const rows = await db().sender.findMany({
    where: { workspaceId, enabled: true, lastFailure: { not: null } },
    select: { id: true, fromEmail: true, fromName: true, lastFailure: true, lastFailureAt: true },
    orderBy: { lastFailureAt: "desc" },
    take: 20,
  });
  return rows.map((row) => ({
    id: row.id,
    from_email: row.fromEmail,
    from_name: row.fromName,
    message: `The last send from ${row.fromEmail} failed: ${row.lastFailure}. Its sends are retried; an admin can fix its relay in Settings → Senders.`,
    at: (row.lastFailureAt ?? new Date(0)).toISOString(),
  }));
}

export async function relayReadiness(workspaceId: string): Promise<RelayReadiness> {
  const [relay, waiting, senders, failing_senders] = await Promise.all([
    db().relaySettings.findUnique({ where: { workspaceId }, select: { host: true, lastFailure: true } }),
    db().send.count({ where: { workspaceId, status: SEND_STATUS.waiting_relay } }),
    db().sender.count({ where: { workspaceId, enabled: true } }),
    failingSenders(workspaceId),
  ]);
  // What every answer carries beside its state and message.
  const facts = { waiting, senders, default_relay: Boolean(relay), failing_senders };
  // With senders, campaigns send through them (Settings → Senders): only drafts of the default
  // sender (runs without a campaign's sender) need the workspace's relay, and only those wait.
  if (!relay && senders > 0 && waiting === 0) return { state: RELAY_READINESS.ready, message: null, ...facts };
  if (!relay)
    return {
      state: RELAY_READINESS.missing,
      message:
        senders > 0
          ? "No default SMTP relay is configured: campaigns send through their senders, but drafts of runs without one wait until an admin saves a relay (Settings → SMTP relay)."
          : "No SMTP relay is configured: approved drafts wait and are sent once an admin saves one (Settings → SMTP relay).",
      ...facts,
    };
  if (relay.lastFailure)
    return {
      state: RELAY_READINESS.failing,
      message: `The last send through the ${senders > 0 ? "default " : ""}relay failed: ${relay.lastFailure}. Its sends are retried; an admin can fix it in Settings → SMTP relay.`,
      ...facts,
    };
  return { state: RELAY_READINESS.ready, message: null, ...facts };
}
