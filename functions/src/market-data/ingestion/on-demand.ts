import type { ReferenceRepository } from '../../data/reference-repository';
import type { SeriesRepository, SeriesState } from '../../data/series-repository';
import { lookupCik, lookupCoinId } from './reference-lookup';
import type { IngestionQueue } from './ingestion-queue';
import { assetClassOfSymbol, liveSeed, pendingSeries } from './instruments';
import type { PlannedMessage } from './plan-ingestion';

/*
 * The on-demand backfill of a listed symbol a person asks for (live mode): the series is created
 * pending in the stored market (once: the write is conditioned on its absence) and a high-priority
 * message asks the ingestion worker for two years of bars and, for a company, its SEC facts and
 * filings. The priority queue has its own event source, so the backfill does not wait behind the
 * planner's scheduled batches. The planner refreshes the series afterwards like every other.
 *
 * A pending series whose messages were lost (a queue restarted) is asked for again once it has waited
 * RESEND_AFTER_MS; a message delivered twice fetches once (the worker skips a series fetched after the
 * message was planned).
 */

export const RESEND_AFTER_MS = 10 * 60_000;
export const ON_DEMAND_REQUESTER = 'on-demand';

export interface OnDemandDeps {
  series: Pick<SeriesRepository, 'getSeries' | 'putSeries'>;
  reference: Pick<ReferenceRepository, 'getChunk' | 'listChunks'>;
  queue: Pick<IngestionQueue, 'send'>;
  now: () => Date;
}

export interface OnDemandBackfill {
  state(symbol: string): Promise<SeriesState | null>;
  /** Listed by one of the sources' own lists (SEC tickers, CoinGecko's coins) or by its symbol's shape. */
  isListed(symbol: string): Promise<boolean>;
  /** Starts tracking the symbol and asks for its backfill; the state as it stands after. */
  request(symbol: string): Promise<SeriesState>;
}

function backfillMessages(state: SeriesState, plannedAt: string): PlannedMessage[] {
  const messages: PlannedMessage[] = [
    {
      body: {
        kind: 'bars',
        provider: 'yahoo',
        symbols: [state.symbol],
        reason: 'backfill',
        priority: 'high',
        planned_at: plannedAt,
      },
      delaySeconds: 0,
    },
  ];
  if (state.asset_class === 'equity') {
    messages.push({
      body: { kind: 'fundamentals', symbols: [state.symbol], priority: 'high', planned_at: plannedAt },
      delaySeconds: 0,
    });
  }
  return messages;
}

export function createOnDemandBackfill(deps: OnDemandDeps): OnDemandBackfill {
  return {
    state: (symbol) => deps.series.getSeries(symbol.toUpperCase()),

    async isListed(symbol) {
      const wanted = symbol.toUpperCase();
      const assetClass = assetClassOfSymbol(wanted);
      // Indices, futures and FX pairs have no list of their own: the provider decides (no history).
      if (assetClass === 'index' || assetClass === 'commodity' || assetClass === 'fx') return true;
      if (assetClass === 'crypto') {
        const coinId = await lookupCoinId(deps.reference, wanted.replace(/-(USD|USDT|EUR)$/, ''));
        // The coin list is not stored yet: the symbol's shape is all there is to go on.
        return coinId !== null;
      }
      return (await lookupCik(deps.reference, wanted)) !== null;
    },

    async request(symbol) {
      const wanted = symbol.toUpperCase();
      const now = deps.now();
      const existing = await deps.series.getSeries(wanted);
      if (existing) {
        const waited = now.getTime() - Date.parse(existing.requested_at);
        const neverFetched = existing.status === 'pending' && existing.attempted_at === null;
        if (neverFetched && waited >= RESEND_AFTER_MS) {
          await deps.queue.send(backfillMessages(existing, now.toISOString()));
        }
        return existing;
      }
      const state = pendingSeries(liveSeed(wanted, ON_DEMAND_REQUESTER), now.toISOString());
      if (!(await deps.series.putSeries(state))) {
        // Someone else asked at the same moment: theirs is the request that sent the messages.
        return (await deps.series.getSeries(wanted)) ?? state;
      }
      await deps.queue.send(backfillMessages(state, now.toISOString()));
      return state;
    },
  };
}
