import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeSymbol } from './analytics/analyze-symbol';
import { findMonthEndIndexes, formatBacktestMarkdown, runBacktest, tStatistic } from './backtest';
import { loadAaplDaily, loadSp500Daily } from '../market-data/providers/replay/load-price-series';
import type { AnalyzeSymbolInput, PriceSeries } from './types';

describe('backtest', () => {
  let sp500: PriceSeries;
  let apple: PriceSeries;
  beforeAll(() => {
    sp500 = loadSp500Daily();
    apple = loadAaplDaily();
  });

  it('finds the last trading day of each complete month', () => {
    const indexes = findMonthEndIndexes(apple.bars.slice(0, 60));
    expect(indexes.map((i) => apple.bars[i]?.date)).toEqual(['2013-05-31', '2013-06-28', '2013-07-31']);
  });

  it('hands the analyser no bar after the grading date, and the future cannot change a grade', () => {
    const seen: { asOf: string; lastDate: string }[] = [];
    const watchingAnalyze = (input: AnalyzeSymbolInput) => {
      seen.push({ asOf: input.asOf, lastDate: input.bars.at(-1)?.date ?? '' });
      expect(input.bars.every((bar) => bar.date <= input.asOf)).toBe(true);
      if (input.fundamentals) expect(input.fundamentals.latest.period_ending < input.asOf).toBe(true);
      return analyzeSymbol(input);
    };
    const options = {
      symbols: [{ symbol: 'AAPL', assetType: 'stock' as const, bars: apple.bars }],
      benchmarkBars: sp500.bars,
      from: '2014-01-01',
      to: '2014-12-31',
    };
    const result = runBacktest({ ...options, analyze: watchingAnalyze });
    expect(result.observations).toHaveLength(12);
    expect(seen.every((entry) => entry.lastDate === entry.asOf)).toBe(true);

    // Triple every price after 2014-12-31 + 3 months: grades must not move, only forward returns of late dates.
    const scrambled = apple.bars.map((bar) =>
      bar.date > '2015-03-31' ? { ...bar, close: bar.close * 3 } : bar,
    );
    const again = runBacktest({ ...options, symbols: [{ ...options.symbols[0]!, bars: scrambled }] });
    expect(again.observations.map((o) => o.grade)).toEqual(result.observations.map((o) => o.grade));
  });

  it('computes forward returns, hit rates and the S&P 500 over the same window', () => {
    const result = runBacktest({
      symbols: [{ symbol: 'AAPL', assetType: 'stock', bars: apple.bars }],
      benchmarkBars: sp500.bars,
      from: '2016-01-01',
      to: '2016-01-31',
    });
    const [observation] = result.observations;
    expect(observation).toMatchObject({ date: '2016-01-29', forward_date: '2016-04-29' });
    const close = (series: PriceSeries, date: string) =>
      series.bars.find((bar) => bar.date === date)?.close as number;
    expect(observation?.forward_return).toBeCloseTo(
      (close(apple, '2016-04-29') / close(apple, '2016-01-29') - 1) * 100,
      10,
    );
    expect(observation?.benchmark_return).toBeCloseTo(
      (close(sp500, '2016-04-29') / close(sp500, '2016-01-29') - 1) * 100,
      10,
    );
    const row = result.rows.find((entry) => entry.grade === observation?.grade);
    expect(row?.count).toBe(1);
    expect(row?.hit_rate).toBe((observation?.forward_return ?? 0) > 0 ? 1 : 0);
    expect(formatBacktestMarkdown(result)).toContain('| Grade | Count |');
  });

  it('states the t-statistic of the mean excess return, computed by hand', () => {
    // 1, 2, 3, 6: mean 3, deviations -2 -1 0 3, sum of squares 14, s^2 = 14 / 3, s / sqrt(4) = 1.0801...
    expect(tStatistic([1, 2, 3, 6])).toBe(2.78);
    expect(tStatistic([5])).toBeNull();
    expect(tStatistic([2, 2, 2])).toBeNull();
  });

  it('asks the caller what was known on each month-end when it says so (live SEC facts)', () => {
    const asked: string[] = [];
    const result = runBacktest({
      symbols: [
        {
          symbol: 'AAPL',
          assetType: 'stock' as const,
          bars: apple.bars.slice(0, 200),
          fundamentalsAt: (date) => {
            asked.push(date);
            return null;
          },
        },
      ],
      benchmarkBars: sp500.bars,
    });
    expect(asked).toEqual(result.observations.map((observation) => observation.date));
    expect(asked.length).toBeGreaterThan(0);
  });
});
