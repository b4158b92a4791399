import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ProviderUnavailableError, SymbolNotListedError } from '../../provider-errors';
import { OPEN_GUARD } from '../http/fetch-json';
import { createYahooBarsProvider } from './yahoo-bars-provider';

/** Answers recorded from Yahoo by gadicc/node-yahoo-finance2 (fixtures/README.md). Never the network. */
const recorded = (name: string) =>
  readFileSync(new URL(`./fixtures/recorded/${name}`, import.meta.url), 'utf8');

function providerAnswering(status: number, body: string, now = '2021-11-22T12:00:00Z') {
  const urls: string[] = [];
  const provider = createYahooBarsProvider({
    baseUrl: 'https://query1.finance.yahoo.com/v8/finance/chart',
    guard: OPEN_GUARD,
    now: () => new Date(now),
    attempts: 1,
    fetch: (async (url: string) => {
      urls.push(url);
      return new Response(body, { status });
    }) as typeof fetch,
  });
  return { provider, urls };
}

describe('Yahoo chart as a bars provider (recorded answers)', () => {
  it('reads the AAPL split window: exchange dates, OHLCV, the 4:1 split, all sessions closed', async () => {
    const { provider, urls } = providerAnswering(
      200,
      recorded('chart-AAPL-2020-08-31-to-2020-09-14-split.json'),
    );
    const series = await provider.fetchDailyBars('AAPL', { from: '2020-08-31', to: '2020-09-14' });
    expect(urls[0]).toBe(
      'https://query1.finance.yahoo.com/v8/finance/chart/AAPL?period1=1598832000&period2=1600128000&interval=1d&includePrePost=false&events=div%2Csplit',
    );
    // 1598880600 s = 2020-08-31 13:30 UTC, 08:30 at gmtoffset -18000: the session of 2020-08-31.
    // Labor Day (2020-09-07) has no session: the 6th timestamp, 1599571800, is Tuesday 09-08.
    expect(series.bars.map((bar) => bar.date)).toEqual([
      '2020-08-31',
      '2020-09-01',
      '2020-09-02',
      '2020-09-03',
      '2020-09-04',
      '2020-09-08',
      '2020-09-09',
      '2020-09-10',
      '2020-09-11',
      '2020-09-14',
    ]);
    expect(series.bars[0]).toEqual({
      date: '2020-08-31',
      open: 127.58000183105469,
      high: 131,
      low: 126,
      close: 129.0399932861328,
      volume: 225702700,
      closed: true,
    });
    expect(series.splits).toEqual([{ date: '2020-08-31', numerator: 4, denominator: 1 }]);
    expect(series.instrumentType).toBe('EQUITY');
    // The recording was made on 2021-11-21: its live print is that Friday's close.
    expect(series.latest).toEqual({ price: 160.55, date: '2021-11-19', closed: true, volume: null });
  });

  it('marks the current session open until the exchange closes it', async () => {
    // BTC-USD's recorded session runs 2021-11-21 00:00 to 23:59 UTC (currentTradingPeriod.regular).
    const body = recorded('chart-BTC-USD-2020-01-01-to-2020-01-03.json');
    const during = await providerAnswering(200, body, '2021-11-21T12:00:00Z').provider.fetchDailyBars(
      'BTC-USD',
      {
        from: '2020-01-01',
        to: '2021-11-21',
      },
    );
    expect(during.latest).toMatchObject({ price: 58941.695, date: '2021-11-21', closed: false });
    expect(during.bars.map((bar) => [bar.date, bar.close, bar.closed])).toEqual([
      ['2020-01-01', 7200.17431640625, true],
      ['2020-01-02', 6985.47021484375, true],
      ['2020-01-03', 7344.88427734375, true],
    ]);
    const after = await providerAnswering(200, body, '2021-11-22T00:30:00Z').provider.fetchDailyBars(
      'BTC-USD',
      {
        from: '2020-01-01',
        to: '2021-11-22',
      },
    );
    expect(after.latest?.closed).toBe(true);
  });

  it('an empty result is no bars, not an error; an unknown symbol is not listed; a 503 is unavailable', async () => {
    const empty = await providerAnswering(
      200,
      recorded('chart-TSLA-2021-11-23-empty.json'),
    ).provider.fetchDailyBars('TSLA', { from: '2021-11-23', to: '2021-11-23' });
    expect(empty.bars).toEqual([]);
    const notFound = JSON.stringify({
      chart: {
        result: null,
        error: { code: 'Not Found', description: 'No data found, symbol may be delisted' },
      },
    });
    await expect(
      providerAnswering(404, notFound).provider.fetchDailyBars('NOPE', {
        from: '2021-01-01',
        to: '2021-02-01',
      }),
    ).rejects.toBeInstanceOf(SymbolNotListedError);
    await expect(
      providerAnswering(503, 'busy').provider.fetchDailyBars('AAPL', {
        from: '2021-01-01',
        to: '2021-02-01',
      }),
    ).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  it('reads an FX pair (zero volumes kept as zero)', async () => {
    const series = await providerAnswering(
      200,
      recorded('chart-EURUSD=X-2020-01-01-to-2020-01-03.json'),
    ).provider.fetchDailyBars('EURUSD=X', { from: '2020-01-01', to: '2020-01-03' });
    expect(series.instrumentType).toBe('CURRENCY');
    expect(series.bars.map((bar) => [bar.date, bar.close, bar.volume])).toEqual([
      ['2020-01-01', 1.1220825910568237, 0],
      ['2020-01-02', 1.1220825910568237, 0],
      ['2020-01-03', 1.1171437501907349, 0],
    ]);
  });
});
