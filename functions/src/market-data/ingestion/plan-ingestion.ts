import type { SeriesState } from '../../data/series-repository';
import type { BarProviderName, IngestionMessage } from './ingestion-messages';
import { pendingSeries, type InstrumentSeed } from './instruments';
import { chunk } from '../../platform/chunk';
import { PROVIDERS } from '../providers/registry';

/*
 * The planner's decision, pure (jobs/ingestion-planner.ts runs it on the stored state): which series
 * to start tracking, and which messages to send.
 *
 * - Every seed (the watched list, the replay's series) not tracked yet becomes a pending series.
 * - Every pending or active series is refreshed, in batches per provider (`backfill` for series with
 *   no bar yet, `schedule` for the others); unknown and delisted series are not.
 * - Live mode also refreshes, once a day, the reference lists (SEC ticker map, CoinGecko's coins) and
 *   the SEC facts and filings of every listed equity, once the ticker map is there to find its CIK.
 * - Each message waits a random 0..jitterSeconds before delivery, so a fleet of planners (or one every
 *   few minutes) never hits a provider at the same second.
 */

/** Symbols per bars message, each provider's own (its descriptor's `series.batchSize`). */
export const BATCH_SIZE = Object.fromEntries(
  PROVIDERS.flatMap((descriptor) =>
    descriptor.series ? [[descriptor.name, descriptor.series.batchSize]] : [],
  ),
) as Readonly<Record<BarProviderName, number>>;
export const COMPANY_BATCH_SIZE = 10;
export const REFERENCE_REFRESH_HOURS = 24;
const HOUR_MS = 3_600_000;

export interface PlannedMessage {
  body: IngestionMessage;
  delaySeconds: number;
}

export interface PlanInput {
  series: readonly SeriesState[];
  seeds: readonly InstrumentSeed[];
  /** When each reference list was last fetched (null: never). */
  referenceFetchedAt: { 'sec-tickers': string | null; 'coingecko-coins': string | null };
  live: boolean;
  now: Date;
  jitterSeconds: number;
  random?: () => number;
  fundamentalsRefreshHours?: number;
}

export interface Plan {
  newSeries: SeriesState[];
  messages: PlannedMessage[];
}

const olderThan = (iso: string | null, hours: number, now: Date) =>
  iso === null || now.getTime() - Date.parse(iso) >= hours * HOUR_MS;

export function planIngestion(input: PlanInput): Plan {
  const random = input.random ?? Math.random;
  const nowIso = input.now.toISOString();
  const jitter = () => Math.floor(random() * (input.jitterSeconds + 1));
  const known = new Set(input.series.map((state) => state.symbol));
  const newSeries = input.seeds
    .filter((seed) => !known.has(seed.symbol))
    .map((seed) => pendingSeries(seed, nowIso));
  const all = [...input.series, ...newSeries];
  const messages: PlannedMessage[] = [];

  const due = all.filter((state) => state.status === 'pending' || state.status === 'active');
  const byProvider = new Map<BarProviderName, { schedule: string[]; backfill: string[] }>();
  for (const state of due) {
    const provider = state.provider as BarProviderName;
    const group = byProvider.get(provider) ?? { schedule: [], backfill: [] };
    (state.last_date === null ? group.backfill : group.schedule).push(state.symbol);
    byProvider.set(provider, group);
  }
  for (const [provider, group] of byProvider) {
    for (const reason of ['backfill', 'schedule'] as const) {
      for (const symbols of chunk(group[reason].sort(), BATCH_SIZE[provider] ?? 20)) {
        messages.push({
          body: { kind: 'bars', provider, symbols, reason, priority: 'normal', planned_at: nowIso },
          delaySeconds: jitter(),
        });
      }
    }
  }

  if (input.live) {
    for (const dataset of ['sec-tickers', 'coingecko-coins'] as const) {
      if (olderThan(input.referenceFetchedAt[dataset], REFERENCE_REFRESH_HOURS, input.now)) {
        messages.push({ body: { kind: 'reference', dataset, planned_at: nowIso }, delaySeconds: 0 });
      }
    }
    // Companies are found by CIK in the ticker map: wait for it.
    if (input.referenceFetchedAt['sec-tickers'] !== null) {
      const companies = all
        .filter((state) => state.status === 'active' && state.asset_class === 'equity')
        .filter((state) =>
          olderThan(state.fundamentals_fetched_at, input.fundamentalsRefreshHours ?? 20, input.now),
        )
        .map((state) => state.symbol)
        .sort();
      for (const symbols of chunk(companies, COMPANY_BATCH_SIZE)) {
        messages.push({
          body: { kind: 'fundamentals', symbols, priority: 'normal', planned_at: nowIso },
          delaySeconds: jitter(),
        });
      }
    }
  }
  return { newSeries, messages };
}
