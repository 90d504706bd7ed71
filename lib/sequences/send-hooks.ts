import type { SendHooks } from "@/lib/sending/hooks";
import { afterStepSent } from "@/lib/sequences/after-send";
import { followUpHold } from "@/lib/sequences/send-hold";
import { endSequencesForAddress } from "@/lib/sequences/stop-rules";
import type { SuppressionHooks } from "@/lib/suppressions/hooks";
import { SEQUENCE_END_REASON } from "@/lib/statuses";

/** What the sequence adds to the send path (lib/sending/hooks.ts): the last-moment hold of a follow-up, and the next step's due time once one is sent. */
export const sequenceSendHooks: SendHooks = {
  async beforeSend(draft) {
    const hold = await followUpHold(draft);
    if (hold === "go") return "go";
    // A reply not classified yet: looked at again shortly. Ended: its draft was canceled. Paused: the scheduler queues it when the pause ends.
    return hold === "reply_pending" ? "recheck" : "hold";
  },
  async afterSent(tx, draft, sentAt) {
    return (await afterStepSent(tx, draft, sentAt)) === "continues" ? "continues" : undefined;
  },
};

/** What the sequence adds to the suppression list (lib/suppressions/hooks.ts): an address added ends every sequence still going to it. */
export const sequenceSuppressionHooks: SuppressionHooks = {
  async afterSuppressed(tx, { workspaceId, emailLower, source }) {
    await endSequencesForAddress(tx, workspaceId, emailLower, source === "bounce" ? SEQUENCE_END_REASON.bounced : SEQUENCE_END_REASON.unsubscribed);
  },
};
