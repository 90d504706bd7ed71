import { db } from "@/lib/db";
import { SEND_STATUS } from "@/lib/statuses";

// Whether approved drafts can go out now, for the warnings on the review queue and the draft page:
// no relay at all (approvals wait in `waiting_relay`), or the last send through it failed to
// connect or log in (sends are being retried).

export type RelayReadiness = { state: "ready" | "missing" | "failing"; message: string | null; waiting: number };

export async function relayReadiness(workspaceId: string): Promise<RelayReadiness> {
  const [relay, waiting] = await Promise.all([
    db().relaySettings.findUnique({ where: { workspaceId }, select: { host: true, lastFailure: true } }),
    db().send.count({ where: { workspaceId, status: SEND_STATUS.waiting_relay } }),
  ]);
  if (!relay)
    return {
      state: "missing",
      message: "No SMTP relay is configured: approved drafts wait and are sent once an admin saves one (Settings → SMTP relay).",
      waiting,
    };
  if (relay.lastFailure)
    return {
      state: "failing",
      message: `The last send through the relay failed: ${relay.lastFailure}. Sends are retried; an admin can fix it in Settings → SMTP relay.`,
      waiting,
    };
  return { state: "ready", message: null, waiting };
}
