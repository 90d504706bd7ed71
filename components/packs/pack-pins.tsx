"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useId, useState, type FormEvent } from "react";
import { queryKeys } from "@/components/data/query-keys";
import { webApi, WebApiError } from "@/components/data/web-api";
import { PinSelect, usePinOptions } from "@/components/packs/pin-select";
import { versionHref } from "@/components/prompts/prompt-text";
import { Notice } from "@/components/ui/states";
import { buttonStyles, fieldStyles } from "@/components/ui/styles";
import type { PackJson } from "@/lib/packs/present-pack";

/** The prompt pinned per stage; an admin changes the pins of a workspace pack here. */
export function PackPins({ pack, editable }: { pack: PackJson; editable: boolean }) {
  const queryClient = useQueryClient();
  const options = usePinOptions();
  const current = Object.fromEntries(Object.entries(pack.prompts).map(([stage, pin]) => [stage, `${pin.name}:${pin.version}`]));
  const [pins, setPins] = useState<Record<string, string>>(current);
  const [saved, setSaved] = useState(false);
  const id = useId();
  const save = useMutation({
    mutationFn: (changed: Record<string, string>) => webApi<PackJson>(`/packs/${pack.slug}`, { method: "PATCH", body: { prompts: changed } }),
    onSuccess: (updated) => {
      setSaved(true);
      queryClient.setQueryData(queryKeys.packs.detail(pack.slug), (old: object | undefined) => ({ ...old, ...updated }));
      // New pins make a new prompt set (its approval lapses): fetch the pack's set state again.
      void queryClient.invalidateQueries({ queryKey: queryKeys.packs.detail(pack.slug) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.packs.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.prompts.pinOptions() }); // the lapsed approval leaves the pickers
    },
  });
  const error = save.error instanceof WebApiError ? save.error : null;
  const changed = Object.fromEntries(Object.entries(pins).filter(([stage, pin]) => pin && pin !== current[stage]));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    save.mutate(changed);
  }

  if (!editable || !options.data) {
    return (
      <ul className="divide-y divide-slate-100 text-sm">
        {pack.stages.map((stage) => {
          const pin = pack.prompts[stage];
          return (
            <li key={stage} className="grid grid-cols-[8rem_minmax(0,1fr)] gap-3 py-2">
              <span className="font-mono text-xs text-slate-500">{stage}</span>
              {pin ? (
                <Link href={versionHref(pin.name, pin.version)} className="break-all font-mono text-indigo-700 hover:underline">
                  {pin.name} {pin.version}
                </Link>
              ) : (
                <span className="text-slate-500">no prompt (not a machine stage)</span>
              )}
            </li>
          );
        })}
      </ul>
    );
  }
  return (
    <form onSubmit={submit} aria-label="Prompt pins" className="space-y-3">
      {Object.keys(options.data).map((stage) => {
        const message = error?.forField(`prompts.${stage}`);
        return (
          <div key={stage}>
            <label htmlFor={`${id}-${stage}`} className="block font-mono text-xs font-medium text-slate-700">
              {stage}
            </label>
            <PinSelect
              id={`${id}-${stage}`}
              options={options.data[stage]}
              value={pins[stage] ?? ""}
              onChange={(pin) => {
                setSaved(false);
                setPins({ ...pins, [stage]: pin });
              }}
              emptyLabel={pins[stage] ? undefined : "Not pinned"}
              error={message}
            />
            {message ? (
              <p id={`${id}-${stage}-error`} className={fieldStyles.error}>
                {message}
              </p>
            ) : null}
          </div>
        );
      })}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonStyles.primary} disabled={save.isPending || Object.keys(changed).length === 0}>
          {save.isPending ? "Saving…" : "Save pins"}
        </button>
        <p className="text-xs text-slate-500">Runs of this pack use these versions unless a campaign or the run pins others.</p>
      </div>
      {saved ? <Notice tone="success">Pins saved.</Notice> : null}
      {save.error && !error?.fieldErrors.length ? <Notice tone="error">{save.error.message}</Notice> : null}
    </form>
  );
}
