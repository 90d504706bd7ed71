"use client";

import { versionHref } from "@/components/prompts/prompt-text";
import Link from "next/link";
import { stageLabel } from "@/lib/states/stages";
import type { TraceJson } from "@/lib/runs/lead-traces";

// A lead's trace across the stages of a run: one entry per stage call, with the prompt version
// (linking to the prompt's page), the model, latency, tokens and the output or the error.

function Output({ value }: { value: unknown }) {
  const text = JSON.stringify(value, null, 2);
  return (
    <details className="mt-1">
      <summary className="cursor-pointer text-xs font-medium text-indigo-700 hover:underline">Output</summary>
      <pre className="mt-1 max-h-64 overflow-auto whitespace-pre-wrap break-words rounded-md bg-slate-50 p-2 font-mono text-xs text-slate-800">{text}</pre>
    </details>
  );
}

export function TraceList({ traces }: { traces: TraceJson[] }) {
  if (traces.length === 0) return <p className="text-sm text-slate-600">No stage has run for this lead yet.</p>;
  return (
    <ol className="space-y-3">
      {traces.map((trace, index) => (
        <li key={trace.id} className="relative border-l-2 border-slate-200 pl-4" data-testid={`trace-${trace.stage}`}>
          <span aria-hidden="true" className={`absolute -left-[5px] top-1.5 h-2 w-2 rounded-full ${trace.error ? "bg-rose-500" : "bg-indigo-500"}`} />
          <p className="text-sm font-medium text-slate-900">
            <span className="sr-only">Step {index + 1}: </span>
            {stageLabel(trace.stage)}
            {trace.error ? <span className="ml-2 text-xs font-medium text-rose-700">failed</span> : null}
          </p>
          <dl className="mt-0.5 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 text-xs text-slate-600">
            <dt className="text-slate-500">Prompt</dt>
            <dd className="break-all">
              {trace.prompt ? (
                <Link href={versionHref(trace.prompt.name, trace.prompt.version)} className="font-medium text-indigo-700 hover:underline">
                  {trace.prompt.name} {trace.prompt.version}
                </Link>
              ) : (
                "—"
              )}
            </dd>
            <dt className="text-slate-500">Model</dt>
            <dd className="break-all font-mono">{trace.model.includes("/") ? trace.model : `${trace.provider}/${trace.model}`}</dd>
            <dt className="text-slate-500">Latency</dt>
            <dd className="tabular-nums">{trace.latency_ms.toLocaleString()} ms</dd>
            <dt className="text-slate-500">Tokens</dt>
            <dd className="tabular-nums">
              {trace.input_tokens.toLocaleString()} in · {trace.output_tokens.toLocaleString()} out · ${trace.cost_usd.toFixed(6)}
            </dd>
          </dl>
          {trace.error ? <p className="mt-1 break-words rounded-md bg-rose-50 px-2 py-1 font-mono text-xs text-rose-800">{trace.error}</p> : null}
          {trace.output !== null ? <Output value={trace.output} /> : null}
        </li>
      ))}
    </ol>
  );
}
