import {
  DividendIncomeResponseSchema,
  PeriodReturnsQuerySchema,
  PeriodReturnsResponseSchema,
  RealisedGainsExportResponseSchema,
  RealisedGainsQuerySchema,
  RealisedGainsResponseSchema,
} from '../domain/entities/ledger-reports';
import { defineRoute } from './route';

/**
 * The ledger's reports (shared/src/domain/ledger/README.md "Returns per period", "Realised gains per
 * tax year", "Dividend income ahead"), read from the one valuation at the market date. Served by the portfolio area.
 */
export const ledgerReportRoutes = {
  periodReturns: defineRoute({
    id: 'portfolio.getPeriodReturns',
    method: 'GET',
    path: '/api/portfolio/returns',
    area: 'portfolio',
    access: 'user',
    summary:
      'Returns for 1D, WTD, MTD, YTD, 1Y, 5Y, Max and each calendar year, time-weighted and in money, for the portfolio and each holding, an index beside them, each period’s change split into capital gains, realised gains, dividends, fees, taxes, currency and deposits/withdrawals; monthly returns for the heat map.',
    query: PeriodReturnsQuerySchema,
    response: PeriodReturnsResponseSchema,
    errors: [409],
    rateClass: 'analysis',
  }),
  realisedGains: defineRoute({
    id: 'portfolio.getRealisedGains',
    method: 'GET',
    path: '/api/portfolio/realised-gains',
    area: 'portfolio',
    access: 'user',
    summary:
      'Every sale matched to its lots (FIFO or average cost) with buy date, cost, proceeds, gain, short or long term, fees and taxes; totals per tax year (the calendar year, 1 January to 31 December) and per holding.',
    query: RealisedGainsQuerySchema,
    response: RealisedGainsResponseSchema,
    errors: [409],
    rateClass: 'analysis',
  }),
  exportRealisedGains: defineRoute({
    id: 'portfolio.exportRealisedGains',
    method: 'GET',
    path: '/api/portfolio/realised-gains/export',
    area: 'portfolio',
    access: 'user',
    summary:
      'The realised-gains lines as CSV in the caller’s language (en: 1234.56, MM/DD/YYYY, commas; fr and es: 1234,56, DD/MM/YYYY, semicolons), formula cells neutralised.',
    query: RealisedGainsQuerySchema,
    response: RealisedGainsExportResponseSchema,
    errors: [409],
    rateClass: 'analysis',
  }),
  dividendIncome: defineRoute({
    id: 'portfolio.getDividendIncome',
    method: 'GET',
    path: '/api/portfolio/dividends',
    area: 'portfolio',
    access: 'user',
    summary:
      'The dividends the ledger recorded up to the market date, per month and holding in the base currency, and a 12-month projection per holding held: its trailing 12-month dividends per share recorded in the ledger times the shares held now (none without a dividend history), with yield on cost.',
    response: DividendIncomeResponseSchema,
    errors: [409],
    rateClass: 'analysis',
  }),
} as const;
