import { describe, expect, it } from 'vitest';
import { indexFundamentalsBySymbol, loadAnnualFundamentals } from './load-fundamentals';
import { selectFundamentalsAsOf } from '../../../engine/point-in-time';
import { findOhlcViolation } from '../../../engine/feed-quality';
import {
  loadAaplDaily,
  loadAllPriceSeries,
  loadMonthlyStocks,
  parseVegaMonthDate,
} from './load-price-series';
import { loadAaplCloseVisx, loadFacebookDaily, parseTechanFacebookBars } from './load-chart-library-series';
import { DataFileError } from './series-checks';
import { loadSnapshotListings } from './load-snapshot';
import { parseCsv } from './parse-csv';
import { readPackageFile } from './resolve-package-file';

describe('price series loaders read the real package files', () => {
  // The retired series (the US market of 2007-2017 replaced them in the replay) stay as the engine
  // tests' fixtures: their loaders are checked here too.
  const series = [
    ...loadAllPriceSeries(),
    loadAaplDaily(),
    loadAaplCloseVisx(),
    loadFacebookDaily(),
    ...loadMonthlyStocks(),
  ];
  const byId = new Map(series.map((entry) => [entry.id, entry]));

  it('the replay packages only the index, Bitcoin and the six FX pairs', () => {
    expect(loadAllPriceSeries().map((entry) => entry.id)).toEqual([
      '^GSPC',
      'BTC-USD',
      'EURUSD=X',
      'GBPUSD=X',
      'AUDUSD=X',
      'USDJPY=X',
      'USDCHF=X',
      'USDCAD=X',
    ]);
  });

  it.each([
    ['^GSPC', 5105, '2000-01-03', '2020-04-17', true, 'vega-datasets', 'BSD-3-Clause'],
    ['AAPL', 1260, '2013-05-13', '2018-05-11', true, '@observablehq/sample-datasets', 'ISC'],
    ['AAPL-2007', 1280, '2007-04-24', '2012-05-01', false, '@visx/mock-data', 'MIT'],
    ['BTC-USD', 365, '2016-07-04', '2017-07-03', false, '@visx/mock-data', 'MIT'],
    ['FB', 452, '2012-05-18', '2014-03-07', true, 'techan', 'MIT'],
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
    const broken: string[] = [];
    for (const entry of series) {
      entry.bars.forEach((bar, i) => {
        const ordered = i === 0 || bar.date > (entry.bars[i - 1]?.date ?? '');
        const ohlc = !entry.has_ohlc || (bar.high as number) >= (bar.low as number);
        if (!/^\d{4}-\d{2}-\d{2}$/.test(bar.date) || !(bar.close > 0) || !ordered || !ohlc) {
          broken.push(`${entry.id} ${bar.date}`);
        }
      });
    }
    expect(broken).toEqual([]);
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

describe('FB from the techan fixture, read as text and never executed', () => {
  const facebook = loadFacebookDaily();
  const rawText = readPackageFile('techan/package.json', facebook.source.file);

  it('keeps every row of the raw file: 452 bars, the IPO day first, 2014-03-07 last', () => {
    // An independent count of the raw lines `["YYYY-MM-DD",...],` of the ohlc.facebook literal.
    const rawRows = rawText.match(/^\s*\["\d{4}-\d{2}-\d{2}",/gm) ?? [];
    expect(rawRows).toHaveLength(452);
    expect(facebook.bars).toHaveLength(rawRows.length);
    expect(facebook.bars[0]).toEqual({
      date: '2012-05-18',
      open: 42.05,
      high: 45,
      low: 38,
      close: 38.23,
      volume: 573576400,
    });
    expect(facebook.bars.at(-1)).toEqual({
      date: '2014-03-07',
      open: 71.08,
      high: 71.18,
      low: 69.47,
      close: 69.8,
      volume: 38927000,
    });
    expect(rawText).toContain('["2012-05-18",42.05,45,38,38.23,573576400]');
    expect(rawText).toContain('["2014-03-07",71.08,71.18,69.47,69.8,38927000]');
  });

  it('keeps the post-IPO low of 2012-09-04 exactly, and the real data has no OHLC violation', () => {
    expect(facebook.bars.find((bar) => bar.date === '2012-09-04')).toEqual({
      date: '2012-09-04',
      open: 18.08,
      high: 18.27,
      low: 17.55,
      close: 17.73,
      volume: 46622400,
    });
    expect(facebook.bars.map(findOhlcViolation).filter((violation) => violation !== null)).toEqual([]);
  });

  it('labels the series honestly: a stock, OHLCV, MIT, origin not named by the package', () => {
    expect(facebook).toMatchObject({
      id: 'FB',
      ticker: 'FB',
      asset_type: 'stock',
      frequency: 'daily',
      has_ohlc: true,
      has_volume: true,
      source: { package: 'techan', version: '0.8.0', licence: 'MIT' },
    });
    expect(facebook.source.origin).toMatch(/does not name its source/);
  });

  it('rejects a changed file instead of papering over it', () => {
    const row = (cells: string) => `ohlc.facebook = [\n  ${cells}\n].map(function(d) {});`;
    expect(() => parseTechanFacebookBars('module.exports = {};', 'f')).toThrow(DataFileError);
    expect(() => parseTechanFacebookBars(row('["2012-05-18",42.05,45,38]'), 'f')).toThrow(/bad row/);
    expect(() => parseTechanFacebookBars(row('["18/05/2012",42.05,45,38,38.23,1]'), 'f')).toThrow(/bad date/);
    expect(() =>
      parseTechanFacebookBars(row('["2012-05-18",1,1,1,1,1],\n  ["2012-05-18",1,1,1,1,1]'), 'f'),
    ).toThrow(/duplicate date 2012-05-18/);
    expect(() => parseTechanFacebookBars(row('[date.parse("x"),1,1,1,1,1]'), 'f')).toThrow(/not a JSON/);
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

  it('has FB reports for fiscal 2013-2016, none published (90 days after 2013-12-31) inside the FB series', () => {
    expect(fundamentals.get('FB')?.map((report) => report.period_ending)).toEqual([
      '2013-12-31',
      '2014-12-31',
      '2015-12-31',
      '2016-12-31',
    ]);
    expect(selectFundamentalsAsOf(fundamentals.get('FB'), '2014-03-07')).toBeNull();
    expect(selectFundamentalsAsOf(fundamentals.get('FB'), '2014-03-30')).toBeNull();
    expect(selectFundamentalsAsOf(fundamentals.get('FB'), '2014-03-31')?.latest.period_ending).toBe(
      '2013-12-31',
    );
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
