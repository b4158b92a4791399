import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  loadAllUsDailySeries,
  loadUsDailySeries,
  readUsDailyManifest,
  US_DAILY_DIRECTORY,
} from './load-us-daily';
import { ETF_CATEGORIES } from './us-daily-etfs';

/*
 * The committed US daily history against its source. The expected bars are rows of the source CSVs
 * (../shared/data/us-daily-2007-2017, Date,Open,High,Low,Close,Volume) read by hand and typed here
 * with their line; none is read back from the loader.
 */

const manifest = readUsDailyManifest();
const barOn = (symbol: string, date: string) =>
  loadUsDailySeries(symbol, { verifyChecksums: true }).bars.find((bar) => bar.date === date) ?? null;

function filesUnder(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(directory, entry.name)) : [join(directory, entry.name)],
  );
}

describe('the committed US daily history', () => {
  it('takes at most 30 MB in the repository, every file of the folder counted', () => {
    const bytes = filesUnder(US_DAILY_DIRECTORY).reduce((total, file) => total + statSync(file).size, 0);
    expect(bytes).toBeLessThanOrEqual(30 * 1024 * 1024);
  });

  it('lists the 490 stocks and 72 ETFs of the source, each named, stocks with a sector, ETFs with a category', () => {
    const stocks = manifest.series.filter((entry) => entry.kind === 'stock');
    const etfs = manifest.series.filter((entry) => entry.kind === 'etf');
    expect([stocks.length, etfs.length]).toEqual([490, 72]);
    expect(stocks.every((entry) => entry.sector !== null && entry.category === null)).toBe(true);
    expect(etfs.every((entry) => entry.sector === null && ETF_CATEGORIES.includes(entry.category!))).toBe(
      true,
    );
    expect(manifest.series.find((entry) => entry.symbol === 'GLD')).toMatchObject({
      name: 'SPDR Gold Shares',
      category: 'gold',
    });
    // The snapshot names the 2017 company where it lists its ticker for it.
    expect(manifest.series.find((entry) => entry.symbol === 'AAPL')).toMatchObject({
      name: 'Apple Inc.',
      name_source: 'snapshot',
    });
    // The snapshot gives PX to another company years later: the 2017 one is Praxair.
    expect(manifest.series.find((entry) => entry.symbol === 'PX')).toMatchObject({
      name: 'Praxair, Inc.',
      name_source: 'table',
    });
  });

  it.each([
    // stocks/AAPL.csv line 2 and SOURCE.md's example, line 2644 (142.95, adjusted; traded at 144.02).
    ['AAPL', '2007-01-03', [11.049, 11.087, 10.486, 10.731, 345302870]],
    ['AAPL', '2017-06-30', [143.36, 143.87, 142.71, 142.95, 23177479]],
    // etfs/SPY.csv, the last row of the set.
    ['SPY', '2017-11-10', [257.73, 258.21, 257.37, 258.09, 59862364]],
    // The day Lehman Brothers filed: stocks/AIG.csv line 430, etfs/GLD.csv line 430.
    ['AIG', '2008-09-15', [133.52, 149.84, 65.624, 89.251, 1971692]],
    ['GLD', '2008-09-15', [76.64, 77.73, 76, 77.56, 17004042]],
    // The low of the 2009 bear market: etfs/SPY.csv line 550.
    ['SPY', '2009-03-09', [59.195, 60.982, 59.003, 59.334, 436091628]],
    // stocks/BRK-B.csv line 2.
    ['BRK-B', '2007-01-03', [73.56, 73.72, 72.6, 72.86, 69250000]],
  ] as const)('%s on %s is the source row', (symbol, date, [open, high, low, close, volume]) => {
    expect(barOn(symbol, date)).toEqual({ date, open, high, low, close, volume });
  });

  it('keeps a day the source gives no volume for without a volume (stocks/AAPL.csv line 835)', () => {
    expect(barOn('AAPL', '2010-04-26')).toEqual({
      date: '2010-04-26',
      open: 34.829,
      high: 34.892,
      low: 34.345,
      close: 34.514,
    });
  });

  it('leaves out a dropped row and fills no gap', () => {
    // stocks/BXP.csv line 84: a close of 0.8874 in a day of 87.499 to 89.155 (VALIDATION.md).
    const bxp = loadUsDailySeries('BXP').bars.map((bar) => bar.date);
    expect(bxp).toContain('2007-05-01');
    expect(bxp).not.toContain('2007-05-02');
    expect(bxp).toContain('2007-05-03');
    // A gap of the source: stocks/PXD.csv goes from 2011-02-16 (line 1041) to 2011-02-18 (line 1042),
    // while stocks/XOM.csv has 2011-02-17 (line 1042).
    const pxd = loadUsDailySeries('PXD').bars.map((bar) => bar.date);
    expect(pxd[pxd.indexOf('2011-02-16') + 1]).toBe('2011-02-18');
    expect(barOn('XOM', '2011-02-17')?.close).toBe(67.892);
    // Hurricane Sandy: etfs/SPY.csv goes from 2012-10-26 (line 1468) to 2012-10-31 (line 1469).
    const spy = loadUsDailySeries('SPY').bars.map((bar) => bar.date);
    expect(spy[spy.indexOf('2012-10-26') + 1]).toBe('2012-10-31');
  });

  it('decodes every series to its manifest entry (rows, dates, checksum)', () => {
    const series = loadAllUsDailySeries({ verifyChecksums: true });
    expect(series.map((entry) => entry.id)).toEqual(manifest.series.map((entry) => entry.symbol));
    expect(series.reduce((total, entry) => total + entry.bars.length, 0)).toBe(
      manifest.series.reduce((total, entry) => total + entry.rows, 0),
    );
  }, 60_000);

  it('refuses an unknown symbol', () => {
    expect(() => loadUsDailySeries('NOPE')).toThrow(/no series NOPE/);
  });
});
