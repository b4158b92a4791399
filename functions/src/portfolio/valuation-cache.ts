import { LRUCache } from 'lru-cache';

/**
 * Portfolio valuations this process computed, by user, ledger version, market date and benchmark
 * (docs/product.md "One valuation"): the dashboard, the portfolio page, the transactions page and the
 * reports read the same valuation, so a repeated read of an unchanged ledger on the same date does not
 * read the bars or walk the ledger again. Replay only, once the date is graded: a replayed date's closes
 * and grades never change after that, while a live date's quote moves with every price poll.
 */

/** Valuations kept per process (a few hundred users' portfolios; each holds its analysis). */
export const VALUATIONS_KEPT = 200;

export interface ValuationKey {
  userId: string;
  ledgerVersion: number;
  marketDate: string;
  indexSymbol: string | null;
}

export function createValuationCache<Model extends object>(max = VALUATIONS_KEPT) {
  const kept = new LRUCache<string, Promise<Model>>({ max });
  return {
    /** The kept valuation of `key`, or `compute()`'s, kept unless it fails. Concurrent reads share one. */
    read(key: ValuationKey, compute: () => Promise<Model>): Promise<Model> {
      const id = [key.userId, key.ledgerVersion, key.marketDate, key.indexSymbol ?? ''].join('|');
      const found = kept.get(id);
      if (found) return found;
      const computed = compute();
      kept.set(id, computed);
      computed.catch(() => kept.delete(id));
      return computed;
    },
    size: () => kept.size,
  };
}
