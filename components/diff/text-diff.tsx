"use client";

import dynamic from "next/dynamic";
import type { DiffViewerProps } from "@/components/diff/diff-viewer-impl";
import { useWide } from "@/components/diff/use-wide";
import { LoadingState } from "@/components/ui/states";

const DiffViewer = dynamic(() => import("@/components/diff/diff-viewer-impl"), { ssr: false, loading: () => <LoadingState label="Loading the diff…" /> });

type TextDiffProps = Omit<DiffViewerProps, "split"> & { label: string; emptyText?: string };

/**
 * Two texts compared with react-diff-viewer-continued: side by side from 768 px up, inline below.
 * `label` names the region for screen readers (the viewer itself is a table of lines).
 */
export function TextDiff({ label, emptyText = "No differences.", ...props }: TextDiffProps) {
  const wide = useWide();
  return (
    <section aria-label={label} className="overflow-x-auto rounded-lg border border-slate-200" data-testid="text-diff" data-layout={wide ? "split" : "inline"}>
      {props.oldValue === props.newValue ? <p className="px-4 py-6 text-center text-sm text-slate-600">{emptyText}</p> : <DiffViewer {...props} split={wide} />}
    </section>
  );
}
