import * as z from 'zod';

/**
 * The names the returns-per-period and realised-gains reports carry in the HTTP contract (README
 * "Returns per period", "Realised gains per tax year"), apart from the code that computes them: the
 * contract imports these without big.js.
 */

/** Rolling and to-date periods; a calendar year is asked for by its number (`2024`). */
export const REPORT_PERIODS = ['1D', 'WTD', 'MTD', 'YTD', '1Y', '5Y', 'MAX'] as const;
export type ReportPeriodName = (typeof REPORT_PERIODS)[number];
/** A period as a request or an answer names it: one of REPORT_PERIODS or a year, `2024`. */
export type ReportPeriod = ReportPeriodName | `${number}`;

export const YEAR_PATTERN = /^\d{4}$/;

export function isReportPeriod(value: string): value is ReportPeriod {
  return (REPORT_PERIODS as readonly string[]).includes(value) || YEAR_PATTERN.test(value);
}

/** The lines a period's change in value is split into; they add up to the change (README). */
export const ATTRIBUTION_LINES = [
  'capital_gains',
  'realised_gains',
  'dividends',
  'fees',
  'taxes',
  'currency',
  'deposits_withdrawals',
] as const;
export type AttributionLine = (typeof ATTRIBUTION_LINES)[number];

/** A sale's lot is long-term when sold more than this many months after its buy (one year by default). */
export const DEFAULT_LONG_TERM_MONTHS = 12;
export const MAX_LONG_TERM_MONTHS = 120;

export const HOLDING_TERMS = ['short', 'long'] as const;
export type HoldingTerm = (typeof HOLDING_TERMS)[number];

/** The languages the realised-gains CSV is written for: numbers and dates as each reads them. */
export const REPORT_LANGUAGES = ['en', 'fr', 'es'] as const;
export type ReportLanguage = (typeof REPORT_LANGUAGES)[number];

export const ReportPeriodNameSchema = z.enum(REPORT_PERIODS);
