"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { useCampaignOptions } from "@/components/data/queries/campaigns";
import { SenderDnsWarning } from "@/components/senders/sender-dns-warning";
import { usePackOptions } from "@/components/data/queries/packs";
import { webApi, webUpload, WebApiError } from "@/components/data/web-api";
import { CsvMapping } from "@/components/runs/csv-mapping";
import { QualifyForecast } from "@/components/runs/qualify-forecast";
import { RunPins } from "@/components/runs/run-pins";
import { mappingProblems, previewCsv, PreviewError, remappedFile, type CsvPreview, type Mapping } from "@/components/runs/csv-preview";
import type { RunJson } from "@/components/runs/types";
import { Field } from "@/components/ui/field";
import { LEAD_STATUSES } from "@/lib/statuses";
import { buttonStyles, cardStyles, fieldStyles } from "@/components/ui/styles";
import { STAGE_LABELS, STOP_AFTER } from "@/lib/states/stages";

type Source = "upload" | "url" | "leads";

/** /runs/new: choose the leads (CSV upload with a preview and column mapping, a URL, or existing leads), the pack and options; start. */
export function RunLauncher() {
  const router = useRouter();
  const ids = {
    file: useId(),
    url: useId(),
    status: useId(),
    email: useId(),
    runId: useId(),
    leadIds: useId(),
    pack: useId(),
    campaign: useId(),
    stop: useId(),
    name: useId(),
  };
  const [source, setSource] = useState<Source>("upload");
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<CsvPreview | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [mapping, setMapping] = useState<Mapping[]>([]);
  const [url, setUrl] = useState("");
  const [filter, setFilter] = useState({ status: "", email: "", run_id: "" });
  const [leadIds, setLeadIds] = useState("");
  const [pack, setPack] = useState("saas-outbound");
  const [campaign, setCampaign] = useState("");
  const [stopAfter, setStopAfter] = useState("");
  const [pins, setPins] = useState<Record<string, string>>({});
  // The name follows the source (the file's name, the URL's last segment, the filter) until typed in.
  const [typedName, setTypedName] = useState<string | null>(null);
  const runName = typedName ?? suggestedRunName(source, { file: file?.name, url, filter, leadIds });

  const packs = usePackOptions();
  const campaigns = useCampaignOptions();
  // A run takes its campaign's pack (the server refuses another with 422 on `pack`): choosing a
  // campaign sets the pack and locks the field until the campaign is cleared.
  const chosenCampaign = (campaigns.data?.data ?? []).find((c) => c.id === campaign) ?? null;
  const packOptions = packs.data?.data ?? [{ slug: "saas-outbound", name: "SaaS outbound" }];
  const shownPacks = packOptions.some((p) => p.slug === pack) ? packOptions : [...packOptions, { slug: pack, name: pack }];
  function chooseCampaign(id: string) {
    setCampaign(id);
    const chosen = (campaigns.data?.data ?? []).find((c) => c.id === id);
    if (chosen) setPack(chosen.pack);
  }

  async function chooseFile(chosen: File | null) {
    setFile(chosen);
    setPreview(null);
    setPreviewError(null);
    if (!chosen) return;
    try {
      const read = await previewCsv(chosen);
      setPreview(read);
      setMapping(read.mapping);
    } catch (error) {
      setPreviewError(error instanceof PreviewError ? error.message : "The file could not be read.");
    }
  }

  const problems = source === "upload" && preview ? mappingProblems(mapping) : [];
  const start = useMutation({
    mutationFn: async () => {
      const cleanPins = Object.fromEntries(
        Object.entries(pins)
          .filter(([, v]) => v.trim())
          .map(([k, v]) => [k, v.trim()]),
      );
      // Untouched, the server names it the same way (and a filter's run by its name).
      const common = {
        pack,
        ...(typedName?.trim() ? { name: typedName.trim() } : {}),
        ...(stopAfter ? { stop_after: stopAfter } : {}),
        ...(campaign ? { campaign_id: campaign } : {}),
      };
      if (source === "upload") {
        if (!file) throw new WebApiError(422, "Choose a CSV file.", "validation_failed", [{ path: "file", message: "Choose a CSV file." }]);
        const form = new FormData();
        for (const [key, value] of Object.entries(common)) form.set(key, value);
        if (Object.keys(cleanPins).length) form.set("pins", JSON.stringify(cleanPins));
        form.set("file", preview ? remappedFile(file, preview, mapping) : file, file.name);
        return webUpload<RunJson>("/runs", form);
      }
      const body: Record<string, unknown> = { ...common, ...(Object.keys(cleanPins).length ? { pins: cleanPins } : {}) };
      if (source === "url") body.leads_csv_url = url.trim();
      else {
        const listed = leadIds.split(/[\s,]+/).filter(Boolean);
        if (listed.length) body.lead_ids = listed;
        else
          body.lead_filter = Object.fromEntries(
            Object.entries(filter)
              .filter(([, v]) => v.trim())
              .map(([k, v]) => [k, v.trim()]),
          );
      }
      return webApi<RunJson>("/runs", { method: "POST", body });
    },
    onSuccess: (run) => router.push(`/runs/${run.id}`),
  });
  const error = start.error instanceof WebApiError ? start.error : null;
  const fieldError = (...paths: string[]) =>
    paths.map((p) => error?.forField(p) ?? error?.fieldErrors.find((e) => e.path.startsWith(`${p}.`))?.message).find(Boolean);
  const described = (id: string, message?: string) => ({
    "aria-invalid": message ? true : undefined,
    "aria-describedby": message ? `${id}-error` : `${id}-hint`,
  });
  const errors = {
    file: fieldError("file"),
    url: fieldError("leads_csv_url"),
    leadIds: fieldError("lead_ids"),
    filter: fieldError("lead_filter"),
    name: fieldError("name"),
    pack: fieldError("pack"),
    campaign: fieldError("campaign_id") ?? (error?.code === "campaign_not_approved" ? error.message : undefined),
    stop: fieldError("stop_after"),
    // A fork no reviewer approved for this run's prompt set (409) is told at the pins, as is a bad pin (422).
    pins: error?.code === "fork_not_approved" ? error.message : error?.forField("pins"),
    pinStage: error?.fieldErrors.find((e) => e.path.startsWith("pins."))?.message,
  };
  const shownElsewhere = Object.values(errors).some(Boolean);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (problems.length) return;
    start.mutate();
  }

  const sourceOption = (value: Source, label: string) => (
    <label
      className={`flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm ${source === value ? "border-indigo-500 bg-indigo-50 text-indigo-900" : "border-slate-300 bg-white text-slate-700"}`}
    >
      <input type="radio" name="source" value={value} checked={source === value} onChange={() => setSource(value)} className="accent-indigo-600" />
      {label}
    </label>
  );

  return (
    <form onSubmit={submit} aria-label="Start a run" className="space-y-4">
      <section className={`${cardStyles} p-5`} aria-labelledby="leads-heading">
        <h2 id="leads-heading" className="text-base font-semibold text-slate-900">
          Leads
        </h2>
        <fieldset className="mt-3">
          <legend className="sr-only">Where the leads come from</legend>
          <div className="flex flex-wrap gap-2">
            {sourceOption("upload", "Upload a CSV")}
            {sourceOption("url", "CSV at a URL")}
            {sourceOption("leads", "Leads you already have")}
          </div>
        </fieldset>
        {source === "upload" ? (
          <div className="mt-4 space-y-4">
            <Field
              id={ids.file}
              label="CSV file"
              error={errors.file ?? previewError ?? undefined}
              hint="A header row with an email column; the usual size and row limits apply."
            >
              <input
                id={ids.file}
                type="file"
                accept=".csv,text/csv,text/plain"
                onChange={(event) => void chooseFile(event.target.files?.[0] ?? null)}
                className={`${fieldStyles.input} file:mr-3 file:rounded file:border-0 file:bg-slate-100 file:px-2 file:py-1`}
                {...described(ids.file, errors.file ?? previewError ?? undefined)}
              />
            </Field>
            {preview ? <CsvMapping preview={preview} mapping={mapping} onChange={setMapping} problems={problems} /> : null}
            {preview ? <QualifyForecast pack={pack} preview={preview} mapping={mapping} /> : null}
          </div>
        ) : source === "url" ? (
          <div className="mt-4">
            <Field
              id={ids.url}
              label="CSV URL"
              error={errors.url}
              hint="s3://bucket/key, https:// or http:// (public addresses only). Previewed after import: bad rows are listed on the run page."
            >
              <input
                id={ids.url}
                type="text"
                inputMode="url"
                value={url}
                onChange={(event) => setUrl(event.target.value)}
                required
                maxLength={2048}
                spellCheck={false}
                className={`${fieldStyles.input} font-mono`}
                {...described(ids.url, errors.url)}
              />
            </Field>
          </div>
        ) : (
          <div className="mt-4 space-y-4">
            <p className="text-sm text-slate-600">Every lead matching the filter joins the run; or list lead ids to take exactly those (at most 10,000).</p>
            <div className="grid gap-4 md:grid-cols-3">
              <Field id={ids.status} label="Lead status" error={errors.filter}>
                <select
                  id={ids.status}
                  value={filter.status}
                  onChange={(event) => setFilter({ ...filter, status: event.target.value })}
                  className={fieldStyles.input}
                  {...described(ids.status, errors.filter)}
                >
                  <option value="">Any status</option>
                  {LEAD_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {s}
                    </option>
                  ))}
                </select>
              </Field>
              <Field id={ids.email} label="Email (exact)">
                <input
                  id={ids.email}
                  type="email"
                  value={filter.email}
                  onChange={(event) => setFilter({ ...filter, email: event.target.value })}
                  maxLength={320}
                  className={fieldStyles.input}
                />
              </Field>
              <Field id={ids.runId} label="Leads of run" hint="A run id (run_…)">
                <input
                  id={ids.runId}
                  value={filter.run_id}
                  onChange={(event) => setFilter({ ...filter, run_id: event.target.value })}
                  maxLength={40}
                  spellCheck={false}
                  className={`${fieldStyles.input} font-mono`}
                />
              </Field>
            </div>
            <Field id={ids.leadIds} label="Or these lead ids" error={errors.leadIds} hint="One per line or separated by commas; leave empty to use the filter.">
              <textarea
                id={ids.leadIds}
                value={leadIds}
                onChange={(event) => setLeadIds(event.target.value)}
                rows={3}
                spellCheck={false}
                className={`${fieldStyles.input} font-mono text-xs`}
                {...described(ids.leadIds, errors.leadIds)}
              />
            </Field>
          </div>
        )}
      </section>

      <section className={`${cardStyles} p-5`} aria-labelledby="how-heading">
        <h2 id="how-heading" className="text-base font-semibold text-slate-900">
          How
        </h2>
        <div className="mt-3 max-w-xl">
          <Field id={ids.name} label="Name" error={errors.name} hint="What lists, filters and the audit log call the run; you can rename it later.">
            <input
              id={ids.name}
              value={runName}
              onChange={(event) => setTypedName(event.target.value)}
              maxLength={120}
              className={fieldStyles.input}
              {...described(ids.name, errors.name)}
            />
          </Field>
        </div>
        <div className="mt-3 grid gap-4 md:grid-cols-3">
          <Field id={ids.campaign} label="Campaign" error={errors.campaign} hint="Optional: its pack, pins and offer apply.">
            <select
              id={ids.campaign}
              value={campaign}
              onChange={(event) => chooseCampaign(event.target.value)}
              className={fieldStyles.input}
              {...described(ids.campaign, errors.campaign)}
            >
              <option value="">No campaign</option>
              {(campaigns.data?.data ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name} ({c.pack}, {c.status})
                </option>
              ))}
            </select>
          </Field>
          <Field
            id={ids.pack}
            label="Pack"
            error={errors.pack}
            hint={chosenCampaign ? `Set by the campaign ${chosenCampaign.name}: clear the campaign to choose another pack.` : undefined}
          >
            <select
              id={ids.pack}
              value={pack}
              onChange={(event) => setPack(event.target.value)}
              disabled={chosenCampaign !== null}
              className={`${fieldStyles.input} disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-600`}
              {...described(ids.pack, errors.pack)}
            >
              {shownPacks.map((p) => (
                <option key={p.slug} value={p.slug}>
                  {p.name} ({p.slug})
                </option>
              ))}
            </select>
          </Field>
          <Field id={ids.stop} label="Stop after" error={errors.stop} hint="Leads end there; drafts can still be reviewed.">
            <select
              id={ids.stop}
              value={stopAfter}
              onChange={(event) => setStopAfter(event.target.value)}
              className={fieldStyles.input}
              {...described(ids.stop, errors.stop)}
            >
              <option value="">Run every stage</option>
              {STOP_AFTER.map((s) => (
                <option key={s} value={s}>
                  {STAGE_LABELS[s]}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <RunPins
          pins={pins}
          onChange={(next) => {
            setPins(next);
            start.reset(); // a refusal was about the pins before this change
          }}
          pack={packs.data?.data.find((p) => p.slug === pack)}
          campaign={chosenCampaign}
          error={errors.pins}
          stageError={(stage) => error?.forField(`pins.${stage}`)}
        />
      </section>
      {chosenCampaign ? <SenderDnsWarning senderIds={chosenCampaign.sender_ids} /> : null}

      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonStyles.primary} disabled={start.isPending || problems.length > 0}>
          {start.isPending ? "Starting…" : "Start run"}
        </button>
        {start.error && !shownElsewhere ? (
          <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800">
            {start.error.message}
          </p>
        ) : null}
        {shownElsewhere ? (
          <p role="alert" className="text-sm text-rose-700">
            The run was not started: see the marked fields.
          </p>
        ) : null}
      </div>
    </form>
  );
}

/** The launcher's prefilled name: what the server would call the run (lib/runs/run-name.ts). */
function suggestedRunName(
  source: Source,
  from: { file?: string; url: string; filter: { status: string; email: string; run_id: string }; leadIds: string },
): string {
  if (source === "upload") return from.file ?? "";
  if (source === "url") {
    const path = from.url.trim().split(/[?#]/)[0];
    return path.slice(path.lastIndexOf("/") + 1) || path;
  }
  const listed = from.leadIds.split(/[\s,]+/).filter(Boolean).length;
  if (listed) return listed === 1 ? "1 chosen lead" : `${listed} chosen leads`;
  const parts = [
    from.filter.status.trim() && `status ${from.filter.status.trim()}`,
    from.filter.email.trim(),
    from.filter.run_id.trim() && `from run ${from.filter.run_id.trim()}`,
  ].filter(Boolean);
  return parts.length ? `Leads: ${parts.join(", ")}` : "All leads";
}
