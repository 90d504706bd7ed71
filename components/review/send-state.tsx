"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "@/components/data/query-keys";
import { webApi } from "@/components/data/web-api";
import type { DraftDetail } from "@/components/review/types";
import { buttonStyles } from "@/components/ui/styles";
import { Time } from "@/components/ui/time";
import { endedWords } from "@/components/review/step-words";
import { DRAFT_STATUS, SEND_STATUS } from "@/lib/statuses";

// Where an approved draft's send stands, in words, with "Retry send" for a send that failed.

const WORDS: Record<string, string> = {
  waiting_relay: "Waiting for an SMTP relay: it is sent as soon as an admin saves one.",
  pending: "Queued for the relay.",
  sending: "Being handed to the relay…",
  committing: "Being handed to the relay…",
  in_doubt:
    "In doubt: a worker stopped while handing it to the relay, before its answer. Not counted as sent; the Sent folder or a reviewer on the run page resolves it.",
  failed: "Not sent: the relay refused it.",
};

export function SendState({ detail, canRetry }: { detail: DraftDetail; canRetry: boolean }) {
  const queryClient = useQueryClient();
  const send = detail.send;
  const retry = useMutation({
    mutationFn: () => webApi(`/drafts/${detail.draft.id}/retry-send`, { method: "POST" }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.review.draft(detail.draft.id) }),
  });
  const hold = detail.send_hold;
  if (hold)
    return (
      <span className="block" data-testid="send-hold" data-reason={hold.reason}>
        {hold.reason === "lead_paused" ? (
          hold.until ? (
            <>
              Held: the lead is out of office. It goes after the lead is back, from <Time iso={hold.until} />, not at its old slot.
            </>
          ) : (
            "Held: the lead is out of office. It goes when the lead’s sequence resumes, not at its old slot."
          )
        ) : hold.reason === "lead_stopped" ? (
          "Will not be sent: a reviewer stopped the lead’s sequence before its slot."
        ) : (
          <>Will not be sent: the lead left the run{hold.ended_reason ? ` (${endedWords(hold.ended_reason)})` : ""}.</>
        )}
      </span>
    );
  if (!send) return <>{detail.draft.status === DRAFT_STATUS.approved ? "Queued for the relay." : "—"}</>;
  const retryable = send.status === SEND_STATUS.failed || (send.status === SEND_STATUS.pending && send.attempts > 0);
  return (
    <span className="block space-y-1" data-testid="send-state" data-status={send.status}>
      <span className="block">
        {send.status === SEND_STATUS.sent ? (
          <>
            Accepted by the relay <Time iso={send.accepted_at} />
            {send.confirmed ? "" : " (without the relay's answer: recorded by a reviewer)"}
          </>
        ) : send.status === SEND_STATUS.pending && send.scheduled_for && send.attempts === 0 ? (
          <span data-testid="scheduled-for">
            Scheduled for <Time iso={send.scheduled_for} /> (the campaign&apos;s sending window and its sender&apos;s daily cap).
          </span>
        ) : (
          (WORDS[send.status] ?? send.status)
        )}
      </span>
      {send.error && send.status !== SEND_STATUS.sent ? (
        <span className="block break-words text-xs text-rose-700">
          Last attempt ({send.attempts}): {send.error}
        </span>
      ) : null}
      {retryable && canRetry ? (
        <button type="button" className={buttonStyles.secondary} disabled={retry.isPending} onClick={() => retry.mutate()}>
          {retry.isPending ? "Retrying…" : "Retry send"}
        </button>
      ) : null}
      {retry.isError ? (
        <span role="alert" className="block text-xs text-rose-700">
          {retry.error.message}
        </span>
      ) : null}
      {retry.isSuccess ? (
        <span role="status" className="block text-xs text-emerald-700">
          Queued again.
        </span>
      ) : null}
    </span>
  );
}
