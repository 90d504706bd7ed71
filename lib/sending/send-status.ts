// The states of a Send row (one per approved draft), in the order a send moves through them:
//   waiting_relay  approved while the workspace had no relay; saving a relay sends it
//   pending        reserved with its Message-ID, not yet being sent (or the last attempt ended before the end of the message)
//   sending        an attempt holds the send's lock and talks to the relay
//   committing     the end of the message is about to go to the relay: from here it is never sent again on its own
//   in_doubt       the end of the message may have gone out and no answer was recorded (a worker died in
//                  `committing`, or the relay went silent after the end): the relay may or may not have it.
//                  Never reported as sent: resolved by finding its Message-ID in the mailbox's Sent folder
//                  (lib/sending/sent-folder-check.ts), or by a reviewer (lib/sending/resolve-send.ts: sent, or
//                  resend under the same Message-ID). Its lead stays `running` at stage send, so its run stays `sending`.
//   sent           the relay accepted it (confirmed), or the Sent folder or a reviewer confirmed it after a doubt
//   failed         the relay refused the message for good (the lead is rejected: relay_rejected); retry from the draft page
import type { SendStatus } from "@/lib/statuses";

export { SEND_STATUSES, type SendStatus } from "@/lib/statuses";

/** Statuses the resume sweep queues again when no job holds them (an in-doubt send waits for its resolution). */
export const RESUMABLE_SEND_STATUSES: SendStatus[] = ["pending", "sending", "committing"];

/** Statuses no attempt touches: settled (sent, failed), or waiting for its resolution (in_doubt). */
export const NOT_ATTEMPTED_SEND_STATUSES: readonly string[] = ["sent", "failed", "in_doubt"] satisfies SendStatus[];
