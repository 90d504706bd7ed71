import Link from "next/link";
import { STEP_SOURCE } from "@/components/campaigns/campaign-steps";
import type { CampaignJson } from "@/components/campaigns/types";
import { promptHref } from "@/components/prompts/prompt-text";

/** Step 1 in the step editor: the first email, fixed in place; its draft_email version comes from the pins above. */
export function StepOne({ step }: { step: CampaignJson["steps"][number] }) {
  return (
    <li aria-labelledby="step-1-heading" className="flex flex-col gap-1 py-3 sm:flex-row sm:items-baseline sm:gap-4">
      <span id="step-1-heading" className="w-16 shrink-0 font-semibold text-slate-900">
        Step 1
      </span>
      <span className="min-w-0 flex-1 text-slate-700">
        The first email <span className="text-xs text-slate-500">(always first: it cannot be moved or removed; its version is set by the pins above)</span>
      </span>
      <span className="min-w-0 sm:text-right">
        {step.version ? (
          <>
            <Link href={promptHref(step.version.name)} className="break-all font-mono text-indigo-700 hover:underline">
              {step.version.name} {step.version.version}
            </Link>
            <span className="block text-xs text-slate-500">{step.source ? STEP_SOURCE[step.source] : null}</span>
          </>
        ) : (
          <span className="text-slate-500">no version installed</span>
        )}
      </span>
    </li>
  );
}
