"use client";

import Link from "next/link";
import type { RunProgress } from "@/components/runs/types";
import { cardStyles } from "@/components/ui/styles";

// A sequence run's steps (contract §12): each step's wait and how many of its drafts were written,
// wait for review, were sent, or were canceled because the lead's sequence ended first
// (`counts.steps`, lib/runs/step-counts.ts). A table from 640 px, one card per step below.

type Props = { runId: string; steps: RunProgress["steps"]; counts: NonNullable<RunProgress["run"]["counts"]["steps"]> };

const COLUMNS = [
  ["drafted", "Drafted"],
  ["awaiting_review", "Awaiting review"],
  ["sent", "Sent"],
  ["canceled", "Canceled"],
] as const;

export function RunStepsPanel({ runId, steps, counts }: Props) {
  const rows = steps.map((step) => ({
    ...step,
    counts: counts.find((c) => c.step === step.step) ?? { drafted: 0, awaiting_review: 0, approved: 0, sent: 0, canceled: 0 },
  }));
  const when = (step: (typeof rows)[number]) => (step.step === 1 ? "First email" : `${step.wait_words ?? step.wait} after step ${step.step - 1}`);
  return (
    <section aria-labelledby="steps-heading" className={`${cardStyles} p-4`}>
      <h2 id="steps-heading" className="text-base font-semibold text-slate-900">
        Steps
      </h2>
      <table className="mt-2 hidden w-full text-sm sm:table" data-testid="step-counts">
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs font-semibold uppercase tracking-wide text-slate-500">
            <th className="py-2 pr-3">Step</th>
            <th className="py-2 pr-3">When</th>
            {COLUMNS.map(([key, label]) => (
              <th key={key} className="py-2 pr-3 text-right">
                {label}
              </th>
            ))}
            <th className="py-2">
              <span className="sr-only">Review</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((step) => (
            <tr key={step.step} data-testid={`step-row-${step.step}`}>
              <th scope="row" className="py-2 pr-3 text-left font-medium text-slate-900">
                Step {step.step}
              </th>
              <td className="py-2 pr-3 text-slate-600">{when(step)}</td>
              {COLUMNS.map(([key]) => (
                <td key={key} className="py-2 pr-3 text-right tabular-nums text-slate-900" data-testid={`step-${step.step}-${key}`}>
                  {step.counts[key].toLocaleString()}
                </td>
              ))}
              <td className="py-2 text-right">
                {step.counts.awaiting_review > 0 ? (
                  <Link href={`/review?run=${runId}&step=${step.step}`} className="font-medium text-indigo-700 hover:underline">
                    Review<span className="sr-only"> step {step.step}</span>
                  </Link>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="mt-2 space-y-2 sm:hidden" aria-label="Steps">
        {rows.map((step) => (
          <li key={step.step} className="rounded-lg border border-slate-200 px-3 py-2 text-sm">
            <p className="font-medium text-slate-900">
              Step {step.step} <span className="font-normal text-slate-600">· {when(step)}</span>
            </p>
            <dl className="mt-1 grid grid-cols-2 gap-x-3 text-xs">
              {COLUMNS.map(([key, label]) => (
                <div key={key} className="flex justify-between gap-2">
                  <dt className="text-slate-500">{label}</dt>
                  <dd className="tabular-nums text-slate-900">{step.counts[key].toLocaleString()}</dd>
                </div>
              ))}
            </dl>
            {step.counts.awaiting_review > 0 ? (
              <Link href={`/review?run=${runId}&step=${step.step}`} className="mt-1 inline-block text-xs font-medium text-indigo-700 hover:underline">
                Review step {step.step}’s drafts →
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
