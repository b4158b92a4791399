import * as z from 'zod';
import { fieldCode } from '../../messages/field-issues';
import { IsoDateSchema, StoredDateSchema } from './common';
import { DEFAULT_BENCHMARK } from './ledger';
import { BaseCurrencySchema } from '../ledger/currencies';
import { CostMethodSchema } from '../ledger/ledger-vocabulary';
import {
  ATTRIBUTION_LINES,
  DEFAULT_LONG_TERM_MONTHS,
  HOLDING_TERMS,
  MAX_LONG_TERM_MONTHS,
  REPORT_PERIODS,
} from '../ledger/report-vocabulary';

/**
 * The ledger's reports (shared/src/domain/ledger/README.md "Returns per period", "Realised gains per
 * tax year"): what the two routes take and answer.
 */
const PERIOD_PATTERN = new RegExp(`^(${REPORT_PERIODS.join('|')}|\\d{4})$`);

export const PeriodReturnsQuerySchema = z.strictObject({
  /** An index of the universe (`^GSPC`, the S&P 500, by default). */
  benchmark: z.string().trim().min(1).max(20).default(DEFAULT_BENCHMARK),
  /** One period (1D, WTD, MTD, YTD, 1Y, 5Y, MAX) or a year of the ledger; every one when absent. */
  period: z.string().trim().regex(PERIOD_PATTERN, fieldCode('PORTFOLIO_PERIOD_UNKNOWN')).optional(),
});

const Window = {
  period: z.string(),
  start: StoredDateSchema,
  end: IsoDateSchema,
  covers_full_period: z.boolean(),
  time_weighted: z.number().nullable(),
  benchmark_time_weighted: z.number().nullable(),
  value_start_base: z.number(),
  value_end_base: z.number(),
  money_gain_base: z.number(),
};

export const PeriodReturnsResponseSchema = z.object({
  market_date: IsoDateSchema,
  base_currency: BaseCurrencySchema,
  benchmark: z.string(),
  portfolio: z.array(
    z.object({
      ...Window,
      change_base: z.number(),
      /** Adds up to change_base (within 0.01). */
      attribution: z.object(
        Object.fromEntries(ATTRIBUTION_LINES.map((line) => [line, z.number()])) as {
          [Line in (typeof ATTRIBUTION_LINES)[number]]: z.ZodNumber;
        },
      ),
    }),
  ),
  holdings: z.array(z.object({ symbol: z.string(), periods: z.array(z.object(Window)) })),
  /** Every month from the first transaction's to the market date's: the heat map. */
  monthly: z.array(
    z.object({
      year: z.number().int(),
      month: z.number().int().min(1).max(12),
      time_weighted: z.number().nullable(),
      covers_full_period: z.boolean(),
    }),
  ),
});
export type PeriodReturnsResponse = z.infer<typeof PeriodReturnsResponseSchema>;

export const RealisedGainsQuerySchema = z.strictObject({
  /** A tax year (the calendar year); every year when absent. */
  year: z.coerce.number().int().min(1900).max(2099).optional(),
  /** FIFO or AVERAGE_COST; the ledger's setting when absent. */
  method: CostMethodSchema.optional(),
  /** A lot sold more than this many months after its buy is long-term. */
  long_term_months: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_LONG_TERM_MONTHS)
    .default(DEFAULT_LONG_TERM_MONTHS),
});

const Totals = {
  proceeds_base: z.number(),
  cost_base: z.number(),
  gain_base: z.number(),
  short_term_gain_base: z.number(),
  long_term_gain_base: z.number(),
  fees_base: z.number(),
  taxes_base: z.number(),
};

export const RealisedGainsResponseSchema = z.object({
  market_date: IsoDateSchema,
  base_currency: BaseCurrencySchema,
  cost_method: CostMethodSchema,
  long_term_months: z.number().int(),
  year: z.number().int().nullable(),
  years: z.array(z.object({ year: z.number().int(), ...Totals, dividend_withholding_base: z.number() })),
  holdings: z.array(z.object({ symbol: z.string(), ...Totals })),
  lines: z.array(
    z.object({
      symbol: z.string(),
      sell_date: StoredDateSchema,
      buy_date: StoredDateSchema,
      quantity: z.number(),
      cost_base: z.number(),
      proceeds_base: z.number(),
      gain_base: z.number(),
      fees_base: z.number(),
      taxes_base: z.number(),
      holding_days: z.number().int(),
      term: z.enum(HOLDING_TERMS),
      estimated: z.boolean(),
    }),
  ),
});
export type RealisedGainsResponse = z.infer<typeof RealisedGainsResponseSchema>;

/** The CSV in the caller's language (Accept-Language): numbers, dates and titles as it reads them. */
export const RealisedGainsExportResponseSchema = z.object({
  filename: z.string(),
  content: z.string(),
});
export type RealisedGainsExportResponse = z.infer<typeof RealisedGainsExportResponseSchema>;

/**
 * Dividend income ahead (README "Dividend income ahead"): the dividends recorded per month and
 * holding, and a projection from each holding's trailing 12-month dividends per share.
 */
export const DividendIncomeResponseSchema = z.object({
  market_date: IsoDateSchema,
  base_currency: BaseCurrencySchema,
  /** The projection reads the dividends paid from this day on (12 months up to the market date). */
  trailing_from: IsoDateSchema,
  calendar: z.array(
    z.object({
      year: z.number().int(),
      month: z.number().int().min(1).max(12),
      symbol: z.string(),
      payments: z.number().int(),
      gross_base: z.number(),
      fees_base: z.number(),
      withholding_base: z.number(),
      net_base: z.number(),
    }),
  ),
  projection: z.array(
    z.object({
      symbol: z.string(),
      quantity: z.number(),
      cost_base: z.number(),
      trailing_payments: z.number().int(),
      /** Null for a holding without a dividend in the trailing 12 months: no projection. */
      trailing_dividends_per_share_base: z.number().nullable(),
      projected_income_base: z.number().nullable(),
      yield_on_cost: z.number().nullable(),
    }),
  ),
  projected_income_base: z.number(),
  yield_on_cost: z.number().nullable(),
});
export type DividendIncomeResponse = z.infer<typeof DividendIncomeResponseSchema>;
