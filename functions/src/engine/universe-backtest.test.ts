import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeSymbol } from './analytics/analyze-symbol';
import { addCalendarDays } from './point-in-time';
import { fundamentalsKnownOn } from './point-in-time-analysis';
import { buildUniversePanel, type UniverseSymbol } from './universe-backtest';
import { loadUsDailySeries } from '../market-data/providers/replay/load-us-daily';
import {
  indexFundamentalsBySymbol,
  loadAnnualFundamentals,
} from '../market-data/providers/replay/load-fundamentals';
import type { AnalyzeSymbolInput, AnnualFundamentals, Bar } from './types';

const CUT = '2014-06-30';

describe('universe backtest panel: nothing known later reaches a grade', () => {
  let apple: UniverseSymbol;
  let spy: Bar[];
  beforeAll(() => {
    const history = indexFundamentalsBySymbol(loadAnnualFundamentals()).get('AAPL');
    apple = {
      symbol: 'AAPL',
      kind: 'stock',
      assetType: 'stock',
      bars: loadUsDailySeries('AAPL').bars,
      ...(history ? { fundamentalsHistory: history } : {}),
    };
    spy = loadUsDailySeries('SPY').bars;
  });

  it('counts an annual report from 90 days after its period end, not a day earlier', () => {
    const report = { period_ending: '2013-09-28' } as AnnualFundamentals;
    const entry = { ...apple, fundamentalsHistory: [report] };
    // 28 Sep + 90 days: 2 days of September, 31 of October, 30 of November, 27 of December.
    expect(addCalendarDays('2013-09-28', 90)).toBe('2013-12-27');
    expect(fundamentalsKnownOn(entry, '2013-12-26')).toBeNull();
    expect(fundamentalsKnownOn(entry, '2013-12-27')?.latest).toBe(report);
  });

  it('grades each month-end from bars up to it and reports published by it; tampering later changes nothing', () => {
    expect(apple.fundamentalsHistory?.length).toBeGreaterThan(0);
    const seen: string[] = [];
    const watching = (input: AnalyzeSymbolInput) => {
      expect(input.bars.every((bar) => bar.date <= input.asOf)).toBe(true);
      if (input.fundamentals)
        expect(addCalendarDays(input.fundamentals.latest.period_ending, 90) <= input.asOf).toBe(true);
      seen.push(input.asOf);
      return analyzeSymbol(input);
    };
    const options = { benchmarkBars: spy, from: '2013-01-31', to: '2014-12-31' };
    const honest = buildUniversePanel({ ...options, symbols: [apple], analyze: watching });
    expect(seen).toHaveLength(24);

    // Prices after the cut tripled; every report published after it made absurd, and one more invented.
    // Share counts are left alone: later ones are read only to restate EPS on the split-adjusted
    // price basis (point-in-time.ts selectFundamentalsAsOf), a change of units, not of information.
    const tampered: UniverseSymbol = {
      ...apple,
      bars: apple.bars.map((bar) => (bar.date > CUT ? { ...bar, close: bar.close * 3 } : bar)),
      fundamentalsHistory: [
        ...(apple.fundamentalsHistory ?? []).map((report) =>
          addCalendarDays(report.period_ending, 90) > CUT
            ? { ...report, earnings_per_share: -1000, net_income: -1e12, total_equity: -1e12 }
            : report,
        ),
        {
          // A copy of the last report known at the cut (same share count), dated after it.
          ...((apple.fundamentalsHistory ?? [])
            .filter((report) => addCalendarDays(report.period_ending, 90) <= CUT)
            .at(-1) as AnnualFundamentals),
          period_ending: '2014-06-01',
          earnings_per_share: -1000,
        },
      ].sort((a, b) => a.period_ending.localeCompare(b.period_ending)),
    };
    const again = buildUniversePanel({ ...options, symbols: [tampered] });
    const upTo = (panel: typeof honest) =>
      panel.rows
        .filter((row) => (panel.month_ends[row.month] as string) <= CUT)
        .map((row) => [row.grade, row.composite, row.volatility_1m, row.momentum_3m, row.has_fundamentals]);
    expect(upTo(again)).toEqual(upTo(honest));
    expect(upTo(honest)).toHaveLength(18);
    // The tampering is visible after the cut, so the comparison above could have failed.
    const after = (panel: typeof honest) =>
      panel.rows.filter((row) => (panel.month_ends[row.month] as string) > CUT).map((row) => row.composite);
    expect(after(again)).not.toEqual(after(honest));
  });

  it("measures what followed: the return to the month-end h months later and SPY's over the same dates", () => {
    const panel = buildUniversePanel({
      symbols: [apple],
      benchmarkBars: spy,
      from: '2016-01-29',
      to: '2016-01-31',
    });
    const [row] = panel.rows;
    const close = (bars: readonly Bar[], date: string) =>
      bars.find((bar) => bar.date === date)?.close as number;
    expect(panel.month_ends[0]).toBe('2016-01-29');
    expect(row?.forward[3]?.return).toBeCloseTo(
      (close(apple.bars, '2016-04-29') / close(apple.bars, '2016-01-29') - 1) * 100,
      10,
    );
    expect(row?.forward[3]?.benchmark_return).toBeCloseTo(
      (close(spy, '2016-04-29') / close(spy, '2016-01-29') - 1) * 100,
      10,
    );
    // The worst close of the window against the highest close before it, found by brute force.
    const window = apple.bars
      .filter((bar) => bar.date >= '2016-01-29' && bar.date <= '2016-02-29')
      .map((bar) => bar.close);
    let worst = 0;
    for (let i = 0; i < window.length; i += 1)
      for (let j = 0; j < i; j += 1)
        worst = Math.min(worst, (window[i] as number) / (window[j] as number) - 1);
    expect(row?.forward[1]?.max_drawdown).toBeCloseTo(worst * 100, 10);
    // The data ends 2017-11-10: a 12-month window from 2016-01-29 ends 2017-01-31, one from later has none.
    expect(row?.forward[12]).not.toBeNull();
  });
});
