"use client";

import type { DeadLetter } from "@/components/dead-letters/types";

/** What was sent and what the endpoint last answered, folded away until asked for. */
export function DeadLetterDetails({ row }: { row: DeadLetter }) {
  const response = row.last_response;
  return (
    <details className="mt-1 text-xs">
      <summary className="cursor-pointer text-indigo-700 hover:underline">Payload and last response</summary>
      <div className="mt-2 space-y-2">
        <div>
          <p className="font-semibold text-slate-700">
            Payload (<code>data</code>)
          </p>
          <pre className="mt-1 max-h-64 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 font-mono text-slate-800">
            {JSON.stringify(row.payload, null, 2)}
          </pre>
        </div>
        <div>
          <p className="font-semibold text-slate-700">Last response{response?.status_code != null ? `: HTTP ${response.status_code}` : ""}</p>
          {response === null ? (
            <p className="mt-1 text-slate-500">No attempt reached the endpoint.</p>
          ) : response.body ? (
            <pre className="mt-1 max-h-64 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 font-mono text-slate-800">{response.body}</pre>
          ) : (
            <p className="mt-1 text-slate-500">{response.status_code === null ? "No answer (see the last error)." : "An empty body."}</p>
          )}
        </div>
      </div>
    </details>
  );
}
