import Link from "next/link";
import type { CampaignJson } from "@/components/campaigns/types";
import { promptHref } from "@/components/prompts/prompt-text";
import { cardStyles } from "@/components/ui/styles";
import { STAGE } from "@/lib/states/stages";

// The campaign's sequence, read-only (what reviewers and viewers see; admins get the step editor,
// step-editor.tsx): each step, its wait in words and the prompt version it runs as the campaign
// resolves it. A step on a fork links to that fork's diff and evaluation further down the page (the
// approval covers every step's version). Runs started with the campaign follow these steps (lib/sequences/).

export const STEP_SOURCE: Record<string, string> = {
  run: "run pin",
  campaign: "pinned on this step",
  pack: "pack pin",
  label: "workspace default",
  production: "production",
};

export const forkAnchor = (fork: { stage: string; step: number | null }) => `fork-${fork.stage}${fork.step === null ? "" : `-${fork.step}`}`;

export function CampaignSteps({ steps }: { steps: CampaignJson["steps"] }) {
  return (
    <section aria-labelledby="steps-heading" className={`${cardStyles} p-5`}>
      <h2 id="steps-heading" className="text-base font-semibold text-slate-900">
        Steps
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {steps.length === 1
          ? "One step: the first email."
          : `${steps.length} steps: the first email, then ${steps.length - 1} follow-up${steps.length === 2 ? "" : "s"} in the same thread.`}{" "}
        Each follow-up is drafted when its wait has passed after the previous step was sent, reviewed like a first email, and sent from the same sender in the
        same thread; a reply ends the lead&apos;s sequence (an out-of-office pauses it). Their prompts are approved with the campaign.
      </p>
      <ol className="mt-3 divide-y divide-slate-100 text-sm" data-testid="campaign-steps">
        {steps.map((step) => (
          <li key={step.step} className="flex flex-col gap-1 py-2 sm:flex-row sm:items-baseline sm:gap-4">
            <span className="w-16 shrink-0 font-semibold text-slate-900">Step {step.step}</span>
            <span className="min-w-0 flex-1 text-slate-700">
              {step.step === 1 ? "The first email" : `A follow-up ${step.wait_words} after step ${step.step - 1} is sent`}
              <span className="ml-1 font-mono text-xs text-slate-500">{step.wait ? `(${step.wait})` : null}</span>
            </span>
            <div className="min-w-0 sm:w-80 sm:shrink-0 sm:text-right">
              {step.version ? (
                <>
                  <Link href={promptHref(step.version.name)} className="break-all font-mono text-indigo-700 hover:underline">
                    {step.version.name} {step.version.version}
                  </Link>
                  <p className="text-xs text-slate-500">
                    {step.source ? STEP_SOURCE[step.source] : null}
                    {step.fork ? (
                      <>
                        {" · "}
                        <a
                          href={`#${forkAnchor({ stage: step.step === 1 ? STAGE.draft_email : STAGE.follow_up, step: step.step === 1 ? null : step.step })}`}
                          className="text-indigo-700 hover:underline"
                        >
                          fork: diff and evaluation below
                        </a>
                      </>
                    ) : null}
                  </p>
                </>
              ) : (
                <span className="text-slate-500">no version installed</span>
              )}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
