import { describe, expect, it } from 'vitest';
import { marketSessionsOf, sourceRows, validateUsDailySeries } from './us-daily-validation';

/*
 * Every rule of us-daily-validation.ts on rows shaped like the source's (several copied from the
 * source files, named below). 2012-10-22 is a Monday; the NYSE closed on 2012-10-29 and 30 (Hurricane
 * Sandy), which nyse-holidays does not list.
 */
const csv = (...rows: string[]) => ['Date,Open,High,Low,Close,Volume', ...rows].join('\n');
const sessionsOf = (...dates: string[]) => marketSessionsOf(new Set(dates), '2012-01-01', '2012-12-31');

describe('the US daily validation', () => {
  it('keeps clean rows as written and reports nothing', () => {
    const rows = sourceRows(csv('2012-10-22,10,11,9,10.5,100', '2012-10-23,10.5,10.6,10.1,10.2,200'), 'x');
    const result = validateUsDailySeries(rows, sessionsOf('2012-10-22', '2012-10-23'));
    expect(result.kept).toEqual([
      { date: '2012-10-22', open: 10, high: 11, low: 9, close: 10.5, volume: 100 },
      { date: '2012-10-23', open: 10.5, high: 10.6, low: 10.1, close: 10.2, volume: 200 },
    ]);
    expect(result.dropped).toEqual([]);
    expect(result.missingSessions).toEqual([]);
  });

  it('drops what the ingestion validator rejects, with its code and the source line', () => {
    const rows = sourceRows(
      csv(
        '2012-10-22,10,11,9,10.5,100',
        // ARE 2009-02-27 in the source: a high of 5.3498 under a low of 31.109.
        '2012-10-23,32.094,5.3498,31.109,32.055,2081090',
        '2012-10-24,10,11,0,10.5,100',
        '2012-10-25,10,11,9,10.5,100',
        '2012-10-25,10,11,9,10.6,100',
      ),
      'x',
    );
    const result = validateUsDailySeries(
      rows,
      sessionsOf('2012-10-22', '2012-10-23', '2012-10-24', '2012-10-25'),
    );
    expect(result.dropped.map((row) => [row.line, row.reason])).toEqual([
      [3, 'HIGH_BELOW_LOW'],
      [4, 'NON_POSITIVE_PRICE'],
      [6, 'DUPLICATE_DATE'],
    ]);
    expect(result.kept.map((bar) => bar.date)).toEqual(['2012-10-22', '2012-10-25']);
    // Dropped rows leave gaps, counted and never filled.
    expect(result.missingSessions).toEqual(['2012-10-23', '2012-10-24']);
  });

  it('drops a price outside the day range, a no-trade placeholder and a bar on a closed day', () => {
    const rows = sourceRows(
      csv(
        '2012-10-20,10,11,9,10.5,100', // a Saturday
        // BXP 2007-05-02 in the source: a close of 0.8874 in a day of 87.499 to 89.155.
        '2012-10-22,88.168,89.155,87.499,0.8874,1034628',
        // V 2008-03-18 in the source: the day before the listing, one price and no volume.
        '2012-10-23,10.453,10.453,10.453,10.453,0',
        '2012-10-24,10,11,9,10.5,100',
        '2012-12-25,10,11,9,10.5,100', // Christmas
      ),
      'x',
    );
    const result = validateUsDailySeries(rows, sessionsOf('2012-10-22', '2012-10-23', '2012-10-24'));
    expect(result.dropped.map((row) => row.reason)).toEqual([
      'OFF_CALENDAR',
      'PRICE_OUTSIDE_RANGE',
      'NO_TRADE_PLACEHOLDER',
      'OFF_CALENDAR',
    ]);
    expect(result.kept.map((bar) => bar.date)).toEqual(['2012-10-24']);
  });

  it('keeps a day with a range but volume 0 without a volume (AAPL 2010-04-26 in the source)', () => {
    const rows = sourceRows(csv('2012-10-22,34.829,34.892,34.345,34.514,0'), 'x');
    const result = validateUsDailySeries(rows, sessionsOf('2012-10-22'));
    expect(result.kept).toEqual([
      { date: '2012-10-22', open: 34.829, high: 34.892, low: 34.345, close: 34.514 },
    ]);
    expect(result.volumeUnknown).toEqual(['2012-10-22']);
  });

  it('drops a one-day excursion the next bar contradicts, keeps a move the next bar confirms', () => {
    const rows = sourceRows(
      csv(
        '2012-10-22,10,10,10,10,5',
        '2012-10-23,30,30,30,30,5', // +200 %, then back to 10: a bad print
        '2012-10-24,10,10,10,10,5',
        '2012-10-25,4,4,4,4,5', // -60 %, and the next close stays there: a real move
        '2012-10-26,4.2,4.2,4.2,4.2,5',
      ),
      'x',
    );
    const dates = ['2012-10-22', '2012-10-23', '2012-10-24', '2012-10-25', '2012-10-26'];
    const result = validateUsDailySeries(rows, sessionsOf(...dates));
    expect(result.dropped.map((row) => [row.text.slice(0, 10), row.reason])).toEqual([
      ['2012-10-23', 'ISOLATED_SPIKE'],
    ]);
    expect(result.largeMoves).toEqual([{ date: '2012-10-25', change: -0.6 }]);
  });

  it('counts a gap only on a session some series traded: the Sandy closure is not a gap', () => {
    const rows = sourceRows(csv('2012-10-26,10,11,9,10.5,100', '2012-11-01,10,11,9,10.5,100'), 'x');
    // The set traded on 10-26, 10-31 and 11-01; nobody on 10-29 and 10-30.
    const result = validateUsDailySeries(rows, sessionsOf('2012-10-26', '2012-10-31', '2012-11-01'));
    expect(result.missingSessions).toEqual(['2012-10-31']);
  });

  it('refuses a file whose header is not the source format', () => {
    expect(() => sourceRows('date,close\n2012-10-22,1', 'x.csv')).toThrow(/header/);
  });
});
