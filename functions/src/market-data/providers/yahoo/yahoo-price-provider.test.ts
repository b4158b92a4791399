import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { UnknownSymbolError, LiveSourceUnavailableError } from '../../provider-errors';
import { computeBackoffDelay } from '../http/retry';
import { parseYahooChart } from './yahoo-chart';
import { YahooPriceProvider } from './yahoo-price-provider';

/** Hand-made fixtures in the shape of Yahoo's chart answers (see fixtures/README.md). Never the network. */
function fixture(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));
}

type Answer = { status: number; body: unknown } | Error;

function fakeFetch(answers: Answer[]) {
  const urls: string[] = [];
  const fetchImpl = (async (input: string | URL | Request) => {
    urls.push(String(input));
    const answer = answers.shift();
    if (!answer) throw new Error('no more recorded answers');
    if (answer instanceof Error) throw answer;
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  }) as typeof fetch;
  return { fetchImpl, urls };
}

function createProvider(
  answers: Answer[],
  fallback?: ConstructorParameters<typeof YahooPriceProvider>[0]['fallback'],
) {
  const { fetchImpl, urls } = fakeFetch(answers);
  const sleeps: number[] = [];
  const provider = new YahooPriceProvider({
    baseUrl: 'https://query1.finance.yahoo.com/v8/finance/chart',
    symbols: ['AAPL', '^GSPC'],
    fetch: fetchImpl,
    now: () => new Date('2018-05-12T12:00:00Z'),
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    ...(fallback ? { fallback } : {}),
  });
  return { provider, urls, sleeps };
}

describe('parseYahooChart', () => {
  it('reads bars in the exchange day, dropping sessions without a close', () => {
    const chart = parseYahooChart(fixture('gspc-range-5d-with-null-day.json'), '^GSPC');
    expect(chart.bars.map((bar) => bar.date)).toEqual([
      '2020-04-13',
      '2020-04-14',
      '2020-04-16',
      '2020-04-17',
    ]);
    // Values equal the replay's vega-datasets S&P 500 rows for those dates.
    expect(chart.bars.at(-1)).toMatchObject({ date: '2020-04-17', close: 2874.560059 });
    expect(chart.name).toBe('S&P 500');
  });
});

describe('YahooPriceProvider on recorded-shape responses', () => {
  it('builds the latest quote from the live print and the previous session', async () => {
    const { provider, urls } = createProvider([{ status: 200, body: fixture('aapl-range-5d.json') }]);
    const quote = await provider.getLatestQuote('aapl');
    expect(urls[0]).toBe(
      'https://query1.finance.yahoo.com/v8/finance/chart/AAPL?range=5d&interval=1d&includePrePost=false&events=div%2Csplit',
    );
    // AAPL 2018-05-11 close 188.589996, 2018-05-10 close 190.039993 (aapl.csv).
    expect(quote).toMatchObject({
      symbol: 'AAPL',
      price: 188.589996,
      as_of: '2018-05-11',
      previous_close: 190.039993,
      mode: 'live',
      stale: false,
      volume: 25806600,
    });
    expect(quote.change_percent).toBeCloseTo(((188.589996 - 190.039993) / 190.039993) * 100, 5);
  });

  it('fetches daily bars for a date window (period1/period2 in epoch seconds)', async () => {
    const { provider, urls } = createProvider([
      { status: 200, body: fixture('aapl-period-2018-03-28-2018-05-11.json') },
    ]);
    const bars = await provider.getDailyBars('AAPL', '2018-04-02', '2018-05-11');
    expect(urls[0]).toContain('period1=1522627200&period2=1526083200');
    expect(bars[0]?.date).toBe('2018-04-02');
    expect(bars.at(-1)?.date).toBe('2018-05-11');
  });

  it('retries 429 and 5xx with backoff, then succeeds', async () => {
    const { provider, sleeps } = createProvider([
      { status: 429, body: {} },
      { status: 503, body: {} },
      { status: 200, body: fixture('aapl-range-5d.json') },
    ]);
    await expect(provider.getLatestQuote('AAPL')).resolves.toMatchObject({ price: 188.589996 });
    // Full jitter with random 0.5: 0.5 x 250, then 0.5 x 500.
    expect(sleeps).toEqual([125, 250]);
  });

  it('an unknown symbol is a 404 answer, not a failure: no retry, circuit stays closed', async () => {
    const { provider, urls } = createProvider([{ status: 404, body: fixture('not-found.json') }]);
    await expect(provider.getLatestQuote('NOPE')).rejects.toBeInstanceOf(UnknownSymbolError);
    expect(urls).toHaveLength(1);
    expect(provider.breaker.state).toBe('closed');
  });

  it('falls back to the last stored quote, marked stale, when the source keeps failing', async () => {
    const stored = {
      symbol: 'AAPL',
      price: 190.039993,
      as_of: '2018-05-10',
      previous_close: 187.360001,
      change: 2.679992,
      change_percent: 1.430398,
      volume: 27989300,
      source: 'live:yahoo-finance/v8/chart',
    };
    const { provider } = createProvider(
      [new TypeError('fetch failed'), new TypeError('fetch failed'), new TypeError('fetch failed')],
      { getQuote: async () => stored, getBars: async () => [] },
    );
    const quote = await provider.getLatestQuote('AAPL');
    expect(quote).toMatchObject({ price: 190.039993, as_of: '2018-05-10', stale: true, mode: 'live' });
  });

  it('opens the circuit after 5 failed requests and then answers from the fallback without calling out', async () => {
    const failures: Answer[] = Array.from({ length: 15 }, () => ({ status: 500, body: {} }));
    const { provider, urls } = createProvider(failures);
    for (let i = 0; i < 5; i += 1) {
      await expect(provider.getLatestQuote('AAPL')).rejects.toBeInstanceOf(LiveSourceUnavailableError);
    }
    expect(provider.breaker.state).toBe('open');
    const calls = urls.length;
    await expect(provider.getLatestQuote('AAPL')).rejects.toBeInstanceOf(LiveSourceUnavailableError);
    expect(urls.length).toBe(calls);
  });
});

describe('computeBackoffDelay', () => {
  it('doubles the ceiling per retry up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6].map((retry) => computeBackoffDelay(retry, 250, 4_000, 1))).toEqual([
      250, 500, 1000, 2000, 4000, 4000,
    ]);
  });
});
