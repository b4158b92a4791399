import { describe, expect, it } from 'vitest';
import { SOURCE_GAP_MIN_SERIES, validationReport, type ReportedSeries } from './us-daily-report';
import type { SeriesValidation } from './us-daily-validation';

const validation = (overrides: Partial<SeriesValidation>): SeriesValidation => ({
  rowsRead: 3,
  kept: [
    { date: '2011-02-16', open: 1, high: 1, low: 1, close: 1, volume: 1 },
    { date: '2011-02-18', open: 1, high: 1, low: 1, close: 1, volume: 1 },
  ],
  dropped: [],
  volumeUnknown: [],
  largeMoves: [],
  missingSessions: [],
  ...overrides,
});

describe('the US daily validation report', () => {
  it('counts what was found and dropped, and lists each dropped row with its reason', () => {
    const series: ReportedSeries[] = [
      {
        symbol: 'BXP',
        kind: 'stock',
        validation: validation({
          dropped: [
            {
              line: 84,
              text: '2007-05-02,88.168,89.155,87.499,0.8874,1034628',
              reason: 'PRICE_OUTSIDE_RANGE',
            },
          ],
          missingSessions: ['2011-02-17'],
        }),
      },
      { symbol: 'SPY', kind: 'etf', validation: validation({ rowsRead: 2, volumeUnknown: ['2011-02-16'] }) },
    ];
    const report = validationReport(series, { command: 'build', closures: ['2012-10-29', '2012-10-30'] });
    expect(report).toContain('| Series | 2 (1 stocks, 1 ETFs) |');
    expect(report).toContain('| Rows read | 5 |');
    expect(report).toContain('| Rows kept | 4 |');
    expect(report).toContain('| Dropped: `PRICE_OUTSIDE_RANGE` | 1 |');
    expect(report).toContain('| Dropped: `HIGH_BELOW_LOW` | 0 |');
    expect(report).toContain(
      '| BXP | 84 | `PRICE_OUTSIDE_RANGE` | `2007-05-02,88.168,89.155,87.499,0.8874,1034628` |',
    );
    expect(report).toContain('2012-10-29, 2012-10-30.');
    // Per series: symbol, kind, first, last, read, kept, dropped, volume unknown, missing, first missing.
    expect(report).toContain('| BXP | stock | 2011-02-16 | 2011-02-18 | 3 | 2 | 1 | 0 | 1 | 2011-02-17 |');
    expect(report).toContain('| SPY | etf | 2011-02-16 | 2011-02-18 | 2 | 2 | 0 | 1 | 0 |  |');
  });

  it(`lists a session as a gap of the source only when ${SOURCE_GAP_MIN_SERIES} series or more miss it`, () => {
    const missing = (count: number, date: string) =>
      Array.from({ length: count }, (_, index) => ({
        symbol: `S${date}${index}`,
        kind: 'stock' as const,
        validation: validation({ missingSessions: [date] }),
      }));
    const report = validationReport([...missing(10, '2011-02-17'), ...missing(9, '2010-11-19')], {
      command: 'build',
      closures: [],
    });
    expect(report).toContain('| 2011-02-17 | 10 |');
    expect(report).not.toContain('| 2010-11-19 | 9 |');
  });
});
