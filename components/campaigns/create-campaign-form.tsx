"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { queryKeys } from "@/components/data/query-keys";
import { usePackOptions } from "@/components/data/queries/packs";
import { webApi, WebApiError } from "@/components/data/web-api";
import type { CampaignJson } from "@/components/campaigns/types";
import { PinSelect, usePinOptions } from "@/components/packs/pin-select";
import { buttonStyles, cardStyles, fieldStyles } from "@/components/ui/styles";

/** Admins create a campaign: a name, a pack, and optional pins per stage over the pack's. */
export function CreateCampaignForm() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const packs = usePackOptions();
  const pinOptions = usePinOptions();
  const [name, setName] = useState("");
  const [pack, setPack] = useState("");
  const [pins, setPins] = useState<Record<string, string>>({});
  const ids = { name: useId(), pack: useId(), pin: useId() };
  const chosenPack = packs.data?.data.find((candidate) => candidate.slug === pack) ?? packs.data?.data[0];

  const create = useMutation({
    mutationFn: () =>
      webApi<CampaignJson>("/campaigns", {
        method: "POST",
        body: { name, pack: chosenPack?.slug ?? "", pins: Object.fromEntries(Object.entries(pins).filter(([, pin]) => pin)) },
      }),
    onSuccess: (campaign) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.campaigns.all });
      router.push(`/campaigns/${campaign.id}`);
    },
  });
  const error = create.error instanceof WebApiError ? create.error : null;
  const nameError = error?.forField("name");
  const packError = error?.forField("pack");
  const pinErrors = Object.fromEntries(Object.keys(pinOptions.data ?? {}).map((stage) => [stage, error?.forField(`pins.${stage}`)]));
  const shown = Boolean(nameError || packError || Object.values(pinErrors).some(Boolean));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    create.mutate();
  }

  return (
    <form onSubmit={submit} className={`${cardStyles} p-5`} aria-labelledby="create-campaign-heading">
      <h2 id="create-campaign-heading" className="text-base font-semibold text-slate-900">
        Create a campaign
      </h2>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <div>
          <label htmlFor={ids.name} className={fieldStyles.label}>
            Name
          </label>
          <input
            id={ids.name}
            value={name}
            onChange={(event) => setName(event.target.value)}
            required
            maxLength={200}
            autoComplete="off"
            className={fieldStyles.input}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `${ids.name}-error` : undefined}
          />
          {nameError ? (
            <p id={`${ids.name}-error`} className={fieldStyles.error}>
              {nameError}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor={ids.pack} className={fieldStyles.label}>
            Pack
          </label>
          <select
            id={ids.pack}
            value={chosenPack?.slug ?? ""}
            onChange={(event) => setPack(event.target.value)}
            className={fieldStyles.input}
            disabled={!packs.data}
            aria-invalid={packError ? true : undefined}
            aria-describedby={packError ? `${ids.pack}-error` : undefined}
          >
            {packs.data?.data.map((candidate) => (
              <option key={candidate.slug} value={candidate.slug}>
                {candidate.name} ({candidate.slug})
              </option>
            ))}
          </select>
          {packError ? (
            <p id={`${ids.pack}-error`} className={fieldStyles.error}>
              {packError}
            </p>
          ) : null}
        </div>
      </div>
      <fieldset className="mt-4">
        <legend className={fieldStyles.label}>Prompt pins</legend>
        <p className={fieldStyles.hint}>
          Leave a stage on the pack’s pin, or pin a version for this campaign’s runs. Pinning a fork needs a reviewer’s approval.
        </p>
        <div className="mt-2 grid gap-3 md:grid-cols-2">
          {Object.entries(pinOptions.data ?? {}).map(([stage, options]) => (
            <div key={stage}>
              <label htmlFor={`${ids.pin}-${stage}`} className="block font-mono text-xs font-medium text-slate-700">
                {stage}
              </label>
              <PinSelect
                id={`${ids.pin}-${stage}`}
                options={options}
                value={pins[stage] ?? ""}
                onChange={(pin) => setPins({ ...pins, [stage]: pin })}
                emptyLabel={chosenPack?.prompts[stage] ? `Pack’s pin: ${chosenPack.prompts[stage].name} ${chosenPack.prompts[stage].version}` : "Pack’s pin"}
                error={pinErrors[stage]}
              />
              {pinErrors[stage] ? (
                <p id={`${ids.pin}-${stage}-error`} className={fieldStyles.error}>
                  {pinErrors[stage]}
                </p>
              ) : null}
            </div>
          ))}
        </div>
      </fieldset>
      <div className="mt-4">
        <button type="submit" className={buttonStyles.primary} disabled={create.isPending || !chosenPack}>
          {create.isPending ? "Creating…" : "Create campaign"}
        </button>
      </div>
      {create.error && !shown ? (
        <p role="alert" className="mt-3 rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800">
          {create.error.message}
        </p>
      ) : null}
    </form>
  );
}
