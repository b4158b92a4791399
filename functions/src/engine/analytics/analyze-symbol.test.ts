import { beforeAll, describe, expect, it } from 'vitest';
import {
  indexFundamentalsBySymbol,
  loadAnnualFundamentals,
} from '../../market-data/providers/replay/load-fundamentals';
import { selectFundamentalsAsOf } from '../point-in-time';
import { loadAaplDaily, loadSp500Daily } from '../../market-data/providers/replay/load-price-series';
import type { AnnualFundamentals, PriceSeries } from '../types';
import { analyzeSymbol, InsufficientHistoryError } from './analyze-symbol';

describe('analyzeSymbol', () => {
  let apple: PriceSeries;
  let sp500: PriceSeries;
  let appleReports: AnnualFundamentals[] | undefined;
  beforeAll(() => {
    apple = loadAaplDaily();
    sp500 = loadSp500Daily();
    appleReports = indexFundamentalsBySymbol(loadAnnualFundamentals()).get('AAPL');
  });

  it('returns the documented fields for AAPL on 2016-01-04', () => {
    const analysis = analyzeSymbol({
      symbol: 'AAPL',
      bars: apple.bars,
      fundamentals: selectFundamentalsAsOf(appleReports, '2016-01-04'),
      assetType: 'stock',
      asOf: '2016-01-04',
    });
    expect(Object.keys(analysis.risk_metrics)).toEqual(
      expect.arrayContaining([
        'volatility_1month',
        'volatility_regime',
        'momentum_1w',
        'momentum_1m',
        'momentum_3m',
        'max_drawdown',
        'sharpe_estimation',
      ]),
    );
    expect(Object.keys(analysis.volume_analysis)).toEqual(
      expect.arrayContaining([
        'volume_breakout',
        'volume_ratio_20d',
        'volume_surge_level',
        'obv_trend',
        'accumulation_distribution',
      ]),
    );
    expect(Object.keys(analysis.nugget_scores)).toEqual(
      expect.arrayContaining([
        'investment_grade',
        'composite_rationality_score',
        'financial_health_score',
        'growth_quality_score',
        'value_score',
        'momentum_score',
        'risk_score',
        'risk_reward_ratio',
        'key_nuggets',
      ]),
    );
    expect(analysis.current_price).toBe(105.349998);
    // P/E from FY2015 EPS 9.28 (published by 2015-12-25): 105.35 / 9.28.
    const value = analysis.nugget_scores.factors.find((factor) => factor.name === 'value');
    expect(value?.inputs.pe_ratio).toBeCloseTo(105.349998 / 9.28, 8);
    expect(analysis.recommendation.target_price).toBeCloseTo(
      105.349998 * (1 + analysis.recommendation.expected_return_6m / 100),
      1,
    );
  });

  it('never reads a bar after asOf: changing the future changes nothing', () => {
    const asOf = '2008-10-10';
    const cut = sp500.bars.findIndex((bar) => bar.date > asOf);
    const alteredFuture = sp500.bars.map((bar, i) =>
      i < cut ? bar : { ...bar, close: bar.close * 3, high: (bar.high as number) * 3, volume: 1 },
    );
    const original = analyzeSymbol({ symbol: '^GSPC', bars: sp500.bars, assetType: 'stock', asOf });
    const altered = analyzeSymbol({ symbol: '^GSPC', bars: alteredFuture, assetType: 'stock', asOf });
    expect(altered).toEqual(original);
    expect(original.price_date).toBe('2008-10-10');
    expect(original.nugget_scores.investment_grade).toBe('D');
  });

  it('throws when there is no bar on or before asOf', () => {
    expect(() =>
      analyzeSymbol({ symbol: 'AAPL', bars: apple.bars, assetType: 'stock', asOf: '2000-01-01' }),
    ).toThrow(InsufficientHistoryError);
  });
});
