import type { FundamentalsRepository, StoredConcept } from '../data/fundamentals-repository';
import type { SeriesRepository } from '../data/series-repository';
import type { IsoDate, PointInTimeFundamentals } from '../engine/types';
import { secFundamentalsAsOf } from './providers/sec-edgar';

/*
 * Live mode's fundamentals: the SEC facts the ingestion worker stored for the symbol's CIK (the
 * series records it; null for a symbol that does not file with the SEC), read point in time by
 * filing date. The facts are cached per fetch of them (the series records when they were fetched), so
 * a refresh by the worker is read at once; the series' CIK and fetch time are re-read every
 * `seriesCacheMs`.
 */

export interface StoredFundamentalsOptions {
  series: Pick<SeriesRepository, 'getSeries'>;
  fundamentals: Pick<FundamentalsRepository, 'listConcepts'>;
  cacheMs?: number;
  seriesCacheMs?: number;
}

const CACHE_LIMIT = 500;

export function createStoredFundamentalsReader(
  options: StoredFundamentalsOptions,
): (ticker: string, asOf: IsoDate) => Promise<PointInTimeFundamentals | null> {
  const cacheMs = options.cacheMs ?? 60 * 60_000;
  const seriesCacheMs = options.seriesCacheMs ?? 10_000;
  const concepts = new Map<string, { at: number; value: Promise<StoredConcept[]> }>();
  const filers = new Map<string, { at: number; value: Promise<{ cik: string; fetchedAt: string } | null> }>();

  function cached<T>(
    cache: Map<string, { at: number; value: Promise<T> }>,
    key: string,
    ttl: number,
    load: () => Promise<T>,
  ) {
    const entry = cache.get(key);
    if (entry && Date.now() - entry.at < ttl) return entry.value;
    const value = load();
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
    cache.set(key, { at: Date.now(), value });
    value.catch(() => cache.delete(key));
    return value;
  }

  return async (ticker, asOf) => {
    const symbol = ticker.toUpperCase();
    const filer = await cached(filers, symbol, seriesCacheMs, async () => {
      const state = await options.series.getSeries(symbol);
      if (state?.cik && state.fundamentals_fetched_at) {
        return { cik: state.cik, fetchedAt: state.fundamentals_fetched_at };
      }
      // A company whose facts are still being fetched is asked again next time, not in 10 s.
      if (state && state.asset_class === 'equity' && state.fundamentals_fetched_at === null) {
        filers.delete(symbol);
      }
      return null;
    });
    if (!filer) return null;
    const facts = await cached(concepts, `${filer.cik}|${filer.fetchedAt}`, cacheMs, () =>
      options.fundamentals.listConcepts(filer.cik),
    );
    return secFundamentalsAsOf(symbol, facts, asOf);
  };
}
