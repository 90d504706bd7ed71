"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { queryKeys } from "@/components/data/query-keys";
import { webApi } from "@/components/data/web-api";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { buttonStyles } from "@/components/ui/styles";

// "Stop all sequences" on the run page (reviewer; a run with steps whose sequences are not all
// ended): after a confirmation naming how many leads it stops, POST
// /api/web/runs/{id}/stop-sequences (as /v1's POST /runs/{id}/stop-sequences). Every sequence still
// going ends `stopped`: follow-ups not yet on their way are canceled and nothing more is drafted or
// sent to those leads. The run is not canceled; the page's counts refresh.

const leadsWord = (n: number) => `${n.toLocaleString()} ${n === 1 ? "lead" : "leads"}`;

type Props = { runId: string; going: number; onStopped: (message: string) => void };

export function StopAllSequences({ runId, going, onStopped }: Props) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const stop = useMutation({
    mutationFn: () => webApi<{ stopped: number }>(`/runs/${runId}/stop-sequences`, { method: "POST" }),
    onSuccess: ({ stopped }) => {
      setOpen(false);
      onStopped(
        stopped === 0
          ? "No sequence was still going: nothing changed."
          : `Stopped the sequences of ${leadsWord(stopped)}: nothing more is drafted or sent to them in this run.`,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.runs.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.review.all });
    },
  });
  return (
    <>
      <button
        type="button"
        className={buttonStyles.dangerQuiet}
        onClick={() => {
          stop.reset();
          setOpen(true);
        }}
      >
        Stop all sequences…
      </button>
      <ConfirmDialog
        open={open}
        title={`Stop the sequences of ${leadsWord(going)}?`}
        confirmLabel={`Stop ${going === 1 ? "1 sequence" : `${going.toLocaleString()} sequences`}`}
        pending={stop.isPending}
        error={stop.error?.message ?? null}
        onConfirm={() => stop.mutate()}
        onCancel={() => setOpen(false)}
      >
        Nothing more is drafted or sent to the {leadsWord(going)} of this run whose sequence is still going: follow-ups waiting for review or approved but not
        yet sent are canceled. A follow-up already on its way finishes, and emails already sent stay sent. The run is not canceled. This cannot be undone.
      </ConfirmDialog>
    </>
  );
}
