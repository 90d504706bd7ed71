import { expect, type Locator, type Page } from "@playwright/test";

// Words a diff drew on two lines. A diff line's text is split over several spans (the changed words
// are highlighted), so words (runs of letters, digits and underscores) are found in each block's
// whole text, not per text node, and a word's Range may cover several spans. A word is split when
// two of its boxes do not share a line. A break at a space, after a hyphen or a slash is not inside
// a word. Words longer than `longest` may wrap (one wider than the column must); shorter ones may not.

export type WordCheck = { checked: number; split: { word: string; lines: number }[] };

export function wordsSplitAcrossLines(region: Locator, longest = 30): Promise<WordCheck> {
  return region.evaluate((root, longest) => {
    const blocks = new Map<Element, Text[]>();
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      if (!node.textContent) continue;
      let block = node.parentElement!;
      while (block !== root && getComputedStyle(block).display.startsWith("inline")) block = block.parentElement!;
      blocks.set(block, [...(blocks.get(block) ?? []), node]);
    }
    const split: { word: string; lines: number }[] = [];
    let checked = 0;
    for (const nodes of blocks.values()) {
      const text = nodes.map((node) => node.textContent).join("");
      const at = (index: number): [Text, number] => {
        let rest = index;
        for (const node of nodes) {
          const length = node.textContent!.length;
          if (rest < length) return [node, rest];
          rest -= length;
        }
        const last = nodes.at(-1)!;
        return [last, last.textContent!.length];
      };
      for (const match of text.matchAll(/[\p{L}\p{N}_]{2,}/gu)) {
        if (match[0].length > longest) continue;
        checked += 1;
        const range = document.createRange();
        const [startNode, startOffset] = at(match.index);
        const [endNode, endOffset] = at(match.index + match[0].length - 1);
        range.setStart(startNode, startOffset);
        range.setEnd(endNode, endOffset + 1);
        const rects = [...range.getClientRects()].filter((rect) => rect.width > 0 && rect.height > 0);
        // Boxes on one line overlap vertically; count the groups that do not.
        const lines: { top: number; bottom: number }[] = [];
        for (const rect of rects.sort((a, b) => a.top - b.top)) {
          const line = lines.find((seen) => rect.top < seen.bottom - 2 && rect.bottom > seen.top + 2);
          if (!line) lines.push({ top: rect.top, bottom: rect.bottom });
        }
        if (lines.length > 1) split.push({ word: match[0], lines: lines.length });
      }
    }
    return { checked, split };
  }, longest);
}

/** At 390×844 and at 1280×800: the diff in `region` has words, and none of them is drawn on two lines. */
export async function expectNoSplitWords(page: Page, region: Locator) {
  for (const size of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(size);
    await expect(region).toHaveAttribute("data-layout", size.width >= 768 ? "split" : "inline");
    await expect(region.locator("table")).toBeVisible();
    const { checked, split } = await wordsSplitAcrossLines(region);
    expect(checked, `words checked at ${size.width} px`).toBeGreaterThan(50);
    expect(split, `words split across lines at ${size.width} px`).toEqual([]);
  }
}
