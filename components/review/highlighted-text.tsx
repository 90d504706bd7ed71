"use client";

import { useRef, useState } from "react";
import { checkSentence } from "@/components/review/check-words";
import type { Check, DraftField, EvidenceItem } from "@/lib/review-checks/types";

/** A check with its number in the checks list (1-based) and the id of its entry there. */
export type NumberedCheck = Check & { number: number; elementId: string };

type Segment = { start: number; end: number; sentence: number; checks: NumberedCheck[] };

const inside = (span: [number, number] | number[], start: number, end: number) => span[0] <= start && end <= span[1];

/** The text cut at every sentence and check boundary; each piece knows its sentence (-1: none) and the checks over it. */
function segments(text: string, sentences: EvidenceItem[], checks: NumberedCheck[]): Segment[] {
  const cuts = new Set([0, text.length]);
  for (const item of sentences) item.span.forEach((at) => cuts.add(Math.min(Math.max(at, 0), text.length)));
  for (const check of checks) check.span?.forEach((at) => cuts.add(Math.min(Math.max(at, 0), text.length)));
  const sorted = [...cuts].sort((a, b) => a - b);
  const out: Segment[] = [];
  for (let i = 0; i < sorted.length - 1; i++) {
    const [start, end] = [sorted[i], sorted[i + 1]];
    if (start === end) continue;
    out.push({
      start,
      end,
      sentence: sentences.findIndex((item) => inside(item.span, start, end)),
      checks: checks.filter((check) => check.span && inside(check.span, start, end)),
    });
  }
  return out;
}

/** Groups consecutive segments of the same sentence. */
function bySentence(pieces: Segment[]): { sentence: number; pieces: Segment[] }[] {
  const groups: { sentence: number; pieces: Segment[] }[] = [];
  for (const piece of pieces) {
    const last = groups.at(-1);
    if (last && last.sentence === piece.sentence && piece.sentence >= 0) last.pieces.push(piece);
    else groups.push({ sentence: piece.sentence, pieces: [piece] });
  }
  return groups;
}

function sourcesWords(item: EvidenceItem): string {
  return item.sources.length ? item.sources.map((s) => `${s.kind} ${s.field}: ${s.text}`).join("; ") : "No source supports this sentence.";
}

/**
 * A draft field as text with each check's span in a <mark> (numbered after it, described by its entry
 * in the checks list) and each sentence focusable: on hover and keyboard focus a tooltip, tied by
 * aria-describedby, lists its sources (kind, field, text). Escape hides it. The element's text is
 * the field's text exactly (numbers are drawn by CSS).
 */
export function HighlightedText({
  text,
  field,
  evidence,
  checks,
  idPrefix,
  className,
  testId,
  as: Tag = "div",
}: {
  text: string;
  field: DraftField;
  evidence: EvidenceItem[];
  checks: NumberedCheck[];
  idPrefix: string;
  className?: string;
  testId?: string;
  as?: "div" | "p";
}) {
  const [open, setOpen] = useState<number | null>(null);
  const [at, setAt] = useState<{ top: number; left: number }>({ top: 0, left: 0 });
  const boxRef = useRef<HTMLDivElement>(null);
  const sentences = evidence.filter((item) => item.field === field && item.span[1] <= text.length);
  const own = checks.filter((check) => check.field === field);
  const groups = bySentence(segments(text, sentences, own));
  const tipId = (index: number) => `${idPrefix}-sources-${index}`;

  function show(index: number, element: HTMLElement) {
    const box = boxRef.current?.getBoundingClientRect();
    const rect = element.getBoundingClientRect();
    if (box) setAt({ top: rect.bottom - box.top + 4, left: Math.max(0, Math.min(rect.left - box.left, box.width - 288)) });
    setOpen(index);
  }

  const piece = (part: Segment) => {
    const words = text.slice(part.start, part.end);
    if (!part.checks.length) return <span key={part.start}>{words}</span>;
    const worst = part.checks.some((c) => c.severity === "block") ? "block" : part.checks.some((c) => c.severity === "warn") ? "warn" : "info";
    const tone =
      worst === "block"
        ? "bg-rose-100 text-rose-950 decoration-rose-700"
        : worst === "warn"
          ? "bg-amber-100 text-amber-950 decoration-amber-700"
          : "bg-sky-100 text-sky-950 decoration-sky-700";
    return (
      <mark
        key={part.start}
        data-check={`[${part.checks.map((c) => c.number).join(",")}]`}
        data-code={part.checks.map((c) => c.code).join(" ")}
        aria-describedby={part.checks.map((c) => c.elementId).join(" ")}
        title={part.checks.map(checkSentence).join("\n")}
        className={`rounded-sm px-0.5 underline decoration-2 underline-offset-2 ${worst === "block" ? "decoration-solid" : "decoration-dashed"} ${tone} after:ml-0.5 after:align-super after:text-[0.65em] after:font-semibold after:content-[attr(data-check)]`}
      >
        {words}
      </mark>
    );
  };

  return (
    <div ref={boxRef} className="relative">
      <Tag className={className} data-testid={testId}>
        {groups.map((group) =>
          group.sentence < 0 ? (
            group.pieces.map(piece)
          ) : (
            <span
              key={group.pieces[0].start}
              tabIndex={0}
              data-sentence={group.sentence}
              aria-describedby={tipId(group.sentence)}
              onFocus={(event) => show(group.sentence, event.currentTarget)}
              onBlur={() => setOpen(null)}
              onMouseEnter={(event) => show(group.sentence, event.currentTarget)}
              onMouseLeave={() => setOpen((current) => (current === group.sentence ? null : current))}
              onKeyDown={(event) => {
                if (event.key === "Escape" && open !== null) {
                  event.stopPropagation();
                  setOpen(null);
                }
              }}
              className="rounded-sm hover:bg-indigo-50 focus:bg-indigo-50 focus:outline-2 focus:outline-offset-1 focus:outline-indigo-600"
            >
              {group.pieces.map(piece)}
            </span>
          ),
        )}
      </Tag>
      {sentences.map((item, index) => (
        <div
          key={index}
          id={tipId(index)}
          role="tooltip"
          hidden={open !== index}
          style={{ top: at.top, left: at.left }}
          className="absolute z-20 w-72 max-w-full rounded-md border border-slate-300 bg-white p-3 text-left text-xs text-slate-800 shadow-lg"
          data-testid="sentence-sources"
        >
          <p className="font-semibold text-slate-900">{item.sources.length ? "Sources of this sentence" : "No source"}</p>
          {item.sources.length ? (
            <ul className="mt-1 space-y-1">
              {item.sources.map((source, i) => (
                <li key={i}>
                  <span className="font-medium">
                    {source.kind} · {source.field}
                  </span>
                  : <span className="break-words">{source.text}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-1">{sourcesWords(item)}</p>
          )}
        </div>
      ))}
    </div>
  );
}
