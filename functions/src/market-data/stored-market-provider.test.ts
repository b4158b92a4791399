import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoredBar } from '../data/stored-prices';
import { UNCONFIRMED_MOVE } from './quality/bar-validation';
import { StoredMarketProvider } from './stored-market-provider';

/** Every weekday of 2015-2016 as stored, one with a move waiting for its second read. */
function storedYears(): StoredBar[] {
  const bars: StoredBar[] = [];
  for (
    let time = Date.parse('2015-01-01T00:00:00Z');
    time <= Date.parse('2016-12-31T00:00:00Z');
    time += 86_400_000
  ) {
    const day = new Date(time);
    if (day.getUTCDay() === 0 || day.getUTCDay() === 6) continue;
    const date = day.toISOString().slice(0, 10);
    bars.push({
      date,
      close: 100 + bars.length,
      closed: true,
      source: 'test',
      fetched_at: '2017-01-01T00:00:00Z',
      ...(date === '2016-11-09' ? { flags: [UNCONFIRMED_MOVE] } : {}),
    });
  }
  return bars;
}

function providerOver(bars: StoredBar[], clock: { now: number }) {
  const reads: [string, string, string][] = [];
  const provider = new StoredMarketProvider({
    prices: {
      getQuote: async () => null,
      async getStoredBars(symbol, from, to) {
        reads.push([symbol, from, to]);
        return bars.filter((bar) => bar.date >= from && bar.date <= to);
      },
    },
    series: { listSeries: async () => [], getSeries: async () => null },
    now: () => new Date(clock.now),
    describe: () => {
      throw new Error('not asked');
    },
    cacheMs: 10_000,
  });
  return { provider, reads };
}

/** What a range should hold: the stored bars in it, without the unconfirmed one, as the engine reads them. */
const expected = (bars: StoredBar[], from: string, to: string) =>
  bars
    .filter((bar) => bar.date >= from && bar.date <= to && !bar.flags)
    .map((bar) => ({ date: bar.date, close: bar.close }));

describe('stored market provider: bars', () => {
  afterEach(() => vi.useRealTimers());

  it("serves a poll's ranges of one symbol from one read of their years", async () => {
    const bars = storedYears();
    const clock = { now: Date.parse('2026-11-29T08:00:00Z') };
    const { provider, reads } = providerOver(bars, clock);
    // The ranges one price poll asks for (quote, analysis window, score history), widest last.
    const ranges: [string, string][] = [
      ['2016-10-21', '2016-11-10'],
      ['2015-10-07', '2016-11-10'],
      ['2015-07-13', '2016-11-10'],
      ['2015-10-08', '2016-11-11'],
    ];
    for (const [from, to] of ranges) {
      expect(await provider.getDailyBars('aapl', from, to)).toEqual(expected(bars, from, to));
    }
    // The quote's year and the one before, once; never per range.
    expect(reads).toEqual([['AAPL', '2015-01-01', '2016-12-31']]);
    // A range reaching further back widens the span once.
    expect(await provider.getDailyBars('AAPL', '2014-12-01', '2016-11-10')).toEqual(
      expected(bars, '2014-12-01', '2016-11-10'),
    );
    expect(reads.at(-1)).toEqual(['AAPL', '2014-01-01', '2016-12-31']);
    // A narrower range later is served from the wider span.
    expect(await provider.getDailyBars('AAPL', '2016-03-01', '2016-03-31')).toEqual(
      expected(bars, '2016-03-01', '2016-03-31'),
    );
    expect(reads).toHaveLength(2);
  });

  it('reads again once the cached years are older than the cache time', async () => {
    const bars = storedYears();
    const clock = { now: Date.now() };
    const { provider, reads } = providerOver(bars, clock);
    await provider.getDailyBars('AAPL', '2016-01-04', '2016-01-08');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 9_000);
    await provider.getDailyBars('AAPL', '2016-01-04', '2016-01-08');
    expect(reads).toHaveLength(1);
    vi.setSystemTime(Date.now() + 2_000);
    await provider.getDailyBars('AAPL', '2016-01-04', '2016-01-08');
    expect(reads).toHaveLength(2);
  });

  it('answers nothing for an empty range without reading', async () => {
    const { provider, reads } = providerOver(storedYears(), { now: Date.now() });
    expect(await provider.getDailyBars('AAPL', '2016-02-01', '2016-01-01')).toEqual([]);
    expect(reads).toHaveLength(0);
  });
});
