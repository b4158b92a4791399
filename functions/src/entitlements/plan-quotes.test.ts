import { describe, expect, it } from 'vitest';
import { createInMemoryMarketStore } from '../testing/in-memory-market-store';
import type { StoredQuote } from '../data/stored-prices';
import { planQuotes } from './plan-quotes';

const NOW = new Date('2026-03-02T15:00:00.000Z');
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

function quote(price: number, storedMinutesAgo: number, mode: 'live' | 'replay' = 'live'): StoredQuote {
  return {
    symbol: 'AAPL',
    name: 'Apple',
    asset_type: 'stock',
    price,
    previous_close: 100,
    change: price - 100,
    change_percent: price - 100,
    volume: 1000,
    after_hours_price: null,
    premarket_change: null,
    premarket_date: null,
    as_of: '2026-03-02',
    source: 'test',
    mode,
    stale: false,
    closed: false,
    fetched_at: minutesAgo(storedMinutesAgo),
    updated_at: minutesAgo(storedMinutesAgo),
  };
}

async function storeWith(...quotes: StoredQuote[]) {
  const store = createInMemoryMarketStore();
  for (const entry of quotes) await store.prices.putQuoteIfChanged(entry);
  return store.prices;
}

describe('planQuotes', () => {
  it('serves FREE, in live mode, the quote as it was 15 minutes ago', async () => {
    // Stored 30, 20 and 5 minutes ago: 15 minutes ago the feed showed the one of 20 minutes ago.
    const prices = await storeWith(quote(101, 30), quote(102, 20), quote(103, 5));

    const free = planQuotes(prices, 'FREE', 'live', () => NOW);
    const premium = planQuotes(prices, 'PREMIUM', 'live', () => NOW);

    expect((await free.getQuote('AAPL'))?.price).toBe(102);
    expect((await free.getQuotes(['AAPL'])).get('AAPL')?.price).toBe(102);
    expect(free.delayedMinutes).toBe(15);
    expect((await premium.getQuote('AAPL'))?.price).toBe(103);
    expect(premium.delayedMinutes).toBeNull();
  });

  it('serves a quote unchanged for longer than the delay as it is', async () => {
    const prices = await storeWith(quote(101, 40));

    const free = planQuotes(prices, 'FREE', 'live', () => NOW);

    expect((await free.getQuote('AAPL'))?.price).toBe(101);
  });

  it('has nothing to serve FREE while no quote is 15 minutes old', async () => {
    const prices = await storeWith(quote(101, 10), quote(102, 2));

    const free = planQuotes(prices, 'FREE', 'live', () => NOW);

    expect(await free.getQuote('AAPL')).toBeNull();
    expect((await free.getQuotes(['AAPL'])).size).toBe(0);
  });

  it('serves every plan the replay date bar in replay mode', async () => {
    const prices = await storeWith(quote(103, 1, 'replay'));

    const free = planQuotes(prices, 'FREE', 'replay', () => NOW);

    expect((await free.getQuote('AAPL'))?.price).toBe(103);
    expect(free.delayedMinutes).toBeNull();
  });
});
