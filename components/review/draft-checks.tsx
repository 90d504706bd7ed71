"use client";

import { CHECK_WORDS, SEVERITY_TONES, SEVERITY_WORDS } from "@/components/review/check-words";
import { HighlightedText, type NumberedCheck } from "@/components/review/highlighted-text";
import { RiskBadge, SpamScoreBadge } from "@/components/review/risk-badges";
import type { SpamScoreView } from "@/components/review/spam-words";
import type { Check, EvidenceItem, Risk } from "@/lib/review-checks/types";

export type DraftReviewResult = { evidence: EvidenceItem[]; checks: Check[]; risk: Risk };

/** The checks numbered as the list shows them, with the id of each entry (the marks point to it). */
export const numberChecks = (checks: Check[], idPrefix: string): NumberedCheck[] =>
  checks.map((check, index) => ({ ...check, number: index + 1, elementId: `${idPrefix}-check-${index + 1}` }));

/** The list of checks: number, what it is and its severity in words, the message, where it is. */
export function CheckList({ checks, text }: { checks: NumberedCheck[]; text: { subject: string; body: string } }) {
  if (!checks.length) return <p className="text-sm text-slate-700">No checks: nothing here needs a closer look.</p>;
  return (
    <ol className="space-y-2" aria-label="Checks">
      {checks.map((check) => (
        <li key={check.elementId} id={check.elementId} className="flex gap-2 text-sm text-slate-800" data-testid="check-item" data-code={check.code}>
          <span className="w-6 shrink-0 text-right font-semibold text-slate-600">{check.number}.</span>
          <span className="min-w-0">
            <span className={`mr-1.5 inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${SEVERITY_TONES[check.severity]}`}>
              {CHECK_WORDS[check.code]} · {SEVERITY_WORDS[check.severity]}
            </span>
            <span className="break-words">{check.message}</span>
            <span className="block text-xs text-slate-600">
              In the {check.field}
              {check.span ? <>: “{text[check.field].slice(check.span[0], check.span[1])}”</> : null}
            </span>
          </span>
        </li>
      ))}
    </ol>
  );
}

/**
 * "Checks and sources": the draft's risk, its subject and body with the checks' spans marked and each
 * sentence's sources on hover and focus (when `showText`), and the list of checks. `checking` while
 * an edit is being checked again.
 */
export function DraftChecks({
  review,
  subject,
  body,
  showText,
  checking,
  failed,
  spam,
  edited = false,
}: {
  /** The saved draft's SpamAssassin score; `edited`: the text shown is an unsaved edit, scored once saved. */
  spam?: SpamScoreView;
  edited?: boolean;
  review: DraftReviewResult;
  subject: string;
  body: string;
  showText: boolean;
  checking: boolean;
  failed: string | null;
}) {
  const checks = numberChecks(review.checks, "draft");
  return (
    <div className="space-y-3 p-4">
      <div className="flex flex-wrap items-center gap-2" aria-live="polite">
        <RiskBadge risk={review.risk} />
        {spam ? <SpamScoreBadge spam={spam} rules={3} edited={edited} /> : null}
        <span className="text-sm text-slate-700" data-testid="checks-state">
          {checking ? "Checking your edit…" : failed ? `Your edit could not be checked: ${failed}` : `${checks.length} check${checks.length === 1 ? "" : "s"}`}
        </span>
      </div>
      {showText ? (
        <div className="space-y-2">
          <p className="text-xs text-slate-600">Focus or point at a sentence to see its sources; marked words have a numbered check below.</p>
          <HighlightedText
            as="p"
            text={subject}
            field="subject"
            evidence={review.evidence}
            checks={checks}
            idPrefix="checked-subject"
            className="break-words font-medium text-slate-900"
            testId="checked-subject"
          />
          <HighlightedText
            text={body}
            field="body"
            evidence={review.evidence}
            checks={checks}
            idPrefix="checked-body"
            className="whitespace-pre-wrap break-words rounded-md bg-slate-50 p-3 text-sm leading-relaxed text-slate-800"
            testId="checked-body"
          />
        </div>
      ) : null}
      <CheckList checks={checks} text={{ subject, body }} />
    </div>
  );
}
