import type { Bar } from '../engine/types';
import type { FeedHealth, FeedHealthRepository } from '../data/feed-health-repository';
import type { JobRunRecord, JobRunsRepository } from '../data/job-runs-repository';
import type { MarketAlertsRepository, StoredMarketAlert } from '../data/market-alerts-repository';
import { type PricesRepository } from '../data/prices-repository';
import { monthOf } from '../data/bar-months';
import type { StoredBar, StoredQuote } from '../data/stored-prices';
import type {
  LastRecommendationMarker,
  QueuedRecommendation,
  RecommendationQueueRepository,
} from '../data/recommendation-queue-repository';
import type { DailyScore } from '../engine/score-history';
import type { ScoreHistoryRepository } from '../data/score-history-repository';

/**
 * The market table's repositories in memory, with the same conditional semantics as the DynamoDB
 * ones (a quote is stored only when it changed, a recommendation is queued only when the action
 * changed in its cycle and supersedes the symbol's pending one, an alert is raised once per cycle,
 * bar and kind). For unit tests of the price poll and the ai
 * area, and for the bench. Spread it into a service's deps: the field names are the deps' names.
 */
export interface InMemoryMarketStore {
  prices: PricesRepository;
  feedHealth: FeedHealthRepository;
  marketAlerts: MarketAlertsRepository;
  jobRuns: JobRunsRepository;
  recommendationQueue: Pick<
    RecommendationQueueRepository,
    | 'enqueueSuperseding'
    | 'getLastRecommendation'
    | 'getLastRecommendations'
    | 'getRecommendationStatuses'
    | 'recordMarkerStatuses'
  >;
  scoreHistory: ScoreHistoryRepository;
  /** Everything stored, as plain data, for assertions. */
  snapshot(): {
    quotes: Record<string, StoredQuote>;
    bars: Record<string, StoredBar[]>;
    health: Record<string, FeedHealth>;
    lastRecommendations: Record<string, LastRecommendationMarker>;
    queue: QueuedRecommendation[];
    alerts: StoredMarketAlert[];
    jobRuns: Record<string, JobRunRecord>;
  };
}

const clone = <T>(value: T): T => structuredClone(value);

export function createInMemoryMarketStore(): InMemoryMarketStore {
  const quotes = new Map<string, StoredQuote>();
  /** Live quotes as stored over time (the table keeps them an hour; tests run shorter). */
  const history: StoredQuote[] = [];
  const bars = new Map<string, Map<string, StoredBar>>();
  const health = new Map<string, FeedHealth>();
  const lastRecommendations = new Map<string, LastRecommendationMarker>();
  const queue = new Map<string, QueuedRecommendation>();
  const alertMarkers = new Set<string>();
  const alerts = new Map<string, StoredMarketAlert>();
  const jobRuns = new Map<string, JobRunRecord>();
  const scores = new Map<string, DailyScore>();
  const scoreRanges = new Map<string, { from: string; through: string }>();

  return {
    scoreHistory: {
      async getRange(symbol) {
        return clone(scoreRanges.get(symbol) ?? null);
      },
      async putNewDays(symbol, days) {
        let written = 0;
        for (const day of days) {
          const key = `${symbol}|${day.date}`;
          if (scores.has(key)) continue;
          scores.set(key, clone(day));
          written += 1;
          const range = scoreRanges.get(symbol);
          scoreRanges.set(symbol, {
            from: range && range.from < day.date ? range.from : day.date,
            through: range && range.through > day.date ? range.through : day.date,
          });
        }
        return written;
      },
      async listDays(symbol, from, to) {
        return [...scores.values()]
          .filter((day) => day.symbol === symbol && day.date >= from && day.date <= to)
          .sort((a, b) => a.date.localeCompare(b.date))
          .map(clone);
      },
    },
    prices: {
      async getQuote(symbol) {
        const quote = quotes.get(symbol);
        return quote ? clone(quote) : null;
      },
      async getQuotes(symbols) {
        return new Map(
          symbols.flatMap((symbol) => {
            const quote = quotes.get(symbol);
            return quote ? [[symbol, clone(quote)] as const] : [];
          }),
        );
      },
      async putQuoteIfChanged(quote) {
        const stored = quotes.get(quote.symbol);
        if (
          stored &&
          stored.as_of === quote.as_of &&
          stored.market_date === quote.market_date &&
          stored.price === quote.price &&
          stored.stale === quote.stale
        ) {
          return false;
        }
        quotes.set(quote.symbol, clone(quote));
        if (quote.mode === 'live') history.push(clone(quote));
        return true;
      },
      async getQuoteAsOf(symbol, instant) {
        const asOf = instant.toISOString();
        const older = history.filter((entry) => entry.symbol === symbol && entry.updated_at <= asOf);
        const newest = older.sort((a, b) => b.updated_at.localeCompare(a.updated_at))[0];
        return newest ? clone(newest) : null;
      },
      async mergeBars(symbol, newBars, options = {}) {
        const series = bars.get(symbol) ?? new Map<string, StoredBar>();
        const months = new Set<string>();
        let datesWritten = 0;
        const { replace } = options;
        if (replace) {
          const incoming = new Set(newBars.map((bar) => bar.date));
          for (const date of [...series.keys()]) {
            if (date >= replace.from && date <= replace.to && !incoming.has(date)) {
              series.delete(date);
              months.add(monthOf(date));
              datesWritten += 1;
            }
          }
        }
        for (const bar of newBars) {
          const current = series.get(bar.date);
          if (
            current &&
            JSON.stringify({ ...current, fetched_at: '' }) === JSON.stringify({ ...bar, fetched_at: '' })
          )
            continue;
          series.set(bar.date, clone(bar));
          months.add(monthOf(bar.date));
          datesWritten += 1;
        }
        bars.set(symbol, series);
        return { datesWritten, monthsWritten: months.size };
      },
      async putWholeYears(entries) {
        let written = 0;
        for (const { symbol, bars: newBars } of entries) {
          const series = bars.get(symbol) ?? new Map<string, StoredBar>();
          const years = new Set(newBars.map((bar) => bar.date.slice(0, 4)));
          for (const date of [...series.keys()]) if (years.has(date.slice(0, 4))) series.delete(date);
          for (const bar of newBars) series.set(bar.date, clone(bar));
          bars.set(symbol, series);
          written += years.size;
        }
        return written;
      },
      async getStoredBars(symbol, from, to) {
        return [...(bars.get(symbol)?.values() ?? [])]
          .filter((bar) => bar.date >= from && bar.date <= to)
          .sort((a, b) => a.date.localeCompare(b.date))
          .map(clone);
      },
      async getBars(symbol, from, to) {
        return [...(bars.get(symbol)?.values() ?? [])]
          .filter((bar) => bar.date >= from && bar.date <= to)
          .sort((a, b) => a.date.localeCompare(b.date))
          .map(({ date, open, high, low, close, volume }) => {
            const bar: Bar = { date, close };
            if (open !== undefined) bar.open = open;
            if (high !== undefined) bar.high = high;
            if (low !== undefined) bar.low = low;
            if (volume !== undefined) bar.volume = volume;
            return bar;
          });
      },
    },
    feedHealth: {
      async getHealth(symbol) {
        const record = health.get(symbol);
        return record ? clone(record) : null;
      },
      async listFeedHealth() {
        return [...health.values()].sort((a, b) => a.symbol.localeCompare(b.symbol)).map(clone);
      },
      async putHealth(record) {
        health.set(record.symbol, clone(record));
      },
    },
    marketAlerts: {
      async putAlertOnce(alert, kind) {
        const marker = `${alert.symbol}#${alert.cycle_id}#${alert.as_of}#${kind}`;
        if (alertMarkers.has(marker)) return false;
        alertMarkers.add(marker);
        alerts.set(`${alert.published_time}#${alert.alert_id}`, clone(alert));
        return true;
      },
      async listAlerts(limit, nowEpochSeconds, scope) {
        return [...alerts.entries()]
          .sort(([a], [b]) => b.localeCompare(a))
          .map(([, alert]) => alert)
          .filter(
            (alert) =>
              alert.expires_at > nowEpochSeconds &&
              alert.cycle_id === scope.cycleId &&
              alert.market_date <= scope.marketDate,
          )
          .slice(0, limit)
          .map(clone);
      },
    },
    jobRuns: {
      async putJobRun(record) {
        jobRuns.set(record.job, clone(record));
      },
      async getLastJobRun(job) {
        const record = jobRuns.get(job);
        return record ? clone(record) : null;
      },
    },
    recommendationQueue: {
      async enqueueSuperseding(item, last) {
        const current = lastRecommendations.get(item.symbol);
        if (current?.recommendation_id !== last?.recommendation_id || queue.has(item.id)) return false;
        for (const queued of queue.values()) {
          if (queued.symbol === item.symbol && queued.status === 'PENDING') {
            queued.status = 'SUPERSEDED';
            queued.superseded_by = item.id;
          }
        }
        queue.set(item.id, clone(item));
        lastRecommendations.set(item.symbol, {
          symbol: item.symbol,
          recommendation_id: item.id,
          action: item.recommendation,
          as_of: item.as_of,
          generated_at: item.generated_at,
          cycle_id: item.cycle_id,
        });
        return true;
      },
      async getLastRecommendation(symbol) {
        const marker = lastRecommendations.get(symbol);
        return marker ? clone(marker) : null;
      },
      async getLastRecommendations(symbols) {
        return new Map(
          symbols.flatMap((symbol) => {
            const marker = lastRecommendations.get(symbol);
            return marker ? [[symbol, clone(marker)] as const] : [];
          }),
        );
      },
      async getRecommendationStatuses(ids) {
        return new Map(
          ids.flatMap((id) => {
            const item = queue.get(id);
            return item ? [[id, item.status] as const] : [];
          }),
        );
      },
      async recordMarkerStatuses(statuses) {
        // As the table's conditional update: only a marker still naming that item and carrying no status.
        for (const { symbol, recommendation_id, review_status } of statuses) {
          const marker = lastRecommendations.get(symbol);
          if (marker?.recommendation_id === recommendation_id && marker.review_status === undefined)
            marker.review_status = review_status;
        }
      },
    },
    snapshot() {
      return clone({
        quotes: Object.fromEntries(quotes),
        bars: Object.fromEntries(
          [...bars.entries()].map(([symbol, series]) => [
            symbol,
            [...series.values()].sort((a, b) => a.date.localeCompare(b.date)),
          ]),
        ),
        health: Object.fromEntries(health),
        lastRecommendations: Object.fromEntries(lastRecommendations),
        queue: [...queue.values()],
        alerts: [...alerts.values()],
        jobRuns: Object.fromEntries(jobRuns),
      });
    },
  };
}
