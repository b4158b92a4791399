import * as z from 'zod';
import type { AssetType, Bar, IsoDate } from '../../../engine/types';

/*
 * Yahoo Finance's public chart endpoint (unofficial, no key, no crumb for this path):
 *
 *   GET {base}/{symbol}?period1={epoch s}&period2={epoch s}&interval=1d&includePrePost=false&events=div,split
 *   GET {base}/{symbol}?range=5d&interval=1d&includePrePost=false
 *
 * base = https://query1.finance.yahoo.com/v8/finance/chart. The symbol is URL-encoded (^GSPC ->
 * %5EGSPC, GC=F -> GC%3DF). Answer: `{ chart: { result: [ { meta, timestamp[], indicators: { quote:
 * [ { open[], high[], low[], close[], volume[] } ] } } ], error: null } }`; timestamps are epoch
 * seconds of each session's open, in UTC, and `meta.gmtoffset` shifts them to the exchange's day.
 * Values are null on days the source has no print. An unknown symbol answers HTTP 404 with
 * `{ chart: { result: null, error: { code: 'Not Found', description } } }`; throttling answers 429.
 */

const NullableNumbers = z.array(z.number().nullable()).nullish();

const ChartResponseSchema = z.object({
  chart: z.object({
    result: z
      .array(
        z.object({
          meta: z.looseObject({
            symbol: z.string(),
            currency: z.string().nullish(),
            instrumentType: z.string().nullish(),
            exchangeName: z.string().nullish(),
            fullExchangeName: z.string().nullish(),
            regularMarketPrice: z.number().nullish(),
            regularMarketTime: z.number().nullish(),
            regularMarketVolume: z.number().nullish(),
            gmtoffset: z.number().nullish(),
            longName: z.string().nullish(),
            shortName: z.string().nullish(),
            currentTradingPeriod: z
              .looseObject({ regular: z.looseObject({ start: z.number(), end: z.number() }).nullish() })
              .nullish(),
          }),
          timestamp: z.array(z.number()).nullish(),
          events: z
            .looseObject({
              splits: z
                .record(
                  z.string(),
                  z.looseObject({ date: z.number(), numerator: z.number(), denominator: z.number() }),
                )
                .nullish(),
            })
            .nullish(),
          indicators: z.object({
            quote: z
              .array(
                z.object({
                  open: NullableNumbers,
                  high: NullableNumbers,
                  low: NullableNumbers,
                  close: NullableNumbers,
                  volume: NullableNumbers,
                }),
              )
              .min(1),
          }),
        }),
      )
      .nullable(),
    error: z.object({ code: z.string(), description: z.string().nullish() }).nullable(),
  }),
});

export interface YahooChart {
  symbol: string;
  name: string | null;
  instrumentType: string | null;
  currency: string | null;
  exchange: string | null;
  regularMarketPrice: number | null;
  /** Exchange-local trading day of `regularMarketPrice`. */
  regularMarketDate: IsoDate | null;
  regularMarketVolume: number | null;
  /** In the provider's order (validation judges duplicates and order); sessions without a close dropped. */
  bars: Bar[];
  /** The exchange's current regular session: its date and when it closes (epoch s). */
  regularSession: { date: IsoDate; endsAt: number } | null;
  splits: { date: IsoDate; numerator: number; denominator: number }[];
}

/** The source answered, but not with a chart we can use (changed format, error payload). */
export class YahooResponseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'YahooResponseError';
  }
}

/** The source says it has no such symbol. */
export class YahooNotFoundError extends Error {
  constructor(symbol: string, detail: string) {
    super(`Yahoo Finance has no chart for '${symbol}': ${detail}`);
    this.name = 'YahooNotFoundError';
  }
}

function isoDateOf(epochSeconds: number, gmtOffsetSeconds: number): IsoDate {
  return new Date((epochSeconds + gmtOffsetSeconds) * 1000).toISOString().slice(0, 10);
}

const finite = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** Parses one chart answer. Bars without a close (Yahoo's null sessions) are dropped. */
export function parseYahooChart(payload: unknown, requestedSymbol: string): YahooChart {
  const parsed = ChartResponseSchema.safeParse(payload);
  if (!parsed.success) {
    throw new YahooResponseError(
      `unexpected chart answer for '${requestedSymbol}': ${parsed.error.issues[0]?.message}`,
    );
  }
  const { result, error } = parsed.data.chart;
  if (error) {
    if (/not found/i.test(error.code))
      throw new YahooNotFoundError(requestedSymbol, error.description ?? error.code);
    throw new YahooResponseError(`${error.code}: ${error.description ?? ''}`.trim());
  }
  const first = result?.[0];
  if (!first) throw new YahooNotFoundError(requestedSymbol, 'empty result');
  const { meta } = first;
  const offset = meta.gmtoffset ?? 0;
  const quote = first.indicators.quote[0];
  const timestamps = first.timestamp ?? [];
  const bars: Bar[] = [];
  timestamps.forEach((timestamp, index) => {
    const close = quote?.close?.[index];
    if (!finite(close)) return;
    const bar: Bar = { date: isoDateOf(timestamp, offset), close };
    const open = quote?.open?.[index];
    const high = quote?.high?.[index];
    const low = quote?.low?.[index];
    const volume = quote?.volume?.[index];
    if (finite(open)) bar.open = open;
    if (finite(high)) bar.high = high;
    if (finite(low)) bar.low = low;
    if (finite(volume)) bar.volume = volume;
    // The running session can appear twice at the end (its bar and a live print); the later one wins.
    if (index === timestamps.length - 1 && bars.at(-1)?.date === bar.date) bars.pop();
    bars.push(bar);
  });
  const regular = meta.currentTradingPeriod?.regular;
  return {
    symbol: meta.symbol,
    name: meta.longName ?? meta.shortName ?? null,
    instrumentType: meta.instrumentType ?? null,
    currency: meta.currency ?? null,
    exchange: meta.fullExchangeName ?? meta.exchangeName ?? null,
    regularMarketPrice: finite(meta.regularMarketPrice) ? meta.regularMarketPrice : null,
    regularMarketDate: finite(meta.regularMarketTime) ? isoDateOf(meta.regularMarketTime, offset) : null,
    regularMarketVolume: finite(meta.regularMarketVolume) ? meta.regularMarketVolume : null,
    bars,
    regularSession: regular ? { date: isoDateOf(regular.start, offset), endsAt: regular.end } : null,
    splits: Object.values(first.events?.splits ?? {})
      .map((split) => ({
        date: isoDateOf(split.date, offset),
        numerator: split.numerator,
        denominator: split.denominator,
      }))
      .sort((a, b) => a.date.localeCompare(b.date)),
  };
}

/** Asset type from Yahoo's instrument type, else from the ticker's shape (^ index, -USD crypto, =F future). */
export function assetTypeOfInstrument(symbol: string, instrumentType: string | null): AssetType {
  switch (instrumentType) {
    case 'CRYPTOCURRENCY':
      return 'crypto';
    case 'FUTURE':
    case 'COMMODITY':
      return 'alternative';
    case 'EQUITY':
    case 'ETF':
    case 'INDEX':
    case 'MUTUALFUND':
      return 'stock';
    default:
      if (symbol.endsWith('-USD')) return 'crypto';
      if (symbol.endsWith('=F')) return 'alternative';
      return 'stock';
  }
}

export function buildChartUrl(
  baseUrl: string,
  symbol: string,
  window: { range: string } | { from: IsoDate; to: IsoDate },
): string {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}/${encodeURIComponent(symbol)}`);
  if ('range' in window) {
    url.searchParams.set('range', window.range);
  } else {
    url.searchParams.set('period1', String(Date.parse(`${window.from}T00:00:00Z`) / 1000));
    // period2 is exclusive: the day after `to`.
    url.searchParams.set('period2', String(Date.parse(`${window.to}T00:00:00Z`) / 1000 + 86_400));
  }
  url.searchParams.set('interval', '1d');
  url.searchParams.set('includePrePost', 'false');
  url.searchParams.set('events', 'div,split');
  return url.toString();
}
