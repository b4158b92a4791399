/**
 * CSV a person opens in a spreadsheet: every CSV the product writes for download (the ledger export,
 * the "Download my data" archive) goes through `writeSpreadsheetCsv`, so a text cell a spreadsheet
 * would run as a formula (starting with =, +, -, @, a tab or a carriage return: OWASP's "CSV
 * injection") is written with a leading apostrophe and shows as the text it is. Numbers are numbers,
 * never formulas, and stay as they are. `unescapeFormulaCell` removes the apostrophe again when the
 * product reads its own export back.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const ESCAPED_FORMULA = /^'(?=[=+\-@\t\r])/;
/**
 * The same, except a cell that is a plain number written as text ("-1234,56" in a French report):
 * a spreadsheet reads it as the number it is, and an apostrophe would turn it into text.
 */
const FORMULA_START_NOT_NUMBER = /^(?!-?\d+(?:[.,]\d+)?$)[=+\-@\t\r]/;

export type CsvCell = string | number | boolean | null;

export interface CsvTable {
  fields: readonly string[];
  /** One array of cells per row, in the order of `fields`, or one record per row keyed by field. */
  data: readonly (readonly CsvCell[])[] | readonly Readonly<Record<string, CsvCell>>[];
}

export interface SpreadsheetCsvOptions {
  newline?: '\n' | '\r\n';
  /** ',' by default; ';' where the decimal separator is a comma (fr, es). */
  delimiter?: ',' | ';';
  /** Numbers written as localised text: plain numbers are left as numbers (FORMULA_START_NOT_NUMBER). */
  localisedNumbers?: boolean;
}

/** Characters that make a cell quoted wherever they are (papaparse's BAD_DELIMITERS). */
const QUOTE_IF_INSIDE = ['\r', '\n', '"', '\ufeff'];

/**
 * Writes what papaparse's `unparse` wrote for these tables and options (RFC 4180 quoting: a cell with
 * the delimiter, a quote, a line break or a space at either end is quoted, its quotes doubled), without
 * the parser, which weighed 21 KB of the auth function's bundle for this one writer.
 */
export function writeSpreadsheetCsv(table: CsvTable, options: SpreadsheetCsvOptions = {}): string {
  const delimiter = options.delimiter ?? ',';
  const newline = options.newline ?? '\r\n';
  const formula = options.localisedNumbers ? FORMULA_START_NOT_NUMBER : FORMULA_START;
  const cell = (value: CsvCell | undefined): string => {
    if (value === undefined || value === null) return '';
    let text = String(value);
    let quoted = false;
    if (typeof value === 'string' && formula.test(text)) {
      text = `'${text}`;
      quoted = true;
    }
    const escaped = text.replace(/"/g, '""');
    quoted ||=
      QUOTE_IF_INSIDE.some((character) => escaped.includes(character)) ||
      escaped.includes(delimiter) ||
      escaped.startsWith(' ') ||
      escaped.endsWith(' ');
    return quoted ? `"${escaped}"` : escaped;
  };
  const fields = table.fields;
  // No rows: the header and one empty line, as papaparse wrote it.
  const rows: readonly (readonly CsvCell[] | Readonly<Record<string, CsvCell>>)[] =
    table.data.length > 0 ? table.data : [[]];
  const lines = rows.map((row) => {
    const empty = Array.isArray(row) ? row.length === 0 : Object.keys(row).length === 0;
    const columns = fields.length > 0 ? fields.length : (row as readonly CsvCell[]).length;
    const cells = Array.from({ length: columns }, (_, column) =>
      cell(
        Array.isArray(row) || fields.length === 0
          ? (row as readonly CsvCell[])[column]
          : (row as Readonly<Record<string, CsvCell>>)[fields[column] as string],
      ),
    );
    return cells.join(empty ? '' : delimiter);
  });
  const header = fields.length > 0 ? [fields.map((field) => cell(field)).join(delimiter)] : [];
  return [...header, ...lines].join(newline);
}

/** A cell of our own export as it was before `writeSpreadsheetCsv` escaped it. */
export function unescapeFormulaCell(text: string): string {
  return text.replace(ESCAPED_FORMULA, '');
}
