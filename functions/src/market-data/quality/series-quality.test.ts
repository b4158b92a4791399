import { describe, expect, it } from 'vitest';
import { assessStaleness, completenessWindow, computeCompleteness, seriesFlags } from './series-quality';

describe('series quality', () => {
  it('does not count a day the reference index also lacks (Hurricane Sandy, 2012-10-29 and 30)', () => {
    // 2012-10-22 to 2012-11-02: ten weekdays, no scheduled holiday; the market closed Monday and Tuesday.
    const traded = [
      '2012-10-22',
      '2012-10-23',
      '2012-10-24',
      '2012-10-25',
      '2012-10-26',
      '2012-10-31',
      '2012-11-01',
      '2012-11-02',
    ];
    const window = { from: '2012-10-22', to: '2012-11-02' };
    expect(computeCompleteness('nyse', traded, window)).toMatchObject({
      completeness: 0.8,
      expected: 10,
      present: 8,
      missing: ['2012-10-29', '2012-10-30'],
    });
    expect(computeCompleteness('nyse', traded, window, new Set(traded))).toMatchObject({
      completeness: 1,
      expected: 8,
    });
    // A stock missing one day the index has: 7 of 8.
    expect(
      computeCompleteness(
        'nyse',
        traded.filter((date) => date !== '2012-10-24'),
        window,
        new Set(traded),
      ),
    ).toMatchObject({
      completeness: 0.875,
      missing: ['2012-10-24'],
    });
  });

  it('judges completeness over the year before the as-of date, or since the first bar', () => {
    expect(completenessWindow('2020-01-02', '2024-06-30')).toEqual({ from: '2023-07-02', to: '2024-06-30' });
    expect(completenessWindow('2024-03-01', '2024-06-30')).toEqual({ from: '2024-03-01', to: '2024-06-30' });
  });

  it('flags a live series that missed a session, never a replayed one', () => {
    const now = new Date('2024-01-12T19:00:00Z');
    expect(assessStaleness('nyse', '2024-01-08', now)).toEqual({ stale: true, missed: 3 });
    const base = {
      calendar: 'nyse' as const,
      asOf: '2024-01-08',
      completeness: null,
      unconfirmed: [],
      rejected: [],
      consecutiveFailures: 0,
      now,
    };
    expect(seriesFlags({ ...base, mode: 'live' })).toEqual([{ code: 'STALE', date: '2024-01-08', value: 3 }]);
    expect(seriesFlags({ ...base, mode: 'replay' })).toEqual([]);
  });
});
