import { beforeAll, describe, expect, it } from 'vitest';
import { loadAaplDaily, loadSp500Daily } from './load-price-series';
import { loadBitcoinClose, loadFacebookDaily } from './load-chart-library-series';
import { createReplayMarketClock } from '../../market-clock';
import { NoDataOnDateError, UnknownSymbolError } from '../../provider-errors';
import { ReplayPriceProvider } from './replay-price-provider';
import type { PriceSeries } from '../../../engine/types';

describe('ReplayPriceProvider', () => {
  const epochMs = Date.parse('2025-01-01T00:00:00Z');
  const minute = 60_000;
  let series: PriceSeries[];
  let now = new Date(epochMs);
  let provider: ReplayPriceProvider;
  beforeAll(() => {
    series = [loadSp500Daily(), loadAaplDaily(), loadBitcoinClose(), loadFacebookDaily()];
    const clock = createReplayMarketClock(series, {
      epochMs,
      window: { from: '2017-01-01', to: '2017-06-30' },
    });
    provider = new ReplayPriceProvider({ series, clock, now: () => now });
  });

  it('quotes a real bar with its date, the date it was read at and the previous close', async () => {
    const quote = await provider.getLatestQuote('^GSPC', '2008-10-09');
    expect(quote).toMatchObject({
      symbol: '^GSPC',
      price: 909.919983,
      as_of: '2008-10-09',
      market_date: '2008-10-09',
      previous_close: 984.940002,
      volume: 6819000000,
      mode: 'replay',
      stale: false,
    });
    expect(quote.change_percent).toBeCloseTo((909.919983 / 984.940002 - 1) * 100, 5);
    // The next bar's open belongs to a later date than the one read: no pre-market figure.
    expect(quote.premarket_change).toBeUndefined();
    expect(quote.after_hours_price).toBeUndefined();
  });

  it("reads Friday's bar on a weekend, and no data once the last bar is more than three days old", async () => {
    expect(await provider.getLatestQuote('^GSPC', '2008-10-12')).toMatchObject({
      as_of: '2008-10-10',
      market_date: '2008-10-12',
    });
    await expect(provider.getLatestQuote('BTC-USD', '2017-07-07')).rejects.toBeInstanceOf(NoDataOnDateError);
    await expect(provider.getLatestQuote('FB', '2017-03-14')).rejects.toThrow(
      "No data for 'FB' on 2017-03-14: its series runs from 2012-05-18 to 2014-03-07.",
    );
  });

  it('reads every series at the one date of the market clock, which moves a calendar day per minute', async () => {
    now = new Date(epochMs);
    // 2017-01-01 is a Sunday: bitcoin traded that day, the S&P 500 and Apple show Friday's close.
    const first = await Promise.all(
      ['^GSPC', 'AAPL', 'BTC-USD'].map((symbol) => provider.getLatestQuote(symbol)),
    );
    expect(first.map((quote) => [quote.market_date, quote.as_of])).toEqual([
      ['2017-01-01', '2016-12-30'],
      ['2017-01-01', '2016-12-30'],
      ['2017-01-01', '2017-01-01'],
    ]);
    now = new Date(epochMs + minute);
    // 2017-01-02 was a market holiday (New Year's Day observed): Friday's bar is three days old.
    expect(await provider.getLatestQuote('AAPL')).toMatchObject({
      market_date: '2017-01-02',
      as_of: '2016-12-30',
    });
    now = new Date(epochMs + 2 * minute);
    expect(await provider.getLatestQuote('AAPL')).toMatchObject({
      market_date: '2017-01-03',
      as_of: '2017-01-03',
    });
    await expect(provider.getLatestQuote('FB')).rejects.toBeInstanceOf(NoDataOnDateError);
  });

  it('wraps to the start of the window for every series at once', async () => {
    // The window 2017-01-01..2017-06-30 has 181 dates (bitcoin trades daily): the 182nd minute wraps.
    now = new Date(epochMs + 180 * minute);
    expect((await provider.getLatestQuote('BTC-USD')).market_date).toBe('2017-06-30');
    now = new Date(epochMs + 181 * minute);
    const wrapped = await Promise.all(['^GSPC', 'BTC-USD'].map((symbol) => provider.getLatestQuote(symbol)));
    expect(wrapped.map((quote) => quote.market_date)).toEqual(['2017-01-01', '2017-01-01']);
  });

  it('serves bar ranges and lists symbols with their sources', async () => {
    const bars = await provider.getDailyBars('AAPL', '2016-01-01', '2016-01-08');
    expect(bars.map((bar) => bar.date)).toEqual([
      '2016-01-04',
      '2016-01-05',
      '2016-01-06',
      '2016-01-07',
      '2016-01-08',
    ]);
    const symbols = await provider.listSymbols();
    expect(symbols.map((info) => info.symbol)).toEqual(['^GSPC', 'AAPL', 'BTC-USD', 'FB']);
    expect(symbols[2]).toMatchObject({ asset_type: 'crypto', has_volume: false, first_date: '2016-07-04' });
  });

  it('rejects unknown symbols with a clear error', async () => {
    await expect(provider.getLatestQuote('NOPE')).rejects.toBeInstanceOf(UnknownSymbolError);
    await expect(provider.getLatestQuote('NOPE')).rejects.toThrow(/Unknown symbol 'NOPE'/);
  });
});
