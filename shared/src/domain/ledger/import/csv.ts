import Papa from 'papaparse';
import { CSV_DELIMITERS, type CsvDelimiter } from './import-vocabulary';

/**
 * CSV text to rows of cells with papaparse (runs the same in Node and the browser). Rows keep
 * their own length: checking it against the header is each format's business, since some broker
 * files mix sections of different widths.
 */
export interface CsvRow {
  /** 1-based line number of the row's first line in the file, for the preview. */
  line: number;
  cells: string[];
}

export { CSV_DELIMITERS, type CsvDelimiter } from './import-vocabulary';

export function readCsvRows(text: string, delimiter?: CsvDelimiter): CsvRow[] {
  const content = text.replace(/^\uFEFF/, '');
  const parsed = Papa.parse<string[]>(content, {
    delimiter: delimiter ?? '',
    delimitersToGuess: [...CSV_DELIMITERS],
    skipEmptyLines: false,
  });
  const rows: CsvRow[] = [];
  let line = 1;
  for (const cells of parsed.data) {
    const isBlank = cells.every((cell) => cell.trim() === '');
    if (!isBlank) rows.push({ line, cells });
    // A quoted cell may span lines: count them so the preview points at the right line.
    line += 1 + cells.reduce((breaks, cell) => breaks + (cell.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
  }
  return rows;
}

/** A broker file's trimmed header and its data rows; null when the file has no row at all. */
export function readHeaderedCsv(
  text: string,
  delimiter?: CsvDelimiter,
): { header: string[]; dataRows: CsvRow[] } | null {
  const [headerRow, ...dataRows] = readCsvRows(text, delimiter);
  if (!headerRow) return null;
  return { header: headerRow.cells.map((cell) => cell.trim()), dataRows };
}
