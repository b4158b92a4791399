import { writeSpreadsheetCsv } from '../spreadsheet-csv';
import type { RealisedGainsReport, RealisedLine } from './realised-gains';
import type { ReportLanguage } from './report-vocabulary';

/**
 * The realised-gains lines as a CSV for a spreadsheet in the reader's language (README "Realised gains
 * per tax year"): en writes 1234.56 and 03/15/2024 separated by commas; fr and es write 1234,56 and
 * 15/03/2024 separated by semicolons. No thousands separator, so every spreadsheet reads the numbers
 * as numbers. A text cell a spreadsheet would run as a formula gets a leading apostrophe
 * (spreadsheet-csv.ts); the column titles are the caller's (`terms.realisedGainsCsv`).
 */
export const REALISED_CSV_COLUMNS = [
  'symbol',
  'sell_date',
  'buy_date',
  'quantity',
  'cost',
  'proceeds',
  'gain',
  'fees',
  'taxes',
  'holding_days',
  'term',
  'estimated',
] as const;
export type RealisedCsvColumn = (typeof REALISED_CSV_COLUMNS)[number];

/** A column title or a word of a cell (`term_short`, `term_long`, `yes`, `no`), in the caller's language. */
export type CsvLabel = RealisedCsvColumn | 'term_short' | 'term_long' | 'yes' | 'no';

const FORMATS: Record<ReportLanguage, { decimal: '.' | ','; delimiter: ',' | ';'; dayFirst: boolean }> = {
  en: { decimal: '.', delimiter: ',', dayFirst: false },
  fr: { decimal: ',', delimiter: ';', dayFirst: true },
  es: { decimal: ',', delimiter: ';', dayFirst: true },
};

export function csvNumber(value: number, decimals: number, language: ReportLanguage): string {
  // Trailing zeros of quantities are dropped (0.5, not 0.50000000); money keeps its two decimals.
  const fixed = decimals === 2 ? value.toFixed(2) : String(Number(value.toFixed(decimals)));
  const text = fixed === '-0.00' ? '0.00' : fixed;
  return FORMATS[language].decimal === ',' ? text.replace('.', ',') : text;
}

export function csvDate(date: string, language: ReportLanguage): string {
  const [year, month, day] = date.split('-');
  return FORMATS[language].dayFirst ? `${day}/${month}/${year}` : `${month}/${day}/${year}`;
}

function row(line: RealisedLine, language: ReportLanguage, label: (key: CsvLabel) => string): string[] {
  const money = (value: number) => csvNumber(value, 2, language);
  return [
    line.symbol,
    csvDate(line.sell_date, language),
    csvDate(line.buy_date, language),
    csvNumber(line.quantity, 8, language),
    money(line.cost_base),
    money(line.proceeds_base),
    money(line.gain_base),
    money(line.fees_base),
    money(line.taxes_base),
    String(line.holding_days),
    label(line.term === 'long' ? 'term_long' : 'term_short'),
    label(line.estimated ? 'yes' : 'no'),
  ];
}

export function realisedGainsCsv(
  report: Pick<RealisedGainsReport, 'lines'>,
  language: ReportLanguage,
  label: (key: CsvLabel) => string,
): string {
  return writeSpreadsheetCsv(
    {
      fields: REALISED_CSV_COLUMNS.map((column) => label(column)),
      data: report.lines.map((line) => row(line, language, label)),
    },
    { delimiter: FORMATS[language].delimiter, localisedNumbers: true },
  );
}
