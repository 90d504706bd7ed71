"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "@/components/data/query-keys";
import { webApi } from "@/components/data/web-api";
import type { RunLead } from "@/components/runs/types";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

// "Stop sequence" on the run page (reviewer): after a confirmation, POST
// /api/web/runs/{id}/leads/{leadId}/stop (as /v1's stop): the lead's follow-ups not yet on their
// way are canceled, nothing more is drafted or sent to it, and it ends `stopped` in the run.

export const leadName = (row: RunLead) => [row.lead.first_name, row.lead.last_name].filter(Boolean).join(" ") || row.lead.email;

type Props = { runId: string; lead: RunLead | null; onClose: () => void; onStopped: (lead: RunLead) => void };

export function StopSequenceDialog({ runId, lead, onClose, onStopped }: Props) {
  const queryClient = useQueryClient();
  const stop = useMutation({
    mutationFn: (row: RunLead) => webApi<RunLead>(`/runs/${runId}/leads/${row.lead.id}/stop`, { method: "POST" }),
    onSuccess: (_answer, row) => {
      onStopped(row);
      void queryClient.invalidateQueries({ queryKey: queryKeys.runs.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.review.all });
    },
  });
  const name = lead ? leadName(lead) : "";
  return (
    <ConfirmDialog
      open={lead !== null}
      title={`Stop the sequence for ${name}?`}
      confirmLabel="Stop sequence"
      pending={stop.isPending}
      error={stop.error?.message ?? null}
      onConfirm={() => lead && stop.mutate(lead)}
      onCancel={() => {
        stop.reset();
        onClose();
      }}
    >
      Nothing more is drafted or sent to {name || "this lead"} in this run: follow-ups waiting for review or approved but not yet sent are canceled. Emails
      already sent stay sent. This cannot be undone.
    </ConfirmDialog>
  );
}
