import { describe, expect, it } from 'vitest';
import {
  indexFundamentalsBySymbol,
  loadAnnualFundamentals,
  selectFundamentalsAsOf,
} from './load-fundamentals.js';
import { loadAllPriceSeries, parseVegaMonthDate } from './load-price-series.js';
import { loadSnapshotListings } from './load-snapshot.js';
import { parseCsv } from './parse-csv.js';

describe('price series loaders read the real package files', () => {
  const series = loadAllPriceSeries();
  const byId = new Map(series.map((entry) => [entry.id, entry]));

  it.each([
    ['^GSPC', 5105, '2000-01-03', '2020-04-17', true, 'vega-datasets', 'BSD-3-Clause'],
    ['AAPL', 1260, '2013-05-13', '2018-05-11', true, '@observablehq/sample-datasets', 'ISC'],
    ['AAPL-2007', 1280, '2007-04-24', '2012-05-01', false, '@visx/mock-data', 'MIT'],
    ['BTC-USD', 365, '2016-07-04', '2017-07-03', false, '@visx/mock-data', 'MIT'],
    ['MSFT-M', 123, '2000-01-01', '2010-03-01', false, 'vega-datasets', 'BSD-3-Clause'],
    ['GOOG-M', 68, '2004-08-01', '2010-03-01', false, 'vega-datasets', 'BSD-3-Clause'],
  ] as const)('%s: %i bars from %s to %s', (id, count, first, last, hasOhlc, pkg, licence) => {
    const entry = byId.get(id);
    expect(entry?.bars).toHaveLength(count);
    expect(entry?.bars[0]?.date).toBe(first);
    expect(entry?.bars.at(-1)?.date).toBe(last);
    expect(entry?.has_ohlc).toBe(hasOhlc);
    expect(entry?.source.package).toBe(pkg);
    expect(entry?.source.licence).toBe(licence);
  });

  it('every bar has an ISO date, dates strictly increase, prices are positive', () => {
    for (const entry of series) {
      entry.bars.forEach((bar, i) => {
        expect(bar.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(bar.close).toBeGreaterThan(0);
        if (i > 0) expect(bar.date > (entry.bars[i - 1]?.date ?? '')).toBe(true);
        if (entry.has_ohlc) expect(bar.high).toBeGreaterThanOrEqual(bar.low as number);
      });
    }
  });

  it('keeps exact values of known rows', () => {
    expect(byId.get('^GSPC')?.bars.find((bar) => bar.date === '2008-10-10')).toEqual({
      date: '2008-10-10',
      open: 902.309998,
      high: 936.359985,
      low: 839.799988,
      close: 899.219971,
      volume: 11456230000,
    });
    expect(byId.get('BTC-USD')?.bars.at(-1)).toEqual({ date: '2017-07-03', close: 2486.69 });
    expect(byId.get('AAPL-2007')?.bars[0]).toEqual({ date: '2007-04-24', close: 93.24 });
  });

  it('parses vega month dates and quoted CSV cells', () => {
    expect(parseVegaMonthDate('Jan 1 2000', 'x')).toBe('2000-01-01');
    expect(parseCsv('a,"b, c","d ""e"""\n1,2,3\n')).toEqual([
      ['a', 'b, c', 'd "e"'],
      ['1', '2', '3'],
    ]);
  });
});

describe('fundamentals and snapshot', () => {
  const fundamentals = indexFundamentalsBySymbol(loadAnnualFundamentals());

  it('reads 448 companies from nyse-data.ts without executing it', () => {
    expect(fundamentals.size).toBe(448);
    const apple2013 = fundamentals.get('AAPL')?.[0];
    expect(apple2013).toMatchObject({
      period_ending: '2013-09-28',
      net_income: 37037000000,
      profit_margin_pct: 22,
      current_ratio: 1.68,
      earnings_per_share: 40.03,
    });
  });

  it('only uses a fiscal year 90 days after it ends, and restates EPS for the 2014 7:1 split', () => {
    expect(selectFundamentalsAsOf(fundamentals.get('AAPL'), '2013-12-26')).toBeNull();
    const early2014 = selectFundamentalsAsOf(fundamentals.get('AAPL'), '2013-12-27');
    expect(early2014?.latest.period_ending).toBe('2013-09-28');
    expect(early2014?.eps_split_factor).toBe(7);
    const early2016 = selectFundamentalsAsOf(fundamentals.get('AAPL'), '2016-01-04');
    expect(early2016?.latest.period_ending).toBe('2015-09-26');
    expect(early2016?.previous?.period_ending).toBe('2014-09-27');
    expect(early2016?.eps_split_factor).toBe(1);
  });

  it('reads the 14,161-listing snapshot with empty cells as null', () => {
    const listings = loadSnapshotListings();
    expect(listings).toHaveLength(14161);
    expect(listings.find((listing) => listing.symbol === 'AAPL')).toMatchObject({
      price: 229.87,
      pe_ratio: expect.closeTo(37.8705, 4),
      sector: 'Electronic technology',
    });
    expect(listings.some((listing) => listing.pe_ratio === null)).toBe(true);
  });
});
