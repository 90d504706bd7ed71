"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import type { CampaignJson } from "@/components/campaigns/types";
import { useCampaignForecast } from "@/components/data/queries/campaigns";
import { useSenders } from "@/components/data/queries/settings";
import { queryKeys } from "@/components/data/query-keys";
import { webApi, WebApiError } from "@/components/data/web-api";
import { QueryState } from "@/components/ui/query-state";
import { Notice } from "@/components/ui/states";
import { buttonStyles, cardStyles, fieldStyles } from "@/components/ui/styles";
import { Time } from "@/components/ui/time";
import type { Schedule } from "@/lib/senders/window";
import { SENDER_HEALTH_STATUS } from "@/lib/statuses";
import { SenderDnsWarning } from "@/components/senders/sender-dns-warning";

// The campaign page's sending card (contract §12): which senders its leads are spread over, the
// window its mails go in, and the forecast (GET /campaigns/{id}/forecast). Admins edit the first
// two (PATCH /campaigns/{id} {sender_ids, schedule}); everyone reads the forecast.

const DEFAULT_WINDOW: Schedule = { time_zone: "lead", days: ["mon", "tue", "wed", "thu", "fri"], start: "09:00", end: "17:00" };
const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const; // as lib/senders/window.ts
const DAY_LABEL: Record<string, string> = { mon: "Mon", tue: "Tue", wed: "Wed", thu: "Thu", fri: "Fri", sat: "Sat", sun: "Sun" };

function describe(schedule: Schedule | null): string {
  if (!schedule) return "Any time: each mail goes as soon as it is approved (and its sender's cap allows).";
  const zone = schedule.time_zone === "lead" ? "each lead's time zone (UTC when a lead has none)" : schedule.time_zone;
  return `${schedule.days.map((day) => DAY_LABEL[day]).join(", ")}, ${schedule.start}–${schedule.end} in ${zone}.`;
}

function SendingForm({ campaign }: { campaign: CampaignJson }) {
  const queryClient = useQueryClient();
  const id = useId();
  const { rows: senders } = useSenders();
  const [senderIds, setSenderIds] = useState<string[]>(campaign.sender_ids);
  const [windowed, setWindowed] = useState(Boolean(campaign.schedule));
  const [schedule, setSchedule] = useState<Schedule>(campaign.schedule ?? DEFAULT_WINDOW);
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: () => webApi(`/campaigns/${campaign.id}`, { method: "PATCH", body: { sender_ids: senderIds, schedule: windowed ? schedule : null } }),
    onSuccess: () => {
      setSaved(true);
      void queryClient.invalidateQueries({ queryKey: queryKeys.campaigns.detail(campaign.id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.campaigns.forecast(campaign.id) });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    save.mutate();
  };
  const toggle = <T,>(list: T[], value: T) => (list.includes(value) ? list.filter((item) => item !== value) : [...list, value]);
  const error = save.error instanceof WebApiError ? save.error : null;
  // A zone the server refused is said beside the field, not only in the notice below the form.
  const zoneError = error?.fieldErrors.find((field) => field.path.startsWith("schedule.time_zone"))?.message ?? null;

  return (
    <form onSubmit={submit} className="mt-4 space-y-4" aria-label="Senders and sending window">
      <fieldset>
        <legend className={fieldStyles.label}>Senders</legend>
        <p className={fieldStyles.hint}>
          Its leads are spread over the senders ticked here in proportion to each one’s daily cap, each lead given its sender when its first draft is written;
          none ticked: every enabled sender.
        </p>
        <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
          {senders.length === 0 ? <span className="text-sm text-slate-500">No senders yet: the default sender sends.</span> : null}
          {senders.map((sender) => (
            <label key={sender.id} className="flex items-center gap-2 text-sm text-slate-800">
              <input type="checkbox" checked={senderIds.includes(sender.id)} onChange={() => setSenderIds(toggle(senderIds, sender.id))} />
              <span className="break-all">{sender.from_email}</span>
              <span className="text-xs text-slate-500">
                {sender.daily_cap === null ? "no cap" : `cap ${sender.daily_cap}`}
                {sender.enabled ? "" : " · disabled"}
                {sender.health.status === SENDER_HEALTH_STATUS.paused ? " · Paused" : ""}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className={fieldStyles.label}>Sending window</legend>
        <label className="mt-2 flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" checked={windowed} onChange={(event) => setWindowed(event.target.checked)} />
          Send only inside a window
        </label>
        {windowed ? (
          <div className="mt-3 grid gap-4 sm:grid-cols-3">
            <div>
              <label htmlFor={`${id}-zone`} className={fieldStyles.label}>
                Time zone
              </label>
              <input
                id={`${id}-zone`}
                className={fieldStyles.input}
                value={schedule.time_zone}
                onChange={(event) => setSchedule({ ...schedule, time_zone: event.target.value })}
                aria-describedby={`${id}-zone-hint${zoneError ? ` ${id}-zone-error` : ""}`}
                aria-invalid={zoneError ? true : undefined}
              />
              <p id={`${id}-zone-hint`} className={fieldStyles.hint}>
                “lead” for each lead’s own, or an IANA name such as Europe/Berlin
              </p>
              {zoneError ? (
                <p id={`${id}-zone-error`} role="alert" className="mt-1 text-xs font-medium text-rose-700" data-testid="zone-error">
                  “{schedule.time_zone}” is not a time zone: {zoneError}. Nothing was saved.
                </p>
              ) : null}
            </div>
            <div>
              <label htmlFor={`${id}-start`} className={fieldStyles.label}>
                From
              </label>
              <input
                id={`${id}-start`}
                type="time"
                className={fieldStyles.input}
                value={schedule.start}
                onChange={(event) => setSchedule({ ...schedule, start: event.target.value })}
              />
            </div>
            <div>
              <label htmlFor={`${id}-end`} className={fieldStyles.label}>
                Until
              </label>
              <input
                id={`${id}-end`}
                type="time"
                className={fieldStyles.input}
                value={schedule.end}
                onChange={(event) => setSchedule({ ...schedule, end: event.target.value })}
              />
            </div>
            <div className="flex flex-wrap gap-x-4 gap-y-2 sm:col-span-3" role="group" aria-label="Days">
              {WEEKDAYS.map((day) => (
                <label key={day} className="flex items-center gap-1.5 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    checked={schedule.days.includes(day)}
                    onChange={() => setSchedule({ ...schedule, days: toggle(schedule.days, day) })}
                  />
                  {DAY_LABEL[day]}
                </label>
              ))}
            </div>
          </div>
        ) : null}
      </fieldset>
      {error ? (
        <Notice tone="error">
          {error.message}
          {error.fieldErrors.length ? ` (${error.fieldErrors.map((field) => `${field.path}: ${field.message}`).join("; ")})` : ""}
        </Notice>
      ) : null}
      {saved ? <Notice tone="success">Senders and window saved.</Notice> : null}
      <button type="submit" className={buttonStyles.primary} disabled={save.isPending}>
        {save.isPending ? "Saving…" : "Save senders and window"}
      </button>
    </form>
  );
}

/** A sender as the forecast names it (its own data: a viewer reads no sender list), "(Paused)" when paused. */
function forecastSender(sender: { sender_id: string | null; from_email: string | null; from_name: string | null; status: string }) {
  const who = sender.from_email ? (sender.from_name ? `${sender.from_name} <${sender.from_email}>` : sender.from_email) : null;
  const name = sender.sender_id ? (who ?? sender.sender_id) : who ? `Default sender: ${who}` : "Default sender";
  return `${name}${sender.status === SENDER_HEALTH_STATUS.paused ? " (Paused)" : ""}`;
}

function ForecastTable({ id }: { id: string }) {
  const forecast = useCampaignForecast(id);
  if (!forecast.isSuccess) return <QueryState query={forecast} loading="Loading the forecast…" failed="The forecast could not be loaded." />;
  return (
    <div className="mt-2 grid gap-4 lg:grid-cols-2" data-testid="campaign-forecast">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Per step</caption>
        <thead className="text-xs text-slate-500">
          <tr>
            <th className="py-1 pr-3 font-medium">Step</th>
            <th className="py-1 pr-3 font-medium">Still to go</th>
            <th className="py-1 pr-3 font-medium">Held</th>
            <th className="py-1 pr-3 font-medium">First scheduled</th>
            <th className="py-1 font-medium">Last expected</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {forecast.data.per_step.map((step) => (
            <tr key={step.step}>
              <td className="py-1.5 pr-3">{step.step}</td>
              <td className="py-1.5 pr-3">{step.pending.toLocaleString()}</td>
              <td className="py-1.5 pr-3" title="Follow-ups held while their lead is out of office: they go after the lead is back, outside these days">
                {step.held.toLocaleString()}
              </td>
              <td className="py-1.5 pr-3">
                <Time iso={step.scheduled_first} />
              </td>
              <td className="py-1.5">
                <Time iso={step.expected_last} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Per sender today</caption>
        <thead className="text-xs text-slate-500">
          <tr>
            <th className="w-1/2 py-1 pr-3 font-medium">Sender</th>
            <th className="py-1 pr-3 font-medium">Cap today</th>
            <th className="py-1 font-medium">Scheduled today</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {forecast.data.per_sender.map((sender) => (
            <tr key={sender.sender_id ?? "default"}>
              <td className="max-w-0 py-1.5 pr-3 sm:max-w-none">
                <span className="block truncate sm:whitespace-normal sm:break-words" title={forecastSender(sender)} data-testid="forecast-sender">
                  {forecastSender(sender)}
                </span>
              </td>
              <td className="py-1.5 pr-3">{sender.cap_today === null ? "No cap" : sender.cap_today.toLocaleString()}</td>
              <td className="py-1.5">{sender.scheduled_today.toLocaleString()}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function CampaignSending({ campaign, canEdit }: { campaign: CampaignJson; canEdit: boolean }) {
  return (
    <section aria-labelledby="sending-heading" className={`${cardStyles} p-5`}>
      <h2 id="sending-heading" className="text-base font-semibold text-slate-900">
        Sending
      </h2>
      <p className="mt-1 text-sm text-slate-700" data-testid="campaign-schedule">
        {describe(campaign.schedule)} Each sender stays within its daily cap, its sends spaced over the window.
      </p>
      {canEdit ? (
        <div className="mt-3">
          <SenderDnsWarning senderIds={campaign.sender_ids} />
        </div>
      ) : null}
      {canEdit ? <SendingForm key={campaign.id} campaign={campaign} /> : null}
      <h3 className="mt-5 text-xs font-semibold uppercase tracking-wide text-slate-500">Forecast</h3>
      <ForecastTable id={campaign.id} />
    </section>
  );
}
