import { createTwoFilesPatch } from "diff";

export type PromptText = { modelDefault: string; system: string; userTemplate: string };

/** The text that prompt diffs compare: every field that changes what the model is asked. */
export function renderPromptForDiff(prompt: PromptText): string {
  return [`model_default: ${prompt.modelDefault}`, "", "[system]", prompt.system.trimEnd(), "", "[user_template]", prompt.userTemplate.trimEnd(), ""].join(
    "\n",
  );
}

/** A unified diff between two prompt versions ("" when they are the same). */
export function promptDiff(fromName: string, from: PromptText | null, toName: string, to: PromptText): string {
  const before = from ? renderPromptForDiff(from) : "";
  const after = renderPromptForDiff(to);
  if (before === after) return "";
  return createTwoFilesPatch(fromName, toName, before, after, undefined, undefined, { context: 3 });
}

/**
 * A unified-diff hunk header from parsed numbers. jsdiff's parsePatch turns a side with no lines
 * (`-0,0`) into start 1; the header gives it back as 0, as diff(1) writes it.
 */
export function hunkHeader(hunk: { oldStart: number; oldLines: number; newStart: number; newLines: number }): string {
  const side = (start: number, lines: number) => `${lines === 0 ? Math.max(start - 1, 0) : start},${lines}`;
  return `@@ -${side(hunk.oldStart, hunk.oldLines)} +${side(hunk.newStart, hunk.newLines)} @@`;
}

/** The header of `lines` unchanged lines ending at line `lastOld` / `lastNew` (a folded block). */
export function foldedHunkHeader(lines: number, lastOld: number, lastNew: number): string {
  return hunkHeader({ oldStart: lastOld - lines + 1, oldLines: lines, newStart: lastNew - lines + 1, newLines: lines });
}
