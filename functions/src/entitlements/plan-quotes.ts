import { DELAYED_PRICE_MINUTES, TIER_CATALOGUE } from '@app/shared/domain/catalogue/tiers';
import type { Tier } from '@app/shared/domain/enums';
import type { PricesRepository } from '../data/prices-repository';
import type { StoredQuote } from '../data/stored-prices';

/**
 * The quotes a plan is served (subscription README, "Entitlements", price_updates). In live mode a
 * plan with delayed prices (FREE) reads each quote as it was DELAYED_PRICE_MINUTES ago, from the timed
 * copies the price poll keeps; answers say so with `delayedMinutes`. In replay every plan reads the
 * replay date's bar: a replayed price is history already, and delaying it would only desynchronise
 * the screens of one market date.
 */

export type QuoteSource = Pick<PricesRepository, 'getQuote' | 'getQuotes' | 'getQuoteAsOf'>;

export interface PlanQuotes {
  getQuote(symbol: string): Promise<StoredQuote | null>;
  getQuotes(symbols: readonly string[]): Promise<Map<string, StoredQuote>>;
  /** Minutes the served quotes are behind the feed; null when they are not (real time, or replay). */
  delayedMinutes: number | null;
}

export function isDelayedPlan(tier: Tier, dataMode: 'replay' | 'live'): boolean {
  return dataMode === 'live' && TIER_CATALOGUE[tier].features.price_updates === 'delayed';
}

export function planQuotes(
  prices: QuoteSource,
  tier: Tier,
  dataMode: 'replay' | 'live',
  now: () => Date,
): PlanQuotes {
  if (!isDelayedPlan(tier, dataMode)) {
    return {
      getQuote: (symbol) => prices.getQuote(symbol),
      getQuotes: (symbols) => prices.getQuotes(symbols),
      delayedMinutes: null,
    };
  }
  const delayedQuote = async (symbol: string, latest?: StoredQuote | null): Promise<StoredQuote | null> => {
    const instant = new Date(now().getTime() - DELAYED_PRICE_MINUTES * 60_000);
    const current = latest === undefined ? await prices.getQuote(symbol) : latest;
    // A quote stored before the instant is still the one the feed showed then (it is rewritten only
    // when it changes); a newer one is replaced by the last copy stored before the instant.
    if (current && Date.parse(current.updated_at) <= instant.getTime()) return current;
    return prices.getQuoteAsOf(symbol, instant);
  };
  return {
    getQuote: (symbol) => delayedQuote(symbol),
    getQuotes: async (symbols) => {
      const latest = await prices.getQuotes(symbols);
      const entries = await Promise.all(
        symbols.map(
          async (symbol) => [symbol, await delayedQuote(symbol, latest.get(symbol) ?? null)] as const,
        ),
      );
      return new Map(entries.flatMap(([symbol, quote]) => (quote ? [[symbol, quote] as const] : [])));
    },
    delayedMinutes: DELAYED_PRICE_MINUTES,
  };
}
