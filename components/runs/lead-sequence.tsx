"use client";

import { endedWords } from "@/components/review/step-words";
import type { RunLead } from "@/components/runs/types";
import { formatAbsolute, formatRelative } from "@/components/ui/time";
import { SEQUENCE_STATUS } from "@/lib/statuses";

// A run lead's place in its sequence (contract §12) on the run page: the step it reached among the
// run's steps, when the next step falls due (or a pause ends) in words with the exact time in the
// title, or why the sequence ended.

/** "in 2 days"; "due now" once the time has come (the scheduler picks it up within a second or so). */
const upcoming = (date: Date) => (date.getTime() <= Date.now() ? "due now" : formatRelative(date));

function When({ iso }: { iso: string }) {
  const date = new Date(iso);
  return (
    <time dateTime={iso} title={`${formatAbsolute(date)} (${iso})`} className="underline decoration-dotted underline-offset-2">
      {upcoming(date)}
    </time>
  );
}

export function LeadSequence({ sequence, steps }: { sequence: RunLead["sequence"]; steps: number }) {
  if (!sequence) return <span className="text-slate-400">not started</span>;
  const at = `Step ${sequence.step} of ${Math.max(steps, sequence.step)}`;
  if (sequence.status === SEQUENCE_STATUS.finished)
    return (
      <span data-testid="lead-sequence">
        <span className="font-medium text-slate-800">{at}</span>
        <span className="block text-slate-600">Ended: {endedWords(sequence.ended_reason)}</span>
      </span>
    );
  const paused = sequence.status === SEQUENCE_STATUS.paused;
  return (
    <span data-testid="lead-sequence">
      <span className="font-medium text-slate-800">{at}</span>
      {paused ? <span className="text-amber-800"> · paused</span> : null}
      <span className="block text-slate-600">
        {sequence.next_at ? (
          <>
            {paused ? "Resumes" : "Next step"} <When iso={sequence.next_at} />
          </>
        ) : sequence.step >= steps ? (
          "Last step"
        ) : (
          `Step ${sequence.step + 1} waits for step ${sequence.step} to be sent`
        )}
      </span>
    </span>
  );
}
