import { describe, expect, it } from 'vitest';
import type { GradedSymbol, MarketDayHeader } from '../data/market-day-repository';
import { marketDateAt, type MarketClockConfig } from '../engine/market-dates';
import { storeMarketDays, type MarketDayDeps } from './price-poll-market-day';

/*
 * The graded market days a replay keeps ready (market-data/README.md "Grades once per market date"):
 * the clock's date, then `ahead` dates after it in calendar order, each graded once. A fake engine
 * with a stepped replay clock over five dates counts what is graded; the days are kept in a map.
 */

const CALENDAR = ['2015-01-02', '2015-01-05', '2015-01-06', '2015-01-07', '2015-01-08'];
const CLOCK: MarketClockConfig = {
  epochMs: Date.parse('2026-01-01T00:00:00Z'),
  msPerDay: 60_000,
  calendar: CALENDAR,
};
const SYMBOLS = ['AAPL', 'MSFT'];

function replayMarket(calendar: readonly string[] = CALENDAR) {
  const config = { ...CLOCK, calendar };
  const stored = new Map<string, { graded: readonly GradedSymbol[]; header: MarketDayHeader }>();
  const quotesRead: string[] = [];
  const engine = {
    dataMode: 'replay',
    listUniverse: async () => SYMBOLS.map((symbol) => ({ symbol })),
    analyze: async () => ({ analysis: { graded: true } }),
    source: {
      clock: { at: (now: Date) => marketDateAt(now, config) },
      provider: {
        getLatestQuote: async (symbol: string, date: string) => {
          quotesRead.push(`${symbol}@${date}`);
          return { symbol, market_date: date };
        },
      },
    },
  };
  const deps = {
    engine,
    now: () => new Date('2026-01-01T00:00:30Z'),
    marketDay: {
      getDayHeader: async (date: string) => stored.get(date)?.header ?? null,
      putDay: async (
        date: string,
        graded: readonly GradedSymbol[],
        meta: { graded_at: string; duration_ms: number },
      ) => {
        stored.set(date, { graded, header: { date, parts: 1, symbols: graded.length, ...meta } });
      },
    },
  } as unknown as MarketDayDeps;
  /** The clock's reading `step` dates after the epoch (30 s into that date). */
  const at = (step: number) => marketDateAt(CLOCK.epochMs + step * CLOCK.msPerDay + 30_000, config);
  return { deps, stored, quotesRead, at };
}

describe('storeMarketDays', () => {
  it("stores the clock's date and the next one by default, as the price poll has always done", async () => {
    const market = replayMarket();
    await storeMarketDays(market.deps, market.at(0), null);
    expect([...market.stored.keys()]).toEqual(['2015-01-02', '2015-01-05']);
    expect(market.quotesRead).toHaveLength(4);
  });

  it('grades `ahead` dates after the clock in calendar order, skipping the ones stored', async () => {
    const market = replayMarket();
    await storeMarketDays(market.deps, market.at(0), null, 1);
    market.quotesRead.length = 0;

    await storeMarketDays(market.deps, market.at(1), null, 3);

    // 2015-01-05 was stored ahead by the first call: only 01-06, 01-07 and 01-08 are graded now.
    expect([...market.stored.keys()]).toEqual([
      '2015-01-02',
      '2015-01-05',
      '2015-01-06',
      '2015-01-07',
      '2015-01-08',
    ]);
    expect(market.quotesRead).toEqual([
      'AAPL@2015-01-06',
      'MSFT@2015-01-06',
      'AAPL@2015-01-07',
      'MSFT@2015-01-07',
      'AAPL@2015-01-08',
      'MSFT@2015-01-08',
    ]);
    expect(market.stored.get('2015-01-07')?.graded).toEqual([
      { quote: { symbol: 'AAPL', market_date: '2015-01-07' }, analysis: { graded: true } },
      { quote: { symbol: 'MSFT', market_date: '2015-01-07' }, analysis: { graded: true } },
    ]);
  });

  it("stores what the poll graded for the clock's date instead of grading it again", async () => {
    const market = replayMarket();
    const polled = [{ quote: { symbol: 'AAPL' }, analysis: null }] as unknown as GradedSymbol[];
    await storeMarketDays(market.deps, market.at(2), polled, 0);
    expect(market.stored.get('2015-01-06')?.graded).toBe(polled);
    expect(market.stored.size).toBe(1);
    expect(market.quotesRead).toEqual([]);
  });

  it('wraps to the first date at the end of the window and stops at the clock date it comes back to', async () => {
    const market = replayMarket(['2015-01-02', '2015-01-05']);
    await storeMarketDays(market.deps, market.at(1), null, 5);
    expect([...market.stored.keys()].sort()).toEqual(['2015-01-02', '2015-01-05']);
    expect(market.quotesRead).toHaveLength(4);
  });
});
