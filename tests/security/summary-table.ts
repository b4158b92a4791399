/*
 * The security summary's table as data, so the committed summary (tests/security/summary.md) and the
 * README's copy can be compared cell by cell whatever their padding and indentation.
 */

export const README_TABLE_START = '<!-- security-summary:start (npm run security:record) -->';
export const README_TABLE_END = '<!-- security-summary:end -->';

/** Rows of the first Markdown table in `markdown`, each a list of trimmed cells; separator rows dropped. */
export function tableRowsOf(markdown: string): string[][] {
  const lines = markdown.split('\n').map((line) => line.trim());
  const start = lines.findIndex((line) => line.startsWith('|'));
  if (start < 0) return [];
  const table: string[][] = [];
  for (const line of lines.slice(start)) {
    if (!line.startsWith('|')) break;
    const cells = line
      .slice(1, line.endsWith('|') ? -1 : undefined)
      .split('|')
      .map((cell) => cell.trim());
    if (cells.every((cell) => /^:?-+:?$/.test(cell))) continue;
    table.push(cells);
  }
  return table;
}

/** The part of the README between the security summary markers (throws when they are missing). */
export function readmeSummaryBlock(readme: string): { before: string; block: string; after: string } {
  const start = readme.indexOf(README_TABLE_START);
  const end = readme.indexOf(README_TABLE_END);
  if (start < 0 || end < start)
    throw new Error(`README.md has no ${README_TABLE_START} ... ${README_TABLE_END} block`);
  return {
    before: readme.slice(0, start + README_TABLE_START.length),
    block: readme.slice(start + README_TABLE_START.length, end),
    after: readme.slice(end),
  };
}
