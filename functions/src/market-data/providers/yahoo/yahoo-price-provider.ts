import type { PriceProvider } from '../../price-provider';
import { LiveSourceUnavailableError, UnknownSymbolError } from '../../provider-errors';
import type { Quote, SymbolInfo, Bar, IsoDate } from '../../../engine/types';
import { liveMarketDateAt } from '../../../engine/market-clock';
import { CircuitBreaker } from '../http/circuit-breaker';
import { retryWithBackoff } from '../http/retry';
import {
  assetTypeOfInstrument,
  buildChartUrl,
  parseYahooChart,
  YahooNotFoundError,
  type YahooChart,
} from './yahoo-chart';

/*
 * The `live` price provider: Yahoo Finance's chart endpoint (URL shape in yahoo-chart.ts) behind
 * - a timeout per request (AbortController, default 4 s),
 * - retries with exponential backoff and full jitter on timeouts, network errors, 429 and 5xx
 *   (default 3 attempts, 250 ms base, 4 s cap),
 * - a circuit breaker (5 consecutive failed requests open it for 30 s, then one trial),
 * - a fallback to the last quote (and bars) the price poll stored, marked `stale: true`, when the
 *   source cannot answer. An unknown symbol is not a failure of the source: it is an error for the
 *   caller and never opens the circuit.
 * Daily bars carry no extended-hours prices, so `after_hours_price` and `premarket_change` are not set.
 */

/** Last stored market data (the market repository), read when the source is down. */
export interface StoredMarketFallback {
  getQuote(symbol: string): Promise<{
    symbol: string;
    price: number;
    as_of: IsoDate;
    previous_close: number | null;
    change: number | null;
    change_percent: number | null;
    volume: number | null;
    source: string;
  } | null>;
  getBars(symbol: string, from: IsoDate, to: IsoDate): Promise<Bar[]>;
}

export interface YahooPriceProviderOptions {
  baseUrl: string;
  /** The watched universe: what listSymbols returns (Yahoo tickers). */
  symbols: readonly string[];
  fetch?: typeof fetch;
  now?: () => Date;
  timeoutMs?: number;
  retry?: { attempts?: number; baseDelayMs?: number; maxDelayMs?: number };
  breaker?: CircuitBreaker;
  fallback?: StoredMarketFallback;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** Identical requests within this window are answered from memory. Default 60 s. */
  cacheTtlMs?: number;
}

export const LIVE_SOURCE = 'live:yahoo-finance/v8/chart';
export const DEFAULT_TIMEOUT_MS = 4_000;

export class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    url: string,
  ) {
    super(`HTTP ${status} from ${url}`);
    this.name = 'HttpStatusError';
  }
}

export class SourceTimeoutError extends Error {
  constructor(timeoutMs: number, url: string) {
    super(`No answer within ${timeoutMs} ms from ${url}`);
    this.name = 'SourceTimeoutError';
  }
}

/** Worth another attempt: the source may answer next time. */
export function isTransientSourceError(error: unknown): boolean {
  if (error instanceof SourceTimeoutError) return true;
  if (error instanceof HttpStatusError) return error.status === 429 || error.status >= 500;
  // fetch rejects with a TypeError on DNS, connection and TLS failures.
  return error instanceof TypeError;
}

function isSourceFailure(error: unknown): boolean {
  return !(error instanceof YahooNotFoundError || error instanceof UnknownSymbolError);
}

function addDays(date: IsoDate, days: number): IsoDate {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const roundTo = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

export class YahooPriceProvider implements PriceProvider {
  readonly breaker: CircuitBreaker;
  private readonly options: YahooPriceProviderOptions;
  private readonly fetchImpl: typeof fetch;
  private readonly now: () => Date;
  private readonly cache = new Map<string, { at: number; chart: YahooChart }>();
  private readonly names = new Map<string, string>();

  constructor(options: YahooPriceProviderOptions) {
    this.options = options;
    this.fetchImpl = options.fetch ?? globalThis.fetch;
    this.now = options.now ?? (() => new Date());
    this.breaker = options.breaker ?? new CircuitBreaker({ now: () => this.now().getTime() });
  }

  private async fetchChartOnce(url: string): Promise<unknown> {
    const timeoutMs = this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const response = await this.fetchImpl(url, {
        signal: controller.signal,
        headers: { accept: 'application/json', 'user-agent': 'nugget-invest-price-poll/1.0' },
      });
      // 404 carries the "Not Found" chart error: parse it instead of treating it as a failure.
      if (!response.ok && response.status !== 404) throw new HttpStatusError(response.status, url);
      return (await response.json()) as unknown;
    } catch (error: unknown) {
      if (controller.signal.aborted) throw new SourceTimeoutError(timeoutMs, url);
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  private async fetchChart(symbol: string, window: { range: string } | { from: IsoDate; to: IsoDate }) {
    const url = buildChartUrl(this.options.baseUrl, symbol, window);
    const cached = this.cache.get(url);
    const ttl = this.options.cacheTtlMs ?? 60_000;
    if (cached && this.now().getTime() - cached.at < ttl) return cached.chart;
    const chart = await this.breaker.execute(
      () =>
        retryWithBackoff(async () => parseYahooChart(await this.fetchChartOnce(url), symbol), {
          ...this.options.retry,
          isRetryable: isTransientSourceError,
          sleep: this.options.sleep,
          random: this.options.random,
        }),
      isSourceFailure,
    );
    if (chart.name) this.names.set(symbol, chart.name);
    this.cache.set(url, { at: this.now().getTime(), chart });
    return chart;
  }

  private async withFallback<T>(
    symbol: string,
    live: () => Promise<T>,
    stored: (() => Promise<T | null>) | null,
  ): Promise<T> {
    try {
      return await live();
    } catch (error: unknown) {
      if (error instanceof YahooNotFoundError) {
        throw new UnknownSymbolError(symbol, this.options.symbols);
      }
      const fallback = stored ? await stored() : null;
      if (fallback !== null) return fallback;
      throw new LiveSourceUnavailableError(symbol, error);
    }
  }

  async getLatestQuote(symbol: string, asOf?: IsoDate): Promise<Quote> {
    const upper = symbol.toUpperCase();
    const marketDate = asOf ?? liveMarketDateAt(this.now()).date;
    return this.withFallback(
      upper,
      async () => {
        const chart = await this.fetchChart(
          upper,
          asOf === undefined ? { range: '5d' } : { from: addDays(asOf, -10), to: asOf },
        );
        return quoteFromChart(upper, chart, marketDate, asOf);
      },
      this.options.fallback
        ? async () => {
            const last = await this.options.fallback?.getQuote(upper);
            if (!last) return null;
            return {
              symbol: upper,
              price: last.price,
              as_of: last.as_of,
              market_date: marketDate,
              previous_close: last.previous_close,
              change: last.change,
              change_percent: last.change_percent,
              ...(last.volume === null ? {} : { volume: last.volume }),
              source: `${LIVE_SOURCE} (last stored quote)`,
              mode: 'live',
              stale: true,
            } satisfies Quote;
          }
        : null,
    );
  }

  async getDailyBars(symbol: string, from: IsoDate, to: IsoDate): Promise<Bar[]> {
    const upper = symbol.toUpperCase();
    return this.withFallback(
      upper,
      async () =>
        (await this.fetchChart(upper, { from, to })).bars.filter((bar) => bar.date >= from && bar.date <= to),
      this.options.fallback
        ? async () => {
            const bars = (await this.options.fallback?.getBars(upper, from, to)) ?? [];
            return bars.length > 0 ? bars : null;
          }
        : null,
    );
  }

  /** The watched universe, without a network call (names once a chart has been fetched). */
  async listSymbols(): Promise<SymbolInfo[]> {
    return this.options.symbols.map((symbol) => this.describeUnlisted(symbol));
  }

  /** Any ticker Yahoo may know: the quote fetch answers "unknown" if it does not. */
  describeUnlisted(symbol: string): SymbolInfo {
    return {
      symbol,
      ticker: symbol,
      name: this.names.get(symbol) ?? symbol,
      asset_type: assetTypeOfInstrument(symbol, null),
      frequency: 'daily',
      has_ohlc: true,
      has_volume: !symbol.startsWith('^'),
      first_date: '',
      last_date: '',
      source: {
        package: 'Yahoo Finance (live)',
        version: 'v8 chart',
        file: this.options.baseUrl,
        licence: 'Yahoo terms of service',
        origin: 'Yahoo Finance',
        notes: 'Unofficial public endpoint; personal, non-commercial use.',
      },
    };
  }
}

/**
 * The quote of the last bar on or before `asOf` (or the live print), with the change from the bar
 * before, read at `marketDate` (the UTC day of the request, or `asOf`).
 */
export function quoteFromChart(
  symbol: string,
  chart: YahooChart,
  marketDate: IsoDate,
  asOf?: IsoDate,
): Quote {
  const bars = asOf === undefined ? chart.bars : chart.bars.filter((bar) => bar.date <= asOf);
  const last = bars.at(-1);
  if (!last) throw new YahooNotFoundError(symbol, `no price on or before ${asOf ?? 'today'}`);
  const useLivePrint =
    asOf === undefined && chart.regularMarketPrice !== null && chart.regularMarketDate !== null;
  const price = useLivePrint ? (chart.regularMarketPrice as number) : last.close;
  const priceDate = useLivePrint ? (chart.regularMarketDate as IsoDate) : last.date;
  const previous = [...bars].reverse().find((bar) => bar.date < priceDate) ?? null;
  const volume = useLivePrint ? (chart.regularMarketVolume ?? last.volume) : last.volume;
  return {
    symbol,
    price,
    as_of: priceDate,
    market_date: marketDate,
    previous_close: previous ? previous.close : null,
    change: previous ? roundTo(price - previous.close, 6) : null,
    change_percent: previous ? roundTo(((price - previous.close) / previous.close) * 100, 6) : null,
    ...(volume === undefined || volume === null ? {} : { volume }),
    source: LIVE_SOURCE,
    mode: 'live',
    stale: false,
  };
}
