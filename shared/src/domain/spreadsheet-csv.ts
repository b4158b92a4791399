import Papa from 'papaparse';

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

export type CsvCell = string | number | boolean | null;

export interface CsvTable {
  fields: readonly string[];
  /** One array of cells per row, in the order of `fields`, or one record per row keyed by field. */
  data: readonly (readonly CsvCell[])[] | readonly Readonly<Record<string, CsvCell>>[];
}

export function writeSpreadsheetCsv(table: CsvTable, options: { newline?: '\n' | '\r\n' } = {}): string {
  return Papa.unparse(
    { fields: [...table.fields], data: table.data as unknown[] },
    { escapeFormulae: FORMULA_START, newline: options.newline ?? '\r\n' },
  );
}

/** A cell of our own export as it was before `writeSpreadsheetCsv` escaped it. */
export function unescapeFormulaCell(text: string): string {
  return text.replace(ESCAPED_FORMULA, '');
}
