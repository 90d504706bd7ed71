"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { queryKeys } from "@/components/data/query-keys";
import { webApi } from "@/components/data/web-api";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { buttonStyles } from "@/components/ui/styles";

/** Cancel a run that has not ended, after a confirmation: its unfinished leads end `stopped`, nothing more is drafted or sent. */
export function CancelRun({ runId }: { runId: string }) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => webApi(`/runs/${runId}/cancel`, { method: "POST" }),
    onSuccess: () => {
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: queryKeys.runs.all });
    },
  });
  return (
    <>
      <button
        type="button"
        className={buttonStyles.dangerQuiet}
        onClick={() => {
          cancel.reset();
          setOpen(true);
        }}
      >
        Cancel run…
      </button>
      <ConfirmDialog
        open={open}
        title="Cancel this run?"
        confirmLabel="Yes, cancel the run"
        pending={cancel.isPending}
        error={cancel.error?.message ?? null}
        onConfirm={() => cancel.mutate()}
        onCancel={() => setOpen(false)}
      >
        No stage runs again for its leads: those not finished end stopped, and nothing more is drafted or sent. Drafts already written stay reviewable. This
        cannot be undone.
      </ConfirmDialog>
    </>
  );
}
