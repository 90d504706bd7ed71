"use client";

import { parsePatch } from "diff";
import { useMemo } from "react";
import { TextDiff } from "@/components/diff/text-diff";
import { hunkHeader } from "@/lib/prompts/diff";

// A stored unified diff (a prompt fork's, an audit entry's) shown with the same viewer as live
// comparisons: each hunk becomes its "before" and "after" lines. The raw text stays one click away.

type Hunk = { header: string; before: string; after: string; offset: number | null };
type FilePatch = { oldName: string; newName: string; hunks: Hunk[] };

export function parseUnifiedDiff(text: string): FilePatch[] {
  try {
    return parsePatch(text)
      .filter((patch) => patch.hunks.length > 0)
      .map((patch) => ({
        oldName: patch.oldFileName ?? "before",
        newName: patch.newFileName ?? "after",
        hunks: patch.hunks.map((hunk) => {
          const before: string[] = [];
          const after: string[] = [];
          for (const line of hunk.lines) {
            const body = line.slice(1);
            if (line.startsWith(" ")) {
              before.push(body);
              after.push(body);
            } else if (line.startsWith("-")) before.push(body);
            else if (line.startsWith("+")) after.push(body);
          }
          return {
            header: hunkHeader(hunk),
            before: before.join("\n"),
            after: after.join("\n"),
            // One line-number offset serves both sides only when the hunk starts at the same line on both.
            offset: hunk.oldStart === hunk.newStart ? Math.max(hunk.oldStart - 1, 0) : null,
          };
        }),
      }));
  } catch {
    return [];
  }
}

export function PatchView({ diff, label }: { diff: string; label: string }) {
  const files = useMemo(() => parseUnifiedDiff(diff), [diff]);
  return (
    <div className="space-y-3">
      {files.length === 0 ? (
        <p className="text-sm text-slate-600">{diff.trim() ? "This diff could not be read; the raw text is below." : "No changes."}</p>
      ) : (
        files.map((file, fileIndex) =>
          file.hunks.map((hunk, hunkIndex) => (
            <div key={`${fileIndex}-${hunkIndex}`}>
              {file.hunks.length > 1 ? <p className="mb-1 font-mono text-xs text-slate-500">{hunk.header}</p> : null}
              <TextDiff
                label={`${label}: ${file.oldName} → ${file.newName}${file.hunks.length > 1 ? `, part ${hunkIndex + 1}` : ""}`}
                oldValue={hunk.before}
                newValue={hunk.after}
                oldTitle={file.oldName}
                newTitle={file.newName}
                linesOffset={hunk.offset ?? 0}
                hideLineNumbers={hunk.offset === null}
              />
            </div>
          )),
        )
      )}
      {diff.trim() ? (
        <details className="text-sm">
          <summary className="cursor-pointer rounded text-indigo-700 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500">
            Unified diff (text)
          </summary>
          <pre className="mt-2 max-h-80 overflow-auto rounded-md bg-slate-900 p-3 font-mono text-xs text-slate-100">{diff}</pre>
        </details>
      ) : null}
    </div>
  );
}
