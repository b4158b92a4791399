import { beforeAll, describe, expect, it } from 'vitest';
import { loadAaplDaily, loadSp500Daily } from '../../market-data/providers/replay/load-price-series';
import { loadBitcoinClose } from '../../market-data/providers/replay/load-chart-library-series';
import type { Bar, PriceSeries } from '../types';
import { trimBarsToDate } from './analyze-symbol';
import {
  classifyVolatilityRegime,
  computeDatedChange,
  computeMaxDrawdown,
  computeRiskMetrics,
  MOMENTUM_PERIODS,
  computeSharpeEstimation,
  computeVolatility1Month,
} from './risk-metrics';

function closesUpTo(series: PriceSeries, asOf: string): number[] {
  return trimBarsToDate(series.bars, asOf).map((bar: Bar) => bar.close);
}

/**
 * Sample deviation by the one-pass sum-of-squares formula, independent of the two-pass code under
 * test. (technicalindicators' SD was tried and returned values that disagree with a direct
 * computation on these return series, so it is not used as a reference.)
 */
function computeSampleDeviationOnePass(values: number[]): number {
  const n = values.length;
  const sum = values.reduce((acc, value) => acc + value, 0);
  const sumOfSquares = values.reduce((acc, value) => acc + value * value, 0);
  return Math.sqrt((sumOfSquares - (sum * sum) / n) / (n - 1));
}

function returnsOf(closes: number[]): number[] {
  return closes.slice(1).map((close, i) => close / (closes[i] as number) - 1);
}

describe('risk metrics on small arrays, by hand', () => {
  it('momentum is the percent change over a calendar period, labelled with the two dates', () => {
    const bars = [
      { date: '2017-03-03', close: 100 },
      { date: '2017-03-06', close: 104 },
      { date: '2017-03-10', close: 110 },
    ];
    // A week back from Friday 2017-03-10 is Friday 2017-03-03: 110 / 100 - 1 = +10 %.
    expect(computeDatedChange(bars, MOMENTUM_PERIODS.momentum_1w)).toEqual({
      percent: expect.closeTo(10, 12) as number,
      period: { from: '2017-03-03', to: '2017-03-10' },
    });
    // A month back is 2017-02-10: no bar on or within three days before it.
    expect(computeDatedChange(bars, MOMENTUM_PERIODS.momentum_1m)).toBeNull();
    // Month ends clamp: 2017-03-31 minus one month is 2017-02-28, minus three is 2016-12-31.
    expect(MOMENTUM_PERIODS.momentum_1m('2017-03-31')).toBe('2017-02-28');
    expect(MOMENTUM_PERIODS.momentum_3m('2017-03-31')).toBe('2016-12-31');
    // The start bar may be up to three days older than the period's first date (a weekend).
    expect(
      computeDatedChange(
        [
          { date: '2017-03-03', close: 50 },
          { date: '2017-03-13', close: 55 },
        ],
        (date) => (date === '2017-03-13' ? '2017-03-06' : date),
      )?.period.from,
    ).toBe('2017-03-03');
  });

  it('max drawdown is the most negative close over running max', () => {
    // Peak 120, trough 90: 90 / 120 - 1 = -25 %; the later 100 / 130 = -23.1 % is smaller.
    expect(computeMaxDrawdown([100, 120, 90, 130, 100])).toBeCloseTo(-25, 12);
    expect(computeMaxDrawdown([1, 2, 3])).toBe(0);
    // Only the last 3 bars count: peak 90, trough 80.
    expect(computeMaxDrawdown([200, 100, 90, 80, 85], 3)).toBeCloseTo((80 / 90 - 1) * 100, 12);
  });

  it('volatility is the sample stdev of the last 21 returns, annualised, in percent', () => {
    // Alternating +10 % / -10 % moves around 100 give returns 0.1 and -1/11 ... compute by hand from the closes.
    const closes = Array.from({ length: 22 }, (_, i) => (i % 2 === 0 ? 100 : 110));
    const returns = returnsOf(closes);
    const mean = returns.reduce((sum, value) => sum + value, 0) / 21;
    const sample = Math.sqrt(returns.reduce((sum, value) => sum + (value - mean) ** 2, 0) / 20);
    expect(computeVolatility1Month(closes, 252)).toBeCloseTo(sample * Math.sqrt(252) * 100, 10);
    expect(computeVolatility1Month(closes.slice(1), 252)).toBeNull();
  });

  it('classifies the volatility regime by the documented thresholds', () => {
    expect(classifyVolatilityRegime(40.01)).toBe('HIGH');
    expect(classifyVolatilityRegime(40)).toBe('MODERATE');
    expect(classifyVolatilityRegime(20)).toBe('LOW');
    expect(classifyVolatilityRegime(null)).toBeNull();
  });

  it('sharpe needs at least 63 returns', () => {
    const closes = Array.from({ length: 63 }, (_, i) => 100 + (i % 3));
    expect(computeSharpeEstimation(closes, 252)).toBeNull();
  });
});

describe('risk metrics on real data at exact dates', () => {
  let sp500: PriceSeries;
  let apple: PriceSeries;
  let bitcoin: PriceSeries;
  beforeAll(() => {
    sp500 = loadSp500Daily();
    apple = loadAaplDaily();
    bitcoin = loadBitcoinClose();
  });

  it('S&P 500 on 2008-10-10 (Lehman crash week)', () => {
    const closes = closesUpTo(sp500, '2008-10-10');
    const metrics = computeRiskMetrics(trimBarsToDate(sp500.bars, '2008-10-10'), 'stock');
    // By hand from the CSV: 899.219971 on 2008-10-10 against 1099.229980 on 2008-10-03 (a week),
    // 1232.040039 on 2008-09-10 (a month) and 1253.390015 on 2008-07-10 (three months).
    expect(metrics.momentum_1w).toBeCloseTo((899.219971 / 1099.22998 - 1) * 100, 10);
    expect(metrics.momentum_1w).toBeCloseTo(-18.1955, 4);
    expect(metrics.momentum_1m).toBeCloseTo((899.219971 / 1232.040039 - 1) * 100, 10);
    expect(metrics.momentum_3m).toBeCloseTo((899.219971 / 1253.390015 - 1) * 100, 10);
    expect(metrics.momentum_periods).toEqual({
      momentum_1w: { from: '2008-10-03', to: '2008-10-10' },
      momentum_1m: { from: '2008-09-10', to: '2008-10-10' },
      momentum_3m: { from: '2008-07-10', to: '2008-10-10' },
    });
    const volatility = computeSampleDeviationOnePass(returnsOf(closes.slice(-22))) * Math.sqrt(252) * 100;
    expect(metrics.volatility_1month).toBeCloseTo(volatility, 8);
    expect(metrics.volatility_1month).toBeCloseTo(60.5659, 3);
    expect(metrics.volatility_regime).toBe('HIGH');
    expect(metrics.max_drawdown).toBeCloseTo(-42.4241, 3);
    const yearReturns = returnsOf(closes.slice(-253));
    const sharpe =
      (yearReturns.reduce((sum, value) => sum + value, 0) /
        252 /
        computeSampleDeviationOnePass(yearReturns)) *
      Math.sqrt(252);
    expect(metrics.sharpe_estimation).toBeCloseTo(sharpe, 8);
    expect(metrics.sharpe_estimation).toBeCloseTo(-1.8542, 3);
  });

  it('AAPL on 2016-01-04', () => {
    const closes = closesUpTo(apple, '2016-01-04');
    const metrics = computeRiskMetrics(trimBarsToDate(apple.bars, '2016-01-04'), 'stock');
    // A week back from 2016-01-04 is 2015-12-28 (106.82): the holidays do not stretch the period.
    expect(metrics.momentum_1w).toBeCloseTo((105.349998 / 106.82 - 1) * 100, 10);
    expect(metrics.volatility_1month).toBeCloseTo(
      computeSampleDeviationOnePass(returnsOf(closes.slice(-22))) * Math.sqrt(252) * 100,
      8,
    );
    expect(metrics.volatility_1month).toBeCloseTo(24.824, 3);
    expect(metrics.volatility_regime).toBe('MODERATE');
    // Running max over the last 252 closes against each close, recomputed naively.
    const window = closes.slice(-252);
    const naive =
      Math.min(...window.map((close, i) => close / Math.max(...window.slice(0, i + 1)) - 1)) * 100;
    expect(metrics.max_drawdown).toBeCloseTo(naive, 10);
  });

  it('BTC annualises by 365', () => {
    const closes = closesUpTo(bitcoin, '2017-06-30');
    const metrics = computeRiskMetrics(trimBarsToDate(bitcoin.bars, '2017-06-30'), 'crypto');
    expect(metrics.annualisation_factor).toBe(365);
    expect(metrics.volatility_1month).toBeCloseTo(
      computeSampleDeviationOnePass(returnsOf(closes.slice(-22))) * Math.sqrt(365) * 100,
      8,
    );
  });
});
