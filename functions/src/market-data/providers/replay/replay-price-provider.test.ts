import { beforeAll, describe, expect, it } from 'vitest';
import { loadAaplDaily, loadSp500Daily } from './load-price-series';
import { loadBitcoinClose } from './load-chart-library-series';
import { createMarketClock } from './market-clock';
import { UnknownSymbolError } from '../../provider-errors';
import { ReplayPriceProvider } from './replay-price-provider';
import type { PriceSeries } from '../../../engine/types';

describe('ReplayPriceProvider', () => {
  const epochMs = Date.parse('2025-01-01T00:00:00Z');
  let series: PriceSeries[];
  let now = new Date(epochMs);
  let provider: ReplayPriceProvider;
  beforeAll(() => {
    series = [loadSp500Daily(), loadAaplDaily(), loadBitcoinClose()];
    provider = new ReplayPriceProvider({ series, clock: createMarketClock({ epochMs }), now: () => now });
  });

  it('quotes a real bar with its date, previous close and the next-open gap', async () => {
    const quote = await provider.getLatestQuote('^GSPC', '2008-10-09');
    expect(quote).toMatchObject({
      symbol: '^GSPC',
      price: 909.919983,
      as_of: '2008-10-09',
      previous_close: 984.940002,
      volume: 6819000000,
      mode: 'replay',
      stale: false,
      premarket_date: '2008-10-10',
    });
    expect(quote.change_percent).toBeCloseTo((909.919983 / 984.940002 - 1) * 100, 5);
    expect(quote.premarket_change).toBeCloseTo((902.309998 / 909.919983 - 1) * 100, 5);
    expect(quote.after_hours_price).toBeUndefined();
  });

  it('uses the last bar before a weekend and marks dates past the window stale', async () => {
    expect((await provider.getLatestQuote('^GSPC', '2008-10-12')).as_of).toBe('2008-10-10');
    const late = await provider.getLatestQuote('BTC-USD', '2018-01-01');
    expect(late).toMatchObject({ as_of: '2017-07-03', stale: true });
    expect(late.premarket_change).toBeUndefined();
    expect(late.volume).toBeUndefined();
  });

  it('moves with the clock and keeps each series inside its own window', async () => {
    now = new Date(epochMs);
    const first = await provider.getLatestQuote('AAPL');
    now = new Date(epochMs + 60_000);
    const second = await provider.getLatestQuote('AAPL');
    expect(second.as_of > first.as_of).toBe(true);
    for (let minute = 0; minute < 3000; minute += 97) {
      now = new Date(epochMs + minute * 60_000);
      const quote = await provider.getLatestQuote('BTC-USD');
      expect(quote.as_of >= '2016-07-04' && quote.as_of <= '2017-07-03').toBe(true);
    }
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
    expect(symbols.map((info) => info.symbol)).toEqual(['^GSPC', 'AAPL', 'BTC-USD']);
    expect(symbols[2]).toMatchObject({ asset_type: 'crypto', has_volume: false, first_date: '2016-07-04' });
  });

  it('rejects unknown symbols with a clear error', async () => {
    await expect(provider.getLatestQuote('NOPE')).rejects.toBeInstanceOf(UnknownSymbolError);
    await expect(provider.getLatestQuote('NOPE')).rejects.toThrow(/Unknown symbol 'NOPE'/);
  });
});
