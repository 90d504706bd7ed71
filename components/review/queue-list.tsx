"use client";

import Link from "next/link";
import type { RefObject } from "react";
import { Time } from "@/components/ui/time";
import { buttonStyles } from "@/components/ui/styles";
import { FromLine } from "@/components/review/from-line";
import { RISK_WORDS } from "@/components/review/check-words";
import { RiskBadges } from "@/components/review/risk-badges";
import { StepLine } from "@/components/review/step-line";
import { stepWords, waitWords } from "@/components/review/step-words";
import type { ReviewQueueItem } from "@/components/review/types";

type Props = {
  rows: ReviewQueueItem[];
  active: number;
  onActivate: (id: string) => void;
  rowRefs: RefObject<(HTMLLIElement | null)[]>;
  listRef: RefObject<HTMLUListElement | null>;
  /** The height of what covers the viewport's bottom (the undo banner): rows scroll into view above it. */
  bottomInset: number;
  canReview: boolean;
  selected: Set<string>;
  onToggle: (id: string) => void;
  onApprove: (row: ReviewQueueItem) => void;
  onReject: (row: ReviewQueueItem) => void;
  busyId: string | null;
  describedBy: string;
};

export const leadLabel = (row: Pick<ReviewQueueItem, "lead">) => row.lead.name ?? row.lead.email;

/**
 * The drafts as a list of rows. One row is current (queue-cursor.ts): highlighted, the one the
 * shortcuts act on, and the only one in the tab order (a roving tabindex), so keyboard focus in
 * the list is always on it; focusing a row makes it current. The lead's name links to the draft page.
 */
export function QueueList({
  rows,
  active,
  onActivate,
  rowRefs,
  listRef,
  bottomInset,
  canReview,
  selected,
  onToggle,
  onApprove,
  onReject,
  busyId,
  describedBy,
}: Props) {
  return (
    <ul ref={listRef} tabIndex={-1} aria-label="Drafts awaiting review" aria-describedby={describedBy} className="divide-y divide-slate-100 outline-none">
      {rows.map((row, index) => {
        const isActive = index === active;
        const step = stepWords(row.step, row.steps);
        const wait = waitWords(row.step, row.step_wait);
        return (
          <li
            key={row.id}
            ref={(element) => {
              rowRefs.current[index] = element;
            }}
            tabIndex={isActive ? 0 : -1}
            aria-current={isActive ? "true" : undefined}
            aria-label={`${leadLabel(row)}${row.lead.company ? `, ${row.lead.company}` : ""}, ${RISK_WORDS[row.risk].toLowerCase()}: ${row.subject}`}
            data-testid={`queue-${row.id}`}
            data-current={isActive ? "true" : undefined}
            onFocus={() => onActivate(row.id)}
            style={{ scrollMarginBottom: bottomInset + 16, scrollMarginTop: 16 }}
            className={`flex flex-wrap gap-3 px-4 py-3 outline-none sm:flex-nowrap focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-indigo-500 ${isActive ? "bg-indigo-50 shadow-[inset_3px_0_0_0_var(--color-indigo-500)]" : ""} ${selected.has(row.id) ? "border-l-4 border-l-indigo-500 pl-3" : ""}`}
          >
            {canReview ? (
              <div className="pt-0.5">
                <input
                  type="checkbox"
                  checked={selected.has(row.id)}
                  onChange={() => onToggle(row.id)}
                  tabIndex={isActive ? 0 : -1}
                  aria-label={`Select the draft for ${leadLabel(row)}`}
                  className="h-4 w-4 accent-indigo-600"
                />
              </div>
            ) : null}
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-baseline gap-x-2">
                <Link
                  href={`/review/drafts/${row.id}`}
                  tabIndex={isActive ? 0 : -1}
                  className="font-medium text-slate-900 hover:text-indigo-700 hover:underline"
                >
                  {leadLabel(row)}
                </Link>
                <span className="truncate text-sm text-slate-600">{[row.lead.title, row.lead.company].filter(Boolean).join(" · ")}</span>
              </div>
              <div className="mt-1">
                <RiskBadges risk={row.risk} checks={row.checks} spam={row.spam_score} />
              </div>
              <StepLine step={step} wait={wait} className="mt-0.5 text-xs text-slate-600" testId="queue-step" />
              <FromLine from={row.from} className="mt-0.5 text-xs text-slate-600" testId="queue-from" />
              <p className="mt-0.5 truncate text-sm font-medium text-slate-800">{row.subject}</p>
              <p className="line-clamp-2 text-sm text-slate-600">{row.body}</p>
              <p className="mt-1 flex flex-wrap gap-x-3 text-xs text-slate-600">
                <span>
                  Drafted <Time iso={row.created_at} mode="relative" />
                </span>
                <span>
                  Run{" "}
                  <Link href={`/runs/${row.run_id}`} tabIndex={isActive ? 0 : -1} className="underline hover:text-indigo-700">
                    {row.run_name}
                  </Link>
                </span>
                {row.campaign ? <span>Campaign {row.campaign.name}</span> : null}
                {row.prompt ? (
                  <span>
                    {row.prompt.name} {row.prompt.version}
                  </span>
                ) : null}
              </p>
            </div>
            {canReview ? (
              <div className={`flex w-full shrink-0 gap-2 sm:w-auto sm:items-start sm:pl-0 ${canReview ? "pl-7" : ""}`}>
                <button
                  type="button"
                  tabIndex={isActive ? 0 : -1}
                  className={buttonStyles.secondary}
                  disabled={busyId !== null}
                  onClick={() => onApprove(row)}
                  aria-label={`Approve the draft for ${leadLabel(row)}`}
                >
                  {busyId === row.id ? "Approving…" : "Approve"}
                </button>
                <button
                  type="button"
                  tabIndex={isActive ? 0 : -1}
                  className={buttonStyles.dangerQuiet}
                  disabled={busyId !== null}
                  onClick={() => onReject(row)}
                  aria-label={`Reject the draft for ${leadLabel(row)}`}
                >
                  Reject
                </button>
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
