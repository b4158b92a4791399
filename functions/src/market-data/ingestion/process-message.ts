import type { FundamentalsRepository } from '../../data/fundamentals-repository';
import type { PricesRepository } from '../../data/prices-repository';
import type { ReferenceRepository } from '../../data/reference-repository';
import type { SeriesRepository, SeriesState } from '../../data/series-repository';
import type { IsoDate } from '../../engine/types';
import type { BarsProvider } from '../bars-provider';
import { ProviderUnavailableError, SymbolNotListedError } from '../provider-errors';
import type { CoinGeckoProvider } from '../providers/coingecko';
import type { SecCompanyData } from '../providers/sec-edgar';
import { ingestCoinList, ingestCompany, ingestSecTickers, updateSeries } from './ingest-company';
import { lookupCoinId } from './reference-lookup';
import { ingestSeries, REFERENCE_INDEX, type SeriesOutcome } from './ingest-series';
import type { BarProviderName, BarsMessage, IngestionMessage } from './ingestion-messages';
import type { SharedProviderGuard } from './shared-provider-guard';

/*
 * The ingestion worker's work on one message (jobs/ingestion-worker.ts feeds it from the queue).
 * Symbols of a message run a few at a time; each either finishes (stored, skipped, not listed) or
 * leaves its provider unavailable. When any symbol's provider was unavailable the message fails as
 * a whole and comes back after the queue's visibility timeout: the symbols that finished are skipped
 * then (their state says they were fetched after the message was planned).
 *
 * A coin Yahoo does not list (SOL-USD may be missing, smaller coins often are) moves to CoinGecko
 * when CoinGecko's coin list knows its ticker.
 */

export interface IngestionWorkerDeps {
  prices: PricesRepository;
  series: Pick<SeriesRepository, 'getSeries' | 'getManySeries' | 'putSeries'>;
  fundamentals: Pick<FundamentalsRepository, 'putConceptsIfChanged' | 'putFilings' | 'listFilings'>;
  reference: Pick<ReferenceRepository, 'getChunk' | 'putChunks' | 'listChunks'>;
  barsProvider: (name: BarProviderName) => BarsProvider | null;
  coingecko: CoinGeckoProvider | null;
  sec: SecCompanyData | null;
  /** Flushed after every message: their request counts feed the admin monitor. */
  guards: readonly SharedProviderGuard[];
  now: () => Date;
  /** Symbols of one message fetched at once (the shared rate limit spaces the requests anyway). */
  symbolConcurrency: number;
}

export interface MessageOutcome {
  symbols: SeriesOutcome[];
  companies: number;
  referenceEntries: number;
}

async function forEachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const runners = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  });
  await Promise.all(runners);
}

function referenceDatesOf(deps: IngestionWorkerDeps) {
  const cache = new Map<string, Promise<ReadonlySet<IsoDate> | null>>();
  return (from: IsoDate, to: IsoDate) => {
    const key = `${from}|${to}`;
    let dates = cache.get(key);
    if (!dates) {
      dates = deps.prices
        .getStoredBars(REFERENCE_INDEX, from, to)
        .then((bars) => (bars.length > 0 ? new Set(bars.map((bar) => bar.date)) : null));
      cache.set(key, dates);
    }
    return dates;
  };
}

async function moveCoinToCoinGecko(
  deps: IngestionWorkerDeps,
  state: SeriesState,
): Promise<SeriesState | null> {
  if (state.asset_class !== 'crypto' || !deps.coingecko) return null;
  const ticker = state.symbol.replace(/-USD$/, '');
  let coinId = await lookupCoinId(deps.reference, ticker);
  if (coinId === undefined) {
    // The coin list is not stored yet (the planner asks for it in the same run): fetch it now.
    await ingestCoinList({ ...deps, coingecko: deps.coingecko });
    coinId = await lookupCoinId(deps.reference, ticker);
  }
  if (!coinId) return null;
  await updateSeries(deps.series, state.symbol, () => ({
    provider: 'coingecko',
    provider_id: coinId,
    status: 'pending',
    status_reason: null,
  }));
  return deps.series.getSeries(state.symbol);
}

async function processBars(
  deps: IngestionWorkerDeps,
  message: BarsMessage,
  outcome: MessageOutcome,
): Promise<Error[]> {
  const states = await deps.series.getManySeries(message.symbols);
  const referenceDates = referenceDatesOf(deps);
  const failures: Error[] = [];
  await forEachLimited(message.symbols, deps.symbolConcurrency, async (symbol) => {
    let state = states.get(symbol) ?? null;
    for (let hop = 0; state && hop < 2; hop += 1) {
      const provider = deps.barsProvider(state.provider as BarProviderName);
      if (!provider) return;
      try {
        const result = await ingestSeries({ ...deps, provider, referenceDates }, state, message.planned_at);
        outcome.symbols.push(result);
        if (result.result !== 'not-listed' || state.provider !== 'yahoo') return;
        state = await moveCoinToCoinGecko(deps, state);
      } catch (error: unknown) {
        if (error instanceof ProviderUnavailableError) {
          failures.push(error);
          return;
        }
        throw error;
      }
    }
  });
  return failures;
}

async function processFundamentals(
  deps: IngestionWorkerDeps,
  symbols: readonly string[],
  outcome: MessageOutcome,
): Promise<Error[]> {
  const sec = deps.sec;
  if (!sec) return [];
  const states = await deps.series.getManySeries(symbols);
  const failures: Error[] = [];
  await forEachLimited(symbols, deps.symbolConcurrency, async (symbol) => {
    const state = states.get(symbol);
    if (!state) return;
    try {
      if ((await ingestCompany({ ...deps, sec }, state)) === 'stored') outcome.companies += 1;
    } catch (error: unknown) {
      if (error instanceof ProviderUnavailableError) failures.push(error);
      else if (!(error instanceof SymbolNotListedError)) throw error;
    }
  });
  return failures;
}

export async function processIngestionMessage(
  deps: IngestionWorkerDeps,
  message: IngestionMessage,
): Promise<MessageOutcome> {
  const outcome: MessageOutcome = { symbols: [], companies: 0, referenceEntries: 0 };
  let failures: Error[] = [];
  try {
    if (message.kind === 'bars') failures = await processBars(deps, message, outcome);
    else if (message.kind === 'fundamentals')
      failures = await processFundamentals(deps, message.symbols, outcome);
    else if (message.dataset === 'sec-tickers' && deps.sec) {
      outcome.referenceEntries = await ingestSecTickers({ ...deps, sec: deps.sec });
    } else if (message.dataset === 'coingecko-coins' && deps.coingecko) {
      outcome.referenceEntries = await ingestCoinList({ ...deps, coingecko: deps.coingecko });
    }
  } finally {
    await Promise.all(deps.guards.map((guard) => guard.flush()));
  }
  const first = failures[0];
  if (first) {
    const retryAfter = Math.max(
      ...failures.map((error) => (error instanceof ProviderUnavailableError ? (error.retryAfterMs ?? 0) : 0)),
    );
    throw new ProviderUnavailableError(
      first instanceof ProviderUnavailableError ? first.provider : 'unknown',
      retryAfter > 0 ? retryAfter : null,
      first instanceof ProviderUnavailableError ? first.kind : 'failing',
      `${failures.length} symbol(s) left for a later delivery: ${first.message}`,
    );
  }
  return outcome;
}
