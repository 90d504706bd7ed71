import type { SendHooks } from "@/lib/sending/hooks";
import { afterStepSent } from "@/lib/sequences/after-send";
import { followUpHold } from "@/lib/sequences/send-hold";

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
