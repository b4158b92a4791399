import type { Config } from '../config';
import { selectFundamentalsAsOf } from '../engine/point-in-time';
import {
  loadReplayUniverse,
  loadReplayUniverseFromFile,
  selectDailySeries,
  type ReplayUniverse,
} from './providers/replay/replay-universe';
import { YahooPriceProvider, type StoredMarketFallback } from './providers/yahoo/yahoo-price-provider';
import { createReplayMarketClock, LIVE_MARKET_CLOCK, type MarketClock } from './market-clock';
import type { PriceProvider } from './price-provider';
import { ReplayPriceProvider } from './providers/replay/replay-price-provider';
import type { IsoDate, PointInTimeFundamentals } from '../engine/types';

/**
 * The one place that picks the price source from DATA_MODE:
 * - `replay` (default, offline): the real historical series that install with the project, read at
 *   one market clock's date (REPLAY_EPOCH, REPLAY_MS_PER_DAY, REPLAY_FROM, REPLAY_TO; README.md "The
 *   market clock"), with point-in-time annual fundamentals;
 * - `live` (cloud): Yahoo Finance's chart endpoint for the WATCHED_SYMBOLS, falling back to the
 *   last stored quote. Live symbols have no fundamentals here (the shipped annual reports end in
 *   fiscal 2016; pairing them with today's prices would be stale), so they are scored on price only.
 */
export interface PriceSource {
  dataMode: 'replay' | 'live';
  provider: PriceProvider;
  /** The market's date: every price is read at one reading of it. */
  clock: MarketClock;
  /** Fundamentals known on a date, for the engine; null when the symbol has none. */
  fundamentalsFor(ticker: string, asOf: IsoDate): PointInTimeFundamentals | null;
  /** The replay data (null in live mode); the backtest runs on it. */
  universe: ReplayUniverse | null;
}

export type PriceSourceConfig = Pick<
  Config,
  | 'DATA_MODE'
  | 'REPLAY_EPOCH'
  | 'REPLAY_MS_PER_DAY'
  | 'REPLAY_FROM'
  | 'REPLAY_TO'
  | 'REPLAY_DATA_FILE'
  | 'WATCHED_SYMBOLS'
  | 'LIVE_QUOTE_BASE_URL'
>;

export interface PriceSourceOptions {
  now?: () => Date;
  /** Live mode: where the last stored quote comes from when the source fails. */
  fallback?: StoredMarketFallback;
  fetch?: typeof fetch;
}

let cachedUniverse: { key: string; universe: ReplayUniverse } | undefined;

/** Loads the replay data once per process (about 130 ms from the npm packages). */
export function loadReplayUniverseOnce(dataFile?: string): ReplayUniverse {
  const key = dataFile ?? 'packages';
  if (cachedUniverse?.key !== key) {
    cachedUniverse = {
      key,
      universe: dataFile ? loadReplayUniverseFromFile(dataFile) : loadReplayUniverse(),
    };
  }
  return cachedUniverse.universe;
}

export type ReplayClockConfig = Pick<
  Config,
  'REPLAY_EPOCH' | 'REPLAY_MS_PER_DAY' | 'REPLAY_FROM' | 'REPLAY_TO'
>;

/** The replay's market clock over the daily series of the universe, from the configuration. */
export function createReplayClockFromConfig(
  universe: ReplayUniverse,
  config: ReplayClockConfig,
): MarketClock {
  return createReplayMarketClock(selectDailySeries(universe), {
    epochMs: Date.parse(config.REPLAY_EPOCH),
    msPerDay: config.REPLAY_MS_PER_DAY,
    window: { from: config.REPLAY_FROM, to: config.REPLAY_TO },
  });
}

export function createPriceSource(config: PriceSourceConfig, options: PriceSourceOptions = {}): PriceSource {
  const now = options.now ?? (() => new Date());
  if (config.DATA_MODE === 'live') {
    return {
      dataMode: 'live',
      clock: LIVE_MARKET_CLOCK,
      provider: new YahooPriceProvider({
        baseUrl: config.LIVE_QUOTE_BASE_URL,
        symbols: config.WATCHED_SYMBOLS,
        now,
        ...(options.fetch ? { fetch: options.fetch } : {}),
        ...(options.fallback ? { fallback: options.fallback } : {}),
      }),
      fundamentalsFor: () => null,
      universe: null,
    };
  }
  const universe = loadReplayUniverseOnce(config.REPLAY_DATA_FILE);
  const clock = createReplayClockFromConfig(universe, config);
  return {
    dataMode: 'replay',
    clock,
    provider: new ReplayPriceProvider({ series: selectDailySeries(universe), clock, now }),
    fundamentalsFor: (ticker, asOf) =>
      selectFundamentalsAsOf(universe.fundamentalsBySymbol.get(ticker), asOf),
    universe,
  };
}
