import type { Page } from 'playwright-core';

/**
 * Words the page breaks inside (issue 46: "E d i t", "Recommendati ons", "1.3 37 4" at 390 px and
 * 1280 px). Every visible text node of the body is split into words (between spaces, and after a hyphen,
 * slash or dash, where a break is a normal one); a word whose glyphs sit on more than one line is broken
 * mid-word. Long identifiers (over 24 characters, an e-mail address, a URL) may break: nothing else can
 * fit them on a phone. SVG text (the charts) is laid out by the chart, not by lines, and is left out.
 * Each entry reads `tag.class "word" in "text"`.
 */
export async function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const MAX_WORD = 24;
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node as Text;
      const parent = text.parentElement;
      if (!parent || parent.closest('svg, script, style, noscript')) continue;
      const box = parent.getBoundingClientRect();
      // Visually hidden text (a 1 px clip for screen readers) is not laid out for reading.
      if (box.width < 4 || box.height < 4) continue;
      for (const match of text.data.matchAll(/[^\s\-‐–—/]+/g)) {
        const word = match[0];
        if (word.length < 2 || word.length > MAX_WORD || /@|:\/\//.test(word)) continue;
        range.setStart(text, match.index);
        range.setEnd(text, match.index + word.length);
        const rects = [...range.getClientRects()].filter((rect) => rect.width > 0 && rect.height > 0);
        const first = rects[0];
        if (!first) continue;
        const lines = rects.filter((rect) => Math.abs(rect.top - first.top) > first.height / 2);
        if (lines.length === 0) continue;
        const name = `${parent.tagName.toLowerCase()}.${[...parent.classList].slice(0, 2).join('.')}`;
        found.push(`${name} "${word}" in "${text.data.trim().slice(0, 40)}"`);
      }
    }
    return found;
  });
}
