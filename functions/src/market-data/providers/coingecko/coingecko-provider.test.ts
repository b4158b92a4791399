import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SymbolNotListedError } from '../../provider-errors';
import { OPEN_GUARD } from '../http/fetch-json';
import { barsFromMarketChart, createCoinGeckoProvider } from './coingecko-provider';

/** Answers of CoinGecko's public API kept by nathanramoscfa/pycgapi (fixtures/README.md). */
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

function provider(status: number, body: string, urls: string[] = []) {
  return createCoinGeckoProvider({
    baseUrl: 'https://api.coingecko.com/api/v3',
    guard: OPEN_GUARD,
    now: () => new Date('2023-12-21T10:00:00Z'),
    attempts: 1,
    fetch: (async (url: string) => {
      urls.push(url);
      return new Response(body, { status });
    }) as typeof fetch,
  });
}

describe('CoinGecko', () => {
  it('turns midnight points into the close of the day before', () => {
    const bars = barsFromMarketChart(JSON.parse(fixture('market-chart-bitcoin-5-days.json')));
    // 1702771200000 ms = 2023-12-17T00:00:00Z: the close of 2023-12-16.
    expect(bars.map((bar) => [bar.date, bar.close, bar.closed])).toEqual([
      ['2023-12-16', 42247.06788172229, true],
      ['2023-12-17', 41410.819634575855, true],
      ['2023-12-18', 42684.182554683386, true],
      ['2023-12-19', 42250.206182797505, true],
      ['2023-12-20', 43634.1241684964, true],
    ]);
    expect(bars[0]?.volume).toBe(13524832238.374014);
  });

  it('a last point inside the day is the running day, not closed', () => {
    const bars = barsFromMarketChart({
      prices: [
        [1703116800000, 43634.12],
        [1703152800000, 43900],
      ],
      total_volumes: [],
    });
    expect(bars.at(-1)).toEqual({ date: '2023-12-21', close: 43900, closed: false });
  });

  it('asks for the window in days (at most 365) and reads the coin list by market cap', async () => {
    const urls: string[] = [];
    const series = await provider(200, fixture('market-chart-bitcoin-5-days.json'), urls).fetchDailyBars(
      'bitcoin',
      {
        from: '2023-12-17',
        to: '2023-12-21',
      },
    );
    // From 2023-12-17 to today 2023-12-21 inclusive: 5 days.
    expect(urls[0]).toBe(
      'https://api.coingecko.com/api/v3/coins/bitcoin/market_chart?vs_currency=usd&days=5&interval=daily',
    );
    expect(series.bars.map((bar) => bar.date)).toEqual([
      '2023-12-17',
      '2023-12-18',
      '2023-12-19',
      '2023-12-20',
    ]);
    await provider(200, fixture('market-chart-bitcoin-5-days.json'), urls).fetchDailyBars('bitcoin', {
      from: '2019-01-01',
      to: '2023-12-21',
    });
    expect(urls[1]).toContain('days=365');
    const coins = await provider(200, fixture('coins-markets-page-1.json')).listCoinsByMarketCap(1);
    expect(coins).toEqual([
      { id: 'bitcoin', symbol: 'BTC', name: 'Bitcoin', market_cap_rank: 1, market_cap: 854336711925 },
      { id: 'ethereum', symbol: 'ETH', name: 'Ethereum', market_cap_rank: 2, market_cap: 274130347174 },
    ]);
  });

  it('an unknown coin is not listed', async () => {
    await expect(
      provider(404, '{"error":"coin not found"}').fetchDailyBars('no-such-coin', {
        from: '2023-12-01',
        to: '2023-12-21',
      }),
    ).rejects.toBeInstanceOf(SymbolNotListedError);
  });
});
