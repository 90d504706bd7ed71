"use client";

import { useId, useState } from "react";
import type { CampaignJson } from "@/components/campaigns/types";
import { PinSelect, usePinOptions } from "@/components/packs/pin-select";
import { fieldStyles } from "@/components/ui/styles";
import type { PackJson } from "@/lib/packs/present-pack";

type RunPinsProps = {
  pins: Record<string, string>;
  onChange: (pins: Record<string, string>) => void;
  /** The chosen pack and campaign: their pins are what a stage left empty uses. */
  pack?: Pick<PackJson, "prompts">;
  campaign?: Pick<CampaignJson, "name" | "pins"> | null;
  /** The server's message for the pins as a whole (a 409 fork_not_approved), shown under the pickers. */
  error?: string;
  /** The server's message for one stage's pin (422 at `pins.<stage>`). */
  stageError: (stage: string) => string | undefined;
};

/**
 * The launcher's "Pins for this run": one picker per machine stage listing the built-in versions and
 * the workspace's forks with their approval state (components/packs/pin-select.tsx). A stage left
 * empty uses the campaign's pin, else the pack's. Opens by itself when the server refused a pin.
 */
export function RunPins({ pins, onChange, pack, campaign, error, stageError }: RunPinsProps) {
  const id = useId();
  const options = usePinOptions();
  const [open, setOpen] = useState(false);
  const chosen = Object.values(pins).filter(Boolean).length;
  const stages = Object.keys(options.data ?? {});
  const anyError = Boolean(error) || stages.some((stage) => stageError(stage));

  const inherited = (stage: string) => {
    const fromCampaign = campaign?.pins[stage];
    if (fromCampaign) return `Campaign’s pin: ${fromCampaign.name} ${fromCampaign.version}`;
    const fromPack = pack?.prompts[stage];
    return fromPack ? `Pack’s pin: ${fromPack.name} ${fromPack.version}` : "Pack’s pin";
  };

  return (
    <details className="mt-4" open={open || anyError} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer text-sm font-medium text-slate-700">Pins for this run (optional){chosen ? ` · ${chosen} pinned` : ""}</summary>
      <p className={fieldStyles.hint}>
        Pin a stage to another version for this run only. A fork runs only in a prompt set a reviewer approved (for a campaign, or for a pack with these run
        pins); otherwise the run is refused.
      </p>
      {options.isError ? <p className={fieldStyles.error}>The versions could not be loaded; reload the page to pin stages.</p> : null}
      {options.isPending ? <p className={fieldStyles.hint}>Loading the versions…</p> : null}
      <div className="mt-3 grid gap-3 md:grid-cols-2">
        {stages.map((stage) => {
          const message = stageError(stage);
          return (
            <div key={stage}>
              <label htmlFor={`${id}-${stage}`} className="block font-mono text-xs font-medium text-slate-700">
                <span className="sr-only">Pin for </span>
                {stage}
              </label>
              <PinSelect
                id={`${id}-${stage}`}
                options={options.data![stage]}
                value={pins[stage] ?? ""}
                onChange={(pin) => onChange({ ...pins, [stage]: pin })}
                emptyLabel={inherited(stage)}
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
      </div>
      {error ? (
        <p className={fieldStyles.error} data-testid="pins-error">
          {error}
        </p>
      ) : null}
    </details>
  );
}
