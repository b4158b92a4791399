import type { FundamentalsRepository, StoredConcept } from '../data/fundamentals-repository';
import type { SeriesRepository } from '../data/series-repository';
import type { IsoDate, PointInTimeFundamentals } from '../engine/types';
import { secFundamentalsAsOf } from './providers/sec-edgar/sec-fundamentals';

/*
 * Live mode's fundamentals: the SEC facts the ingestion worker stored for the symbol's CIK (the
 * series records it; null for a symbol that does not file with the SEC), read point in time by
 * filing date. A company's facts change at most once a day, so they are cached for minutes.
 */

export interface StoredFundamentalsOptions {
  series: Pick<SeriesRepository, 'getSeries'>;
  fundamentals: Pick<FundamentalsRepository, 'listConcepts'>;
  cacheMs?: number;
}

const CACHE_LIMIT = 500;

export function createStoredFundamentalsReader(
  options: StoredFundamentalsOptions,
): (ticker: string, asOf: IsoDate) => Promise<PointInTimeFundamentals | null> {
  const cacheMs = options.cacheMs ?? 10 * 60_000;
  const cache = new Map<string, { at: number; concepts: Promise<StoredConcept[]> }>();

  function conceptsOf(cik: string): Promise<StoredConcept[]> {
    const entry = cache.get(cik);
    if (entry && Date.now() - entry.at < cacheMs) return entry.concepts;
    const concepts = options.fundamentals.listConcepts(cik);
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
    cache.set(cik, { at: Date.now(), concepts });
    concepts.catch(() => cache.delete(cik));
    return concepts;
  }

  return async (ticker, asOf) => {
    const state = await options.series.getSeries(ticker.toUpperCase());
    if (!state?.cik) return null;
    return secFundamentalsAsOf(state.symbol, await conceptsOf(state.cik), asOf);
  };
}
