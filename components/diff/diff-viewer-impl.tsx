"use client";

import ReactDiffViewer, { DiffMethod, type ReactDiffViewerStylesOverride } from "react-diff-viewer-continued";
import { foldedHunkHeader } from "@/lib/prompts/diff";

// The one place that renders react-diff-viewer-continued. It needs the browser (emotion styles,
// window), so components/diff/text-diff.tsx loads this module with next/dynamic and ssr: false.

const NARROW = "@media (max-width: 767px)";

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
  // Below 768 px (the inline view, two line-number columns) the gutters narrow so the text keeps room.
  diffContainer: {
    fontSize: "12.5px",
    lineHeight: "1.5",
    minWidth: 0,
    [NARROW]: { "& col[width='50px']": { width: "36px" }, "& col[width='28px']": { width: "20px" } },
  },
  // The library dims line numbers to half opacity (under 4.5:1, axe color-contrast): full opacity, in slate-600 below.
  gutter: { pre: { opacity: 1 }, [NARROW]: { minWidth: "36px", width: "36px", padding: "0 4px" } },
  marker: { [NARROW]: { width: "20px", paddingLeft: "6px", paddingRight: "2px" } },
  // Lines wrap at spaces, never inside a word. The library's content style sets `line-break: anywhere`,
  // which lets the browser break between any two characters whatever word-break and overflow-wrap say:
  // that split words at narrow widths. `auto` restores the usual break points (spaces, after hyphens);
  // overflow-wrap: anywhere then splits only a token longer than the whole column (a URL, a path).
  contentText: {
    fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
    whiteSpace: "pre-wrap",
    lineBreak: "auto",
    wordBreak: "normal",
    overflowWrap: "anywhere",
  },
  lineNumber: { fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace", color: "#475569" },
  // The library fixes the title at one line's height (2.4em, overflow hidden): a long title (a fork's
  // name, or "old → new" in the inline view at 390 px) wrapped under the first hunk. It grows instead.
  titleBlock: { fontSize: "12px", fontWeight: 600, padding: "6px 10px", overflowWrap: "anywhere", height: "auto", overflow: "visible" },
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

// Changed words are compared with whitespace as tokens of its own (diffWordsWithSpace): jsdiff 9's
// diffWords leaves a space out of the side it was not kept on, so a removed line read "a shortfirst
// outreach email ." for "a short first outreach email.".
export default function DiffViewerImpl({ oldValue, newValue, oldTitle, newTitle, split, linesOffset = 0, hideLineNumbers = false }: DiffViewerProps) {
  return (
    <ReactDiffViewer
      oldValue={oldValue}
      newValue={newValue}
      splitView={split}
      leftTitle={split ? oldTitle : `${oldTitle ?? "before"} → ${newTitle ?? "after"}`}
      rightTitle={split ? newTitle : undefined}
      compareMethod={DiffMethod.WORDS_WITH_SPACE}
      linesOffset={linesOffset}
      hideLineNumbers={hideLineNumbers}
      hideSummary
      disableWorker
      styles={STYLES}
      codeFoldMessageRenderer={foldHeader}
    />
  );
}
