import type { z } from 'zod';
import type { ProviderStatusSchema, SeriesQualityFlagSchema } from '@app/shared/domain/entities/admin';
import type { DataQuality } from '@app/shared/domain/enums';
import type { ProviderStateRepository } from '../data/provider-state-repository';
import type { SeriesRepository, SeriesState } from '../data/series-repository';
import { assessStaleness } from '../market-data/quality/series-quality';

/*
 * What the admin price monitor shows of the market data platform (infra/README.md "The stored
 * market"): per provider, the requests, throttled answers and failures of the last hour and its
 * shared breaker; per series, the date of its price, whether it is replayed, stale, complete, and its
 * quality flags. A series is judged by these, so a stale or replayed price never reads as a fresh one.
 */

export type ProviderStatus = z.input<typeof ProviderStatusSchema>;
type QualityFlag = z.input<typeof SeriesQualityFlagSchema>;

export interface MarketPlatformDeps {
  series: Pick<SeriesRepository, 'listSeries'>;
  providerState: Pick<ProviderStateRepository, 'listCounts' | 'getBreaker'>;
  /** The providers the worker calls (none in replay mode). */
  providers: readonly string[];
  breakerOpenSeconds: number;
  dataMode: 'live' | 'replay';
  now: () => Date;
}

const HOUR_MS = 3_600_000;
const minuteOf = (epochMs: number) => new Date(epochMs).toISOString().slice(0, 16);
const KNOWN_FLAGS = new Set(['STALE', 'INCOMPLETE', 'UNCONFIRMED_MOVE', 'REJECTED_BARS', 'PROVIDER_FAILING']);

export async function readProviderStatuses(deps: MarketPlatformDeps): Promise<ProviderStatus[]> {
  const now = deps.now().getTime();
  return Promise.all(
    deps.providers.map(async (name) => {
      const [counts, breaker] = await Promise.all([
        deps.providerState.listCounts(name, minuteOf(now - HOUR_MS), minuteOf(now)),
        deps.providerState.getBreaker(name),
      ]);
      const sum = (field: 'requests' | 'throttled' | 'failed') =>
        counts.reduce((total, count) => total + count[field], 0);
      const openedAt = breaker?.state === 'open' ? breaker.opened_at : null;
      const state =
        openedAt === null
          ? 'closed'
          : now - openedAt >= deps.breakerOpenSeconds * 1000
            ? 'half-open'
            : 'open';
      return {
        name,
        requests_last_hour: sum('requests'),
        throttled_last_hour: sum('throttled'),
        failed_last_hour: sum('failed'),
        breaker_state: state,
        breaker_opened_at: openedAt === null ? null : new Date(openedAt).toISOString(),
      };
    }),
  );
}

export interface SeriesFields {
  as_of: string | null;
  mode: 'live' | 'replay' | null;
  stale: boolean;
  status: SeriesState['status'] | null;
  provider: string | null;
  completeness: number | null;
  quality_flags: QualityFlag[];
}

/** The series' own view, with staleness judged now (a series nobody refreshed turns stale by itself). */
export function seriesFieldsOf(state: SeriesState | undefined, now: Date): SeriesFields {
  if (!state) {
    return {
      as_of: null,
      mode: null,
      stale: false,
      status: null,
      provider: null,
      completeness: null,
      quality_flags: [],
    };
  }
  const staleness =
    state.as_of && state.mode === 'live' ? assessStaleness(state.calendar, state.as_of, now) : null;
  const flags = state.quality_flags.filter((flag) => KNOWN_FLAGS.has(flag.code) && flag.code !== 'STALE');
  if (staleness?.stale)
    flags.unshift({ code: 'STALE', date: state.as_of as string, value: staleness.missed });
  return {
    as_of: state.as_of,
    mode: state.mode,
    stale: staleness?.stale ?? false,
    status: state.status,
    provider: state.provider,
    completeness: state.completeness,
    quality_flags: flags as QualityFlag[],
  };
}

const RANK: Record<DataQuality, number> = { good: 0, warning: 1, poor: 2 };

/**
 * The poll's quality of the recent bars, lowered by what the series' state says: not listed is poor,
 * a first fetch under way or any quality flag is at least a warning, three sessions missed is poor.
 */
export function qualityOf(base: DataQuality | null, fields: SeriesFields): DataQuality {
  let quality: DataQuality = base ?? (fields.status === 'pending' ? 'warning' : 'poor');
  const atLeast = (level: DataQuality) => {
    if (RANK[level] > RANK[quality]) quality = level;
  };
  if (fields.status === 'unknown' || fields.status === 'delisted') atLeast('poor');
  if (fields.status === 'pending' || fields.quality_flags.length > 0) atLeast('warning');
  const stale = fields.quality_flags.find((flag) => flag.code === 'STALE');
  if (stale && (stale.value ?? 0) >= 3) atLeast('poor');
  return quality;
}

export async function listTrackedSeries(deps: MarketPlatformDeps): Promise<Map<string, SeriesState>> {
  return new Map((await deps.series.listSeries()).map((state) => [state.symbol, state]));
}
