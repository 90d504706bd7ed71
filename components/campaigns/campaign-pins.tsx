"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useId, useState, type FormEvent } from "react";
import { queryKeys } from "@/components/data/query-keys";
import { usePack } from "@/components/data/queries/packs";
import { webApi, WebApiError } from "@/components/data/web-api";
import { PinSelect, usePinOptions } from "@/components/packs/pin-select";
import { promptHref } from "@/components/prompts/prompt-text";
import { Notice } from "@/components/ui/states";
import { buttonStyles, fieldStyles } from "@/components/ui/styles";

type Pins = Record<string, { name: string; version: string }>;

/**
 * The campaign's pins over its pack's. Admins change them with the pin pickers (each fork with its
 * approval state); saving new pins takes back the campaign's approval (PATCH /campaigns/{id}).
 */
export function CampaignPins({ id, pack, pins, canEdit }: { id: string; pack: string; pins: Pins; canEdit: boolean }) {
  const options = usePinOptions();
  if (!canEdit || !options.data) {
    return Object.keys(pins).length === 0 ? (
      <p className="mt-1 text-sm text-slate-600">None: runs use the pack’s pins.</p>
    ) : (
      <ul className="mt-1 space-y-1 text-sm">
        {Object.entries(pins).map(([stage, pin]) => (
          <li key={stage} className="flex flex-wrap gap-x-2">
            <span className="w-32 font-mono text-xs text-slate-500">{stage}</span>
            <Link href={promptHref(pin.name)} className="break-all font-mono text-indigo-700 hover:underline">
              {pin.name} {pin.version}
            </Link>
          </li>
        ))}
      </ul>
    );
  }
  return <PinsForm id={id} pack={pack} pins={pins} stages={Object.keys(options.data)} options={options.data} />;
}

function PinsForm({
  id,
  pack,
  pins,
  stages,
  options,
}: {
  id: string;
  pack: string;
  pins: Pins;
  stages: string[];
  options: NonNullable<ReturnType<typeof usePinOptions>["data"]>;
}) {
  const queryClient = useQueryClient();
  const packData = usePack(pack);
  const formId = useId();
  const current = Object.fromEntries(Object.entries(pins).map(([stage, pin]) => [stage, `${pin.name}:${pin.version}`]));
  const [chosen, setChosen] = useState<Record<string, string>>(current);
  const [saved, setSaved] = useState(false);
  const next = Object.fromEntries(Object.entries(chosen).filter(([, pin]) => pin));
  const changed = stages.some((stage) => (next[stage] ?? "") !== (current[stage] ?? ""));
  const save = useMutation({
    mutationFn: () => webApi(`/campaigns/${id}`, { method: "PATCH", body: { pins: next } }),
    onSuccess: async () => {
      setSaved(true);
      void queryClient.invalidateQueries({ queryKey: queryKeys.campaigns.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.prompts.pinOptions() });
      await queryClient.invalidateQueries({ queryKey: queryKeys.campaigns.detail(id) });
    },
  });
  const error = save.error instanceof WebApiError ? save.error : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    save.mutate();
  }

  return (
    <form onSubmit={submit} aria-label="Campaign pins" className="mt-2 space-y-3">
      <div className="grid gap-3 md:grid-cols-2">
        {stages.map((stage) => {
          const message = error?.forField(`pins.${stage}`);
          const fromPack = packData.data?.prompts[stage];
          return (
            <div key={stage}>
              <label htmlFor={`${formId}-${stage}`} className="block font-mono text-xs font-medium text-slate-700">
                {stage}
              </label>
              <PinSelect
                id={`${formId}-${stage}`}
                options={options[stage]}
                value={chosen[stage] ?? ""}
                onChange={(pin) => {
                  setSaved(false);
                  setChosen({ ...chosen, [stage]: pin });
                }}
                emptyLabel={fromPack ? `Pack’s pin: ${fromPack.name} ${fromPack.version}` : "Pack’s pin"}
                error={message}
              />
              {message ? (
                <p id={`${formId}-${stage}-error`} className={fieldStyles.error}>
                  {message}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonStyles.secondary} disabled={save.isPending || !changed}>
          {save.isPending ? "Saving…" : "Save pins"}
        </button>
        <p className="text-xs text-slate-500">Saving new pins takes back the campaign’s approval: a reviewer approves the new set.</p>
      </div>
      {saved ? <Notice tone="success">Pins saved.</Notice> : null}
      {save.error && !error?.fieldErrors.length ? <Notice tone="error">{save.error.message}</Notice> : null}
    </form>
  );
}
