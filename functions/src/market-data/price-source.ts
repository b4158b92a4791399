import type { Config } from '../config';
import { selectFundamentalsAsOf } from '../engine/point-in-time';
import {
  describeFromCatalogue,
  loadReplayUniverse,
  loadReplayUniverseFromFile,
  readReplayCatalogue,
  selectDailySeries,
  type ReplayUniverse,
} from './providers/replay';
import { createPricesRepository, type PricesRepository } from '../data/prices-repository';
import { createSeriesRepository, type SeriesRepository, type SeriesState } from '../data/series-repository';
import { createFundamentalsRepository, type FundamentalsRepository } from '../data/fundamentals-repository';
import { createStoredFundamentalsReader } from './stored-fundamentals';
import { createDocumentClient } from '../platform/dynamo-client';
import { StoredMarketProvider, type SeriesDescription } from './stored-market-provider';
import { seriesProviderOf } from './providers/registry';
import { yahooProvider } from './providers/yahoo';
import { createReplayMarketClock, LIVE_MARKET_CLOCK, type MarketClock } from './market-clock';
import type { PriceProvider } from './price-provider';
import type { IsoDate, PointInTimeFundamentals } from '../engine/types';

/**
 * The one place that picks the price source from DATA_MODE. Prices are read from the stored market
 * in both modes (one price path; README.md "The replay provider"):
 * - `replay` (default, offline): the real history that ships with the project, which the replay
 *   loader stored (ingestion/load-replay.ts), read at one market clock's date (REPLAY_EPOCH,
 *   REPLAY_MS_PER_DAY, REPLAY_FROM, REPLAY_TO; README.md "The market clock"), with point-in-time
 *   annual fundamentals;
 * - `live` (cloud): the stored market the ingestion worker fills from Yahoo, CoinGecko and SEC EDGAR
 *   (stored-market-provider.ts); nothing calls a provider during a request. Fundamentals are the SEC
 *   facts it stored, point in time by filing date (stored-fundamentals.ts); a symbol that does not
 *   file with the SEC (an ETF, a coin, a foreign listing) is scored on price only.
 */
export interface PriceSource {
  dataMode: 'replay' | 'live';
  provider: PriceProvider;
  /** The provider reads the stored market (the ingestion worker filled it): the price poll stores nothing. */
  readsStore: boolean;
  /** The market's date: every price is read at one reading of it. */
  clock: MarketClock;
  /** Fundamentals known on a date, for the engine; null when the symbol has none. */
  fundamentalsFor(ticker: string, asOf: IsoDate): Promise<PointInTimeFundamentals | null>;
  /** The replay data (null in live mode); the backtest runs on it. */
  universe: ReplayUniverse | null;
}

export type PriceSourceConfig = Partial<Pick<Config, 'REPLAY_SYMBOLS'>> &
  Pick<
    Config,
    | 'DATA_MODE'
    | 'REPLAY_EPOCH'
    | 'REPLAY_MS_PER_DAY'
    | 'REPLAY_FROM'
    | 'REPLAY_TO'
    | 'REPLAY_DATA_FILE'
    | 'AWS_REGION'
    | 'DYNAMODB_ENDPOINT'
    | 'TABLE_MARKET'
  >;

export interface PriceSourceOptions {
  now?: () => Date;
  /** The stored market's repositories (built from the config when absent). */
  store?: { prices: PricesRepository; series: SeriesRepository; fundamentals: FundamentalsRepository };
}

/**
 * A live series' provenance, from the descriptor of the provider that fills it (providers/registry.ts).
 * A series of a provider never called live (a replayed symbol outside the catalogue) reads as Yahoo's,
 * the provider that would fill it in live mode.
 */
export function describeLiveSeries(state: SeriesState): SeriesDescription {
  const filler = seriesProviderOf(state.provider);
  const provider = filler?.live ? filler.description : yahooProvider.description;
  return {
    ticker: state.symbol,
    has_ohlc: filler?.series.hasOhlc ?? true,
    has_volume: state.asset_class !== 'index' && state.asset_class !== 'fx',
    source: {
      package: provider.title,
      version: 'live',
      file: state.provider_id,
      licence: `${provider.title} terms of use`,
      origin: provider.title,
      notes: provider.terms,
    },
  };
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

function storeOf(config: PriceSourceConfig): {
  prices: PricesRepository;
  series: SeriesRepository;
  fundamentals: FundamentalsRepository;
} {
  const client = createDocumentClient(config);
  return {
    prices: createPricesRepository(client, config.TABLE_MARKET),
    series: createSeriesRepository(client, config.TABLE_MARKET),
    fundamentals: createFundamentalsRepository(client, config.TABLE_MARKET),
  };
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
    const store = options.store ?? storeOf(config);
    return {
      dataMode: 'live',
      readsStore: true,
      clock: LIVE_MARKET_CLOCK,
      provider: new StoredMarketProvider({ ...store, now, describe: describeLiveSeries }),
      fundamentalsFor: createStoredFundamentalsReader(store),
      universe: null,
    };
  }
  const universe = loadReplayUniverseOnce(config.REPLAY_DATA_FILE);
  const clock = createReplayClockFromConfig(universe, config);
  const store = options.store ?? storeOf(config);
  const described = replayDescriptions(universe, config.REPLAY_SYMBOLS);
  return {
    dataMode: 'replay',
    readsStore: true,
    clock,
    provider: new StoredMarketProvider({
      ...store,
      now,
      replayDate: () => clock.at(now()).date,
      describe: (state) => described.get(state.symbol) ?? describeLiveSeries(state),
    }),
    fundamentalsFor: async (ticker, asOf) =>
      selectFundamentalsAsOf(universe.fundamentalsBySymbol.get(ticker), asOf),
    universe,
  };
}

/** The replayed series' descriptions by symbol, read once per process from the catalogue (no bars). */
function replayDescriptions(
  universe: ReplayUniverse,
  symbols: readonly string[] | undefined,
): Map<string, SeriesDescription> {
  const catalogue = readReplayCatalogue({ packaged: selectDailySeries(universe), symbols });
  return new Map(catalogue.map((entry) => [entry.symbol, describeFromCatalogue(entry)]));
}
