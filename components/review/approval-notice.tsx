import type { ReactNode } from "react";
import type { DraftDetail } from "@/components/review/types";
import { Time } from "@/components/ui/time";
import { DRAFT_STATUS } from "@/lib/statuses";
import { SEND_STATUS, SEND_STATUS_LABELS, type SendStatus } from "@/lib/states/send";

// What the draft page says after this reviewer approved the draft, true to where it is now: in the
// undo window it goes to the relay in N seconds unless undone; afterwards the send's own state
// (sent, with its time; waiting for a relay; refused; being handed over). The page polls the draft.

export function approvalWords(
  detail: DraftDetail,
  approval: { edited: boolean; sends: boolean },
  secondsLeft: number | null,
  relayReady: boolean,
): ReactNode | null {
  if (detail.draft.status === DRAFT_STATUS.awaiting_review || detail.draft.status === DRAFT_STATUS.rejected) return null; // undone, or decided again elsewhere
  const approved = approval.edited ? "Approved with your edits." : "Approved.";
  const send = detail.send;
  if (!approval.sends && !send)
    return (
      <>
        {approved} Nothing is sent: its run stops before sending
        {secondsLeft !== null ? (
          <>
            ; you can undo it for <span className="tabular-nums">{secondsLeft}</span> s
          </>
        ) : null}
        .
      </>
    );
  if (secondsLeft !== null && send?.status !== SEND_STATUS.sent) {
    return relayReady ? (
      <>
        {approved} The email goes to the relay in <span className="tabular-nums">{secondsLeft}</span> s unless you undo.
      </>
    ) : (
      <>
        {approved} It waits for an SMTP relay, then goes out by itself; you can undo it for <span className="tabular-nums">{secondsLeft}</span> s.
      </>
    );
  }
  const status: string = send?.status ?? "none";
  switch (status) {
    case SEND_STATUS.sent:
      return (
        <>
          {approved} Sent: the relay accepted it <Time iso={send?.accepted_at ?? null} />.
        </>
      );
    case SEND_STATUS.waiting_relay:
      return <>{approved} It waits for an SMTP relay, then goes out by itself.</>;
    case SEND_STATUS.failed:
      return <>{approved} Not sent: the relay refused it (see Sending below).</>;
    case SEND_STATUS.pending:
      // Its slot in the campaign's window or its sender's cap (lib/senders/schedule.ts): not handed over yet.
      if (send?.scheduled_for && new Date(send.scheduled_for).getTime() > Date.now())
        return (
          <>
            {approved} Scheduled for <Time iso={send.scheduled_for} />: it goes out by itself then.
          </>
        );
      return <>{approved} Being handed to the relay…</>;
    case "none":
    case SEND_STATUS.sending:
    case SEND_STATUS.committing:
      return <>{approved} Being handed to the relay…</>;
    default:
      return (
        <>
          {approved} Sending: {SEND_STATUS_LABELS[status as SendStatus] ?? status.replaceAll("_", " ")} (see Sending below).
        </>
      );
  }
}
