"use client";

import ReactDiffViewer, { DiffMethod, type ReactDiffViewerStylesOverride } from "react-diff-viewer-continued";
import { foldedHunkHeader } from "@/lib/prompts/diff";

// The one place that renders react-diff-viewer-continued. It needs the browser (emotion styles,
// window), so components/diff/text-diff.tsx loads this module with next/dynamic and ssr: false.

const STYLES: ReactDiffViewerStylesOverride = {
  variables: {
    light: {
      diffViewerTitleBackground: "#f8fafc",
      diffViewerTitleBorderColor: "#e2e8f0",
      gutterBackground: "#f8fafc",
      codeFoldBackground: "#eef2ff",
      codeFoldGutterBackground: "#e0e7ff",
      codeFoldContentColor: "#3730a3",
    },
  },
  // The library sets min-width: 1000px (it scrolls sideways in narrower containers); ours fit their card.
  diffContainer: { fontSize: "12.5px", lineHeight: "1.5", minWidth: 0 },
  // Lines wrap at spaces: overflow-wrap only splits a word longer than the whole line. (word-break:
  // break-word also shrank the cell's min-content width, so narrow columns split words anywhere.)
  contentText: {
    fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
    whiteSpace: "pre-wrap",
    wordBreak: "normal",
    overflowWrap: "break-word",
  },
  lineNumber: { fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace" },
  titleBlock: { fontSize: "12px", fontWeight: 600, padding: "6px 10px", overflowWrap: "anywhere" },
};

export type DiffViewerProps = {
  oldValue: string;
  newValue: string;
  oldTitle?: string;
  newTitle?: string;
  split: boolean;
  linesOffset?: number;
  hideLineNumbers?: boolean;
};

/**
 * The folded-lines bar as a correct hunk header. The viewer passes the line numbers of the block's
 * LAST line, and its own header subtracts the count from those (`@@ -0,12 +0,12 @@` for lines 1–12).
 */
function foldHeader(lines: number, lastLeft: number, lastRight: number) {
  return (
    <span>
      {foldedHunkHeader(lines, lastLeft, lastRight)} · {lines} unchanged {lines === 1 ? "line" : "lines"}
    </span>
  );
}

export default function DiffViewerImpl({ oldValue, newValue, oldTitle, newTitle, split, linesOffset = 0, hideLineNumbers = false }: DiffViewerProps) {
  return (
    <ReactDiffViewer
      oldValue={oldValue}
      newValue={newValue}
      splitView={split}
      leftTitle={split ? oldTitle : `${oldTitle ?? "before"} → ${newTitle ?? "after"}`}
      rightTitle={split ? newTitle : undefined}
      compareMethod={DiffMethod.WORDS}
      linesOffset={linesOffset}
      hideLineNumbers={hideLineNumbers}
      hideSummary
      disableWorker
      styles={STYLES}
      codeFoldMessageRenderer={foldHeader}
    />
  );
}
