// The states of a Send row (one per approved draft), in the order a send moves through them:
//   waiting_relay  approved while the workspace had no relay; saving a relay sends it
//   pending        reserved with its Message-ID, not yet being sent (or the last attempt failed before the end of the message)
//   sending        an attempt holds the send's lock and talks to the relay
//   committing     the end of the message is about to go to the relay: from here it is never sent again
//   sent           the relay accepted it (confirmed), or reconciliation recorded it after a crash (confirmed = false)
//   failed         the relay refused the message for good (the lead is rejected: relay_rejected); retry from the draft page
import type { SendStatus } from "@/lib/statuses";

export { SEND_STATUSES, type SendStatus } from "@/lib/statuses";

/** Statuses the resume sweep queues again when no job holds them. */
export const RESUMABLE_SEND_STATUSES: SendStatus[] = ["pending", "sending", "committing"];
