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

export function writeSpreadsheetCsv(table: CsvTable, options: SpreadsheetCsvOptions = {}): string {
  return Papa.unparse(
    { fields: [...table.fields], data: table.data as unknown[] },
    {
      escapeFormulae: options.localisedNumbers ? FORMULA_START_NOT_NUMBER : FORMULA_START,
      newline: options.newline ?? '\r\n',
      delimiter: options.delimiter ?? ',',
    },
  );
}

/** A cell of our own export as it was before `writeSpreadsheetCsv` escaped it. */
export function unescapeFormulaCell(text: string): string {
  return text.replace(ESCAPED_FORMULA, '');
}
