"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { webApi } from "@/components/data/web-api";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { buttonStyles, fieldStyles } from "@/components/ui/styles";
import type { SenderHealth } from "@/lib/senders/health";
import { SENDER_HEALTH_STATUS } from "@/lib/statuses";

// A sender's health on Settings → Senders (contract §13): active or paused, its bounce rate and
// sends over the last 7 days, and for a paused sender a Resume button that asks for the reason.

const percent = (rate: number) => `${(rate * 100).toLocaleString(undefined, { maximumFractionDigits: 1 })}%`;

export function SenderHealthLine({
  health,
  label,
  resumePath,
  queryKey,
}: {
  health: SenderHealth;
  label: string;
  resumePath: string;
  queryKey: readonly string[];
}) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const fieldId = useId();
  const resume = useMutation({
    mutationFn: () => webApi(resumePath, { method: "POST", body: { reason: reason.trim() } }),
    onSuccess: () => {
      setOpen(false);
      setReason("");
      void queryClient.invalidateQueries({ queryKey });
    },
  });
  const paused = health.status === SENDER_HEALTH_STATUS.paused;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 px-4 py-3 text-sm" data-testid="sender-health">
      <p className="min-w-0 text-slate-700">
        <span
          className={`mr-2 inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${paused ? "bg-rose-100 text-rose-800" : "bg-emerald-100 text-emerald-800"}`}
        >
          {paused ? "Paused" : "Active"}
        </span>
        Bounce rate {percent(health.bounce_rate_7d)} ({health.hard_bounces_7d.toLocaleString()} of {health.sends_7d.toLocaleString()}{" "}
        {health.sends_7d === 1 ? "send" : "sends"} in 7 days)
        {health.unsubscribes_7d ? ` · ${health.unsubscribes_7d.toLocaleString()} unsubscribed` : ""}
        {paused && health.paused_at ? (
          <span className="block text-xs text-rose-800">
            Paused {new Date(health.paused_at).toLocaleString()}: its hard bounces reached the sending policy. Its approved mails wait until you resume it.
          </span>
        ) : null}
      </p>
      {paused ? (
        <button
          type="button"
          className={buttonStyles.secondary}
          aria-label={`Resume ${label}`}
          onClick={() => {
            resume.reset();
            setOpen(true);
          }}
        >
          Resume
        </button>
      ) : null}
      <ConfirmDialog
        open={open}
        title={`Resume ${label}?`}
        confirmLabel="Resume sending"
        tone="primary"
        pending={resume.isPending}
        error={resume.error ? resume.error.message : null}
        onCancel={() => setOpen(false)}
        onConfirm={() => {
          if (reason.trim()) resume.mutate();
        }}
      >
        <p>Its waiting mails go out at once, each once. It pauses again if a later hard bounce finds its rate still at the limit.</p>
        <label htmlFor={fieldId} className={`${fieldStyles.label} mt-3`}>
          Why may it send again?
        </label>
        <textarea id={fieldId} className={fieldStyles.input} rows={2} maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
      </ConfirmDialog>
    </div>
  );
}
