import { describe, expect, it } from 'vitest';
import { RiskMetricsSchema, VolumeAnalysisSchema } from '@app/shared/domain/entities/market';
import { LANGUAGES } from '@app/shared/domain/enums';
import { isGlossaryTerm } from '@app/shared/domain/rules/score-glossary';
import { resources } from '@app/shared/i18n';
import type { FactorScore, PointInTimeFundamentals, RiskMetrics, SnapshotListing } from '../types';
import { scoreFinancialHealth, scoreGrowthQuality, scoreValue } from './fundamental-factors';
import { scoreMomentum, scoreRisk } from './price-factors';

/*
 * The glossary covers every figure the engine can put on a card (issue 28): each factor's inputs on
 * both of its paths (an annual report, or the screener snapshot without one), and each volume and
 * risk measure of the contract. A new input without a label, unit and meaning in en, fr and es fails here.
 */

const risk: RiskMetrics = {
  volatility_1month: 30,
  volatility_regime: 'MODERATE',
  momentum_1w: 1,
  momentum_1m: -2,
  momentum_3m: 5,
  momentum_periods: { momentum_1w: null, momentum_1m: null, momentum_3m: null },
  max_drawdown: -12,
  sharpe_estimation: 0.4,
  annualisation_factor: 252,
  bars_used: 300,
};

const year = (period: string, revenue: number) => ({
  symbol: 'TEST',
  period_ending: period,
  fiscal_year: Number(period.slice(0, 4)),
  total_revenue: revenue,
  net_income: revenue / 10,
  gross_margin_pct: 40,
  operating_margin_pct: 15,
  profit_margin_pct: 10,
  after_tax_roe_pct: 12,
  current_ratio: 1.3,
  total_liabilities: 500,
  total_equity: 1000,
  long_term_debt: 300,
  short_term_debt: 100,
  earnings_per_share: 3,
  shares_outstanding: 33,
});

const fundamentals: PointInTimeFundamentals = {
  latest: year('2015-12-31', 1100),
  previous: year('2014-12-31', 1000),
  eps_split_factor: 1,
};

const snapshot: SnapshotListing = {
  symbol: 'TEST',
  name: 'Test Corp',
  analyst_rating: null,
  price: 50,
  change_percent_1d: 1,
  volume_1d: 1000,
  relative_volume_1d: 1,
  market_cap: 5e9,
  pe_ratio: 18,
  eps_ttm: 2.5,
  eps_growth_ttm_yoy_pct: 8,
  dividend_yield_pct: 1.5,
  exchange: 'NASDAQ',
  sector: 'Technology',
  industry: 'Software',
};

function factorsOnEveryPath(): FactorScore[] {
  return [
    scoreFinancialHealth(fundamentals, null),
    scoreFinancialHealth(null, snapshot),
    scoreFinancialHealth(null, null),
    scoreGrowthQuality(fundamentals, null),
    scoreGrowthQuality(null, snapshot),
    scoreValue(fundamentals, snapshot, 50),
    scoreValue(null, snapshot, 50),
    scoreMomentum(risk),
    scoreRisk(risk),
  ];
}

const emittedNames = [
  ...new Set([
    ...factorsOnEveryPath().flatMap((factor) => Object.keys(factor.inputs)),
    ...Object.keys(VolumeAnalysisSchema.shape),
    // The periods are dates beside each change, not a figure of their own.
    ...Object.keys(RiskMetricsSchema.shape).filter((name) => name !== 'momentum_periods'),
  ]),
].sort();

describe('every figure the engine emits has a glossary entry', () => {
  it('walks more than the factor inputs alone (both paths and the measures are read)', () => {
    // 21 factor inputs on the report and snapshot paths, plus volume and risk measures.
    expect(emittedNames).toEqual(
      expect.arrayContaining(['eps_ttm', 'profit_margin_pct', 'sharpe_estimation']),
    );
    expect(emittedNames.length).toBeGreaterThanOrEqual(27);
  });

  it.each(emittedNames)('%s has a label, a unit and a meaning in en, fr and es', (name) => {
    expect(isGlossaryTerm(name)).toBe(true);
    for (const language of LANGUAGES) {
      const entry = (
        resources[language].glossary.terms as Record<string, { label: string; unit: string; meaning: string }>
      )[name];
      expect(entry?.label, `${language}: label`).toMatch(/\S/);
      expect(entry?.unit, `${language}: unit`).toMatch(/\S/);
      expect(entry?.meaning, `${language}: meaning`).toMatch(/\S/);
    }
  });
});
