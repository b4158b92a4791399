import { describe, expect, it } from 'vitest';
import { addMonths, eachDay } from './calendar';
import type { DailyPoint } from './daily-valuation';
import { allPeriodReturns, moneyWeightedReturn, periodWindow, timeWeightedReturn } from './returns';

describe('addMonths', () => {
  it.each([
    ['2017-03-31', -1, '2017-02-28'],
    ['2016-03-31', -1, '2016-02-29'],
    ['2017-06-30', -3, '2017-03-30'],
    ['2017-01-15', -1, '2016-12-15'],
    ['2017-06-30', -12, '2016-06-30'],
  ])('%s plus %i months is %s', (date, months, expected) => {
    expect(addMonths(date, months)).toBe(expected);
  });
});

describe('periodWindow', () => {
  it.each([
    ['1M', '2017-03-31', '2017-02-28', true],
    ['3M', '2017-06-30', '2017-03-30', true],
    ['YTD', '2017-06-30', '2016-12-31', true],
    ['1Y', '2017-06-30', '2016-12-31', false],
    ['MAX', '2017-06-30', '2016-12-31', true],
  ] as const)('%s ending %s starts after the close of %s', (period, end, start, full) => {
    // A ledger whose first transaction is on 2017-01-01: 1Y reaches before it and is cut short.
    const window = periodWindow(period, end, '2017-01-01');

    expect(window).toEqual({ start, end, covers_full_period: full });
  });
});

function series(values: Array<[string, number, number?, number?]>): DailyPoint[] {
  let contributions = 0;
  return values.map(([date, value, inflow = 0, outflow = 0]) => {
    contributions += inflow - outflow;
    return {
      date,
      value_base: value,
      inflow_base: inflow,
      outflow_base: outflow,
      income_base: 0,
      net_contributions_base: contributions,
    };
  });
}

describe('timeWeightedReturn and moneyWeightedReturn', () => {
  it('have nothing to measure in a window where nothing was invested', () => {
    // Bought and sold in full on 01-03; the window 01-04..01-05 holds nothing.
    const days = series([
      ['2017-01-03', 0, 100, 100],
      ['2017-01-04', 0],
      ['2017-01-05', 0],
    ]);
    const window = { start: '2017-01-04', end: '2017-01-05', covers_full_period: true };

    expect(timeWeightedReturn(days, window).value).toBeNull();
    expect(moneyWeightedReturn(days, window)).toBeNull();
  });

  it('chain the days of the window only', () => {
    // 100 -> 110 -> 99 -> 99: the window after 01-03 is 99/110 - 1 = -10%.
    const days = series([
      ['2017-01-02', 100, 100],
      ['2017-01-03', 110],
      ['2017-01-04', 99],
      ['2017-01-05', 99],
    ]);
    const result = timeWeightedReturn(days, {
      start: '2017-01-03',
      end: '2017-01-05',
      covers_full_period: true,
    });

    expect(result.value).toBeCloseTo(-0.1, 12);
    expect(result.series.map((point) => point.date)).toEqual(['2017-01-04', '2017-01-05']);
  });

  it('gives every standard period, and annualises TWR only over a year or more', () => {
    // 2016-01-01 to 2017-06-30, value growing 0.01% a day from 1,000 invested on the first day.
    const dates = eachDay('2016-01-01', '2017-06-30');
    const days = series(
      dates.map((date, index) => [date, 1000 * 1.0001 ** (index + 1), index === 0 ? 1000 : 0]),
    );
    const returns = allPeriodReturns(days);
    const byPeriod = Object.fromEntries(returns.map((result) => [result.period, result]));

    expect(returns.map((result) => result.period)).toEqual(['1M', '3M', 'YTD', '1Y', 'MAX']);
    // 1M: 2017-05-30 to 2017-06-30 is 31 days of growth.
    expect(byPeriod['1M']?.time_weighted).toBeCloseTo(1.0001 ** 31 - 1, 12);
    expect(byPeriod['1M']?.time_weighted_annualised).toBeNull();
    // 1Y: 365 days; annualised equals the return itself.
    expect(byPeriod['1Y']?.time_weighted).toBeCloseTo(1.0001 ** 365 - 1, 12);
    expect(byPeriod['1Y']?.time_weighted_annualised).toBeCloseTo(1.0001 ** 365 - 1, 12);
    // Without flows inside a window the money-weighted return equals the time-weighted one.
    expect(byPeriod['3M']?.money_weighted).toBeCloseTo(byPeriod['3M']?.time_weighted ?? NaN, 8);
    expect(byPeriod.MAX?.covers_full_period).toBe(true);
  });
});
