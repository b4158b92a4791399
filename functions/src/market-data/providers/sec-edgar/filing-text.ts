import { convert } from 'html-to-text';

/*
 * The words of a current report (8-K) that say what happened, for the catalyst's description and its
 * sentiment (docs/product.md "Any asset"). An 8-K's own document is mostly a form: a cover page (the
 * registrant, its address, the Rule 425 and 14a-12 check boxes) and one or two sentences per item,
 * often "the press release is furnished as Exhibit 99.1". What the company says about the event is in
 * that exhibit. So the excerpt is the press release's prose when the filing links an Exhibit 99, else
 * the items' own text; never the cover page, the signatures, the list of exhibits or the
 * forward-looking-statements boilerplate, which would only add noise to the sentiment.
 */

export const FILING_EXCERPT_MAX_CHARS = 1_200;
/** Shorter blocks are letterhead, headings, table cells and dates, not prose. */
const PROSE_MIN_WORDS = 12;

const ITEM_HEADING = /^item\s+(\d{1,2}\.\d{2})/i;
const SIGNATURES = /^signatures?$/i;
const BOILERPLATE = /forward-looking statements|shall not be deemed "?filed"?/i;
const EXHIBIT_99 = /^exhibit\s+99(?:\.\d+)?$/i;

/** The document's blocks as plain text, one line each, spaces collapsed. */
export function filingBlocks(html: string): string[] {
  return convert(html, {
    wordwrap: false,
    selectors: [
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'img', format: 'skip' },
      // Inline XBRL's hidden header holds the document's tagged facts, not its prose.
      { selector: 'ix\\:header', format: 'skip' },
    ],
  })
    .split(/\n+/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '');
}

const isProse = (block: string) => block.split(' ').length >= PROSE_MIN_WORDS && !BOILERPLATE.test(block);

/** Cuts at the last sentence end within the limit, else at the last space. */
function cutAtSentence(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const head = text.slice(0, maxChars);
  const sentenceEnd = head.lastIndexOf('. ');
  if (sentenceEnd > maxChars / 2) return head.slice(0, sentenceEnd + 1);
  return `${head.slice(0, head.lastIndexOf(' '))} …`;
}

/**
 * The prose of the 8-K's items (not Item 9.01's exhibits, not the cover page before the first item,
 * nothing after the signatures), or null when there is none.
 */
export function itemsExcerpt(html: string, maxChars = FILING_EXCERPT_MAX_CHARS): string | null {
  const kept: string[] = [];
  let item: string | null = null;
  for (const block of filingBlocks(html)) {
    if (SIGNATURES.test(block)) break;
    const heading = ITEM_HEADING.exec(block);
    if (heading) item = heading[1] ?? null;
    else if (item !== null && item !== '9.01' && isProse(block)) kept.push(block);
  }
  return kept.length === 0 ? null : cutAtSentence(kept.join(' '), maxChars);
}

/** A press release's prose paragraphs from its start, or null when it has none. */
export function releaseExcerpt(html: string, maxChars = FILING_EXCERPT_MAX_CHARS): string | null {
  const kept = filingBlocks(html).filter(isProse);
  return kept.length === 0 ? null : cutAtSentence(kept.join(' '), maxChars);
}

/** The documents the 8-K links as Exhibit 99 (press releases), in order, as given in the href. */
export function exhibit99Links(html: string): string[] {
  const links: string[] = [];
  for (const match of html.matchAll(/<a\b[^>]*\bhref="([^"#]+)"[^>]*>([\s\S]*?)<\/a>/gi)) {
    const label = (match[2] ?? '')
      .replace(/<[^>]+>/g, '')
      .replace(/&#160;|&nbsp;|\s+/g, ' ')
      .trim();
    if (EXHIBIT_99.test(label) && match[1]) links.push(match[1]);
  }
  return links;
}
