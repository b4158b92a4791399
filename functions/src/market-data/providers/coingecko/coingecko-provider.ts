import * as z from 'zod';
import type { IsoDate } from '../../../engine/types';
import type { BarsProvider, FetchedBar, FetchedSeries, ProviderDescription } from '../../bars-provider';
import { ProviderUnavailableError } from '../../provider-errors';
import { getProviderJson, type ProviderClientOptions } from '../http/ingestion-errors';

/*
 * CoinGecko's public API (base COINGECKO_BASE_URL, https://api.coingecko.com/api/v3):
 *
 *   GET {base}/coins/markets?vs_currency=usd&order=market_cap_desc&per_page=250&page={n}
 *       -> [{ id, symbol, name, market_cap_rank, current_price, market_cap, last_updated, ... }]
 *   GET {base}/coins/{id}/market_chart?vs_currency=usd&days={n}&interval=daily
 *       -> { prices: [[epoch ms, price]], market_caps: [...], total_volumes: [[epoch ms, usd]] }
 *
 * The coin list is the crypto universe and its canonical names; the daily history serves coins Yahoo
 * does not list. The free tier serves 365 days. Daily points are stamped 00:00 UTC: the point of day
 * D + 1 at midnight is the close of day D (as Yahoo's BTC-USD bar of D closes at 23:59:59 UTC); a last
 * point that is not at midnight is the running day, not closed. Only a close and a volume (USD) per
 * day: no open, high or low. An unknown coin answers 404 `{"error":"coin not found"}`.
 */

export const COINGECKO_DESCRIPTION: ProviderDescription = {
  name: 'coingecko',
  title: 'CoinGecko public API',
  terms: 'Free demo tier: about 30 calls a minute, 10,000 a month, 365 days of daily history.',
};

export const COINGECKO_MAX_HISTORY_DAYS = 365;
export const COINS_PER_PAGE = 250;

const DAY_MS = 86_400_000;

const Point = z.tuple([z.number(), z.number().nullable()]);
const MarketChartSchema = z.object({
  prices: z.array(Point),
  total_volumes: z.array(Point).optional(),
});

const CoinMarketSchema = z.array(
  z.looseObject({
    id: z.string(),
    symbol: z.string(),
    name: z.string(),
    market_cap_rank: z.number().nullable(),
    current_price: z.number().nullable(),
    market_cap: z.number().nullable(),
  }),
);

/** One coin of the list by market capitalisation. */
export interface CoinListing {
  id: string;
  /** Upper-cased ticker (BTC). Several coins may share one; the list's order says which is the biggest. */
  symbol: string;
  name: string;
  market_cap_rank: number | null;
  market_cap: number | null;
}

export interface CoinGeckoProvider extends BarsProvider {
  /** Coins by market capitalisation, `pages` pages of 250. */
  listCoinsByMarketCap(pages: number): Promise<CoinListing[]>;
}

export interface CoinGeckoProviderOptions extends ProviderClientOptions {
  /** COINGECKO_BASE_URL, e.g. https://api.coingecko.com/api/v3 */
  baseUrl: string;
  now: () => Date;
}

const isoDay = (epochMs: number): IsoDate => new Date(epochMs).toISOString().slice(0, 10);

/** Daily points as bars: midnight points close the day before; a later last point is the running day. */
export function barsFromMarketChart(body: unknown): FetchedBar[] {
  const parsed = MarketChartSchema.safeParse(body);
  if (!parsed.success) {
    throw new ProviderUnavailableError(
      'coingecko',
      null,
      'failing',
      `unexpected market_chart answer: ${parsed.error.issues[0]?.message}`,
    );
  }
  const volumes = new Map((parsed.data.total_volumes ?? []).map(([time, volume]) => [time, volume]));
  const bars: FetchedBar[] = [];
  for (const [time, price] of parsed.data.prices) {
    if (price === null || !Number.isFinite(price)) continue;
    const atMidnight = time % DAY_MS === 0;
    const bar: FetchedBar = {
      date: isoDay(atMidnight ? time - DAY_MS : time),
      close: price,
      closed: atMidnight,
    };
    const volume = volumes.get(time);
    if (typeof volume === 'number' && Number.isFinite(volume)) bar.volume = volume;
    bars.push(bar);
  }
  return bars;
}

export function createCoinGeckoProvider(options: CoinGeckoProviderOptions): CoinGeckoProvider {
  const base = options.baseUrl.replace(/\/+$/, '');
  const get = (url: string, subject: string) =>
    getProviderJson(COINGECKO_DESCRIPTION.name, subject, url, options, { timeoutMs: 8_000 });

  return {
    description: COINGECKO_DESCRIPTION,
    maxHistoryDays: COINGECKO_MAX_HISTORY_DAYS,

    async fetchDailyBars(coinId: string, window: { from: IsoDate; to: IsoDate }): Promise<FetchedSeries> {
      const today = isoDay(options.now().getTime());
      const span =
        Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${window.from}T00:00:00Z`)) / DAY_MS) + 1;
      const days = Math.max(1, Math.min(COINGECKO_MAX_HISTORY_DAYS, span));
      const url = `${base}/coins/${encodeURIComponent(coinId)}/market_chart?vs_currency=usd&days=${days}&interval=daily`;
      const body = await get(url, coinId);
      const bars = barsFromMarketChart(body).filter(
        (bar) => bar.date >= window.from && bar.date <= window.to,
      );
      const last = bars.at(-1);
      return {
        providerId: coinId,
        bars,
        latest: last
          ? { price: last.close, date: last.date, closed: last.closed, volume: last.volume ?? null }
          : null,
        name: null,
        currency: 'USD',
        exchange: null,
        instrumentType: 'CRYPTOCURRENCY',
        splits: [],
      };
    },

    async listCoinsByMarketCap(pages) {
      const coins: CoinListing[] = [];
      for (let page = 1; page <= pages; page += 1) {
        const body = await get(
          `${base}/coins/markets?vs_currency=usd&order=market_cap_desc&per_page=${COINS_PER_PAGE}&page=${page}`,
          'coins/markets',
        );
        const parsed = CoinMarketSchema.safeParse(body);
        if (!parsed.success) {
          throw new ProviderUnavailableError(
            'coingecko',
            null,
            'failing',
            `unexpected coins/markets answer: ${parsed.error.issues[0]?.message}`,
          );
        }
        coins.push(
          ...parsed.data.map((coin) => ({
            id: coin.id,
            symbol: coin.symbol.toUpperCase(),
            name: coin.name,
            market_cap_rank: coin.market_cap_rank,
            market_cap: coin.market_cap,
          })),
        );
        if (parsed.data.length < COINS_PER_PAGE) break;
      }
      return coins;
    },
  };
}
