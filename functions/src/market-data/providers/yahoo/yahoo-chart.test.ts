import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildChartUrl, parseYahooChart, YahooNotFoundError } from './yahoo-chart';

/** Hand-made fixtures in the shape of Yahoo's chart answers (see fixtures/README.md). Never the network. */
const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));

describe('parseYahooChart', () => {
  it('reads bars in the exchange day, dropping sessions without a close (null sessions)', () => {
    const chart = parseYahooChart(fixture('gspc-range-5d-with-null-day.json'), '^GSPC');
    expect(chart.bars.map((bar) => bar.date)).toEqual([
      '2020-04-13',
      '2020-04-14',
      '2020-04-16',
      '2020-04-17',
    ]);
    // Values equal the replay's vega-datasets S&P 500 rows for those dates.
    expect(chart.bars.at(-1)).toMatchObject({ date: '2020-04-17', close: 2874.560059 });
    expect(chart.name).toBe('S&P 500');
  });

  it("says an unknown symbol is not found (Yahoo's 404 body)", () => {
    expect(() => parseYahooChart(fixture('not-found.json'), 'NOPE')).toThrow(YahooNotFoundError);
  });

  it('keeps the last of two prints of the running session, and leaves other repeats to validation', () => {
    const chart = parseYahooChart(
      {
        chart: {
          result: [
            {
              meta: { symbol: 'X', gmtoffset: 0 },
              // 2024-01-02, 2024-01-02 again (a repeat in the middle), 2024-01-03, 2024-01-03 (the live print).
              timestamp: [1704153600, 1704160000, 1704240000, 1704250000],
              indicators: { quote: [{ close: [10, 11, 12, 13] }] },
            },
          ],
          error: null,
        },
      },
      'X',
    );
    expect(chart.bars.map((bar) => [bar.date, bar.close])).toEqual([
      ['2024-01-02', 10],
      ['2024-01-02', 11],
      ['2024-01-03', 13],
    ]);
  });

  it('encodes the symbol and asks for the window with period2 the day after', () => {
    expect(
      buildChartUrl('https://query1.finance.yahoo.com/v8/finance/chart/', 'GC=F', {
        from: '2024-01-02',
        to: '2024-01-05',
      }),
    ).toBe(
      'https://query1.finance.yahoo.com/v8/finance/chart/GC%3DF?period1=1704153600&period2=1704499200&interval=1d&includePrePost=false&events=div%2Csplit',
    );
  });
});
