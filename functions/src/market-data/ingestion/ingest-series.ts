import type { PricesRepository } from '../../data/prices-repository';
import type { StoredBar } from '../../data/stored-prices';
import type { SeriesRepository, SeriesState } from '../../data/series-repository';
import type { IsoDate } from '../../engine/types';
import type { BarsProvider, FetchedSeries } from '../bars-provider';
import { ProviderUnavailableError, SymbolNotListedError } from '../provider-errors';
import { UNCONFIRMED_MOVE, validateBars, type BarRejection } from '../quality/bar-validation';
import { addDays, calendarOf, marketToday } from '../quality/market-calendar';
import {
  assessStaleness,
  completenessWindow,
  computeCompleteness,
  seriesFlags,
} from '../quality/series-quality';
import { planFetchWindow } from './fetch-window';
import { assetClassOfInstrumentType, assetTypeOfClass } from './instruments';
import { buildStoredQuote } from './stored-quote';

/*
 * One series through the ingestion path: plan the window (fetch-window.ts), fetch it, validate the
 * bars (quality/bar-validation.ts), merge them into the stored months, store the quote, then record
 * the series' state (range, as-of, completeness, flags). The state is written last: a worker killed
 * before it leaves the state as it was, so the redelivered message fetches the same window again and
 * the merge by date writes the same bars, never a second copy.
 *
 * A split reported after the first stored bar restates every earlier price: the whole stored range is
 * fetched again and replaces what was stored. A provider that does not list the symbol marks it
 * `unknown` (never fetched) or `delisted` (it had history); it is not asked again. A provider that
 * cannot answer leaves the stored data as it was, counts the failure on the series and throws, so
 * the message goes back to the queue.
 */

export interface SeriesIngestionDeps {
  prices: Pick<PricesRepository, 'getStoredBars' | 'mergeBars' | 'putQuoteIfChanged'>;
  series: Pick<SeriesRepository, 'putSeries' | 'getSeries'>;
  provider: BarsProvider;
  now: () => Date;
  /** Dates of the reference index (^GSPC) in a window, for NYSE completeness; null when not stored. */
  referenceDates: (from: IsoDate, to: IsoDate) => Promise<ReadonlySet<IsoDate> | null>;
}

export interface SeriesOutcome {
  symbol: string;
  result: 'stored' | 'skipped' | 'not-listed' | 'no-history';
  datesWritten: number;
  rejected: number;
}

/** The index whose sessions tell a closed market from a missing bar (quality/series-quality.ts). */
export const REFERENCE_INDEX = '^GSPC';

async function saveState(deps: SeriesIngestionDeps, next: SeriesState): Promise<void> {
  if (await deps.series.putSeries(next)) return;
  // Another worker wrote the state meanwhile (a redelivered copy of the message): take its version.
  const fresh = await deps.series.getSeries(next.symbol);
  if (fresh && fresh.fetched_at !== null && next.fetched_at !== null && fresh.fetched_at >= next.fetched_at)
    return;
  // The company fields are the fundamentals message's (ingest-company.ts), which may run at the same
  // time for the same symbol (an on-demand backfill sends both): keep what it wrote.
  const company = fresh ? { cik: fresh.cik, fundamentals_fetched_at: fresh.fundamentals_fetched_at } : {};
  await deps.series.putSeries({ ...next, ...company, version: (fresh?.version ?? 0) + 1 });
}

async function recordFailure(
  deps: SeriesIngestionDeps,
  state: SeriesState,
  error: Error,
  nowIso: string,
): Promise<void> {
  const now = deps.now();
  const failures = state.consecutive_failures + 1;
  const stale =
    state.as_of && state.mode === 'live' ? assessStaleness(state.calendar, state.as_of, now) : null;
  await saveState(deps, {
    ...state,
    attempted_at: nowIso,
    consecutive_failures: failures,
    last_error: error.message.slice(0, 300),
    quality_flags: [
      ...state.quality_flags.filter((flag) => flag.code !== 'PROVIDER_FAILING' && flag.code !== 'STALE'),
      ...(stale?.stale ? [{ code: 'STALE', date: state.as_of as IsoDate, value: stale.missed }] : []),
      { code: 'PROVIDER_FAILING', value: failures },
    ],
    version: state.version + 1,
  });
}

function splitToApply(state: SeriesState, fetched: FetchedSeries): IsoDate | null {
  const split = fetched.splits.find(
    (entry) =>
      !state.split_dates.includes(entry.date) && state.first_date !== null && entry.date > state.first_date,
  );
  return split?.date ?? null;
}

export async function ingestSeries(
  deps: SeriesIngestionDeps,
  state: SeriesState,
  plannedAt: string,
): Promise<SeriesOutcome> {
  const outcome = (
    result: SeriesOutcome['result'],
    datesWritten = 0,
    rejected: readonly BarRejection[] = [],
  ) => ({
    symbol: state.symbol,
    result,
    datesWritten,
    rejected: rejected.length,
  });
  if (state.status === 'unknown' || state.status === 'delisted') return outcome('skipped');
  // A redelivered message: this series was fetched after the message was planned.
  if (state.fetched_at !== null && state.fetched_at >= plannedAt) return outcome('skipped');

  const now = deps.now();
  const nowIso = now.toISOString();
  const today = deps.provider.currentDate?.(now) ?? marketToday(state.calendar, now);
  let window = planFetchWindow(state, today, deps.provider.maxHistoryDays);
  let fetched: FetchedSeries;
  let replace: { from: IsoDate; to: IsoDate } | undefined;
  let splitApplied: IsoDate | null = null;
  try {
    fetched = await deps.provider.fetchDailyBars(state.provider_id, window);
    splitApplied = splitToApply(state, fetched);
    if (splitApplied) {
      window = { from: state.history_from ?? (state.first_date as IsoDate), to: today };
      fetched = await deps.provider.fetchDailyBars(state.provider_id, window);
      replace = window;
    }
  } catch (error: unknown) {
    if (error instanceof SymbolNotListedError) {
      await saveState(deps, {
        ...state,
        status: state.last_date ? 'delisted' : 'unknown',
        status_reason: error.message.slice(0, 300),
        attempted_at: nowIso,
        version: state.version + 1,
      });
      return outcome('not-listed');
    }
    if (error instanceof ProviderUnavailableError) await recordFailure(deps, state, error, nowIso);
    throw error;
  }

  // What is stored around the window: the base of the first move, the first reads of recent moves,
  // and the last year for completeness.
  const readFrom = addDays(window.from < addDays(today, -366) ? window.from : addDays(today, -366), -10);
  const stored = replace ? [] : await deps.prices.getStoredBars(state.symbol, readFrom, today);
  const firstFetched = fetched.bars[0]?.date ?? window.from;
  const previous = [...stored].reverse().find((bar) => bar.date < firstFetched) ?? null;
  const storedInWindow = new Map(
    stored.filter((bar) => bar.date >= window.from).map((bar) => [bar.date, bar]),
  );
  const { accepted, rejected } = validateBars(fetched.bars, { previous, stored: storedInWindow });
  if (accepted.length === 0 && state.last_date === null) {
    await saveState(deps, {
      ...state,
      status: 'unknown',
      status_reason: 'NO_HISTORY',
      attempted_at: nowIso,
      version: state.version + 1,
    });
    return outcome('no-history', 0, rejected);
  }

  // Bars name their provider; the quote and the series carry the fuller citation.
  const source = fetched.source ?? deps.provider.description.title;
  const toStore: StoredBar[] = accepted.map(({ flags, ...bar }) => ({
    ...bar,
    source: deps.provider.description.name,
    fetched_at: nowIso,
    ...(flags.length > 0 ? { flags } : {}),
  }));
  const merge = await deps.prices.mergeBars(state.symbol, toStore, replace ? { replace } : {});
  const merged = new Map(stored.map((bar) => [bar.date, bar]));
  for (const bar of toStore) merged.set(bar.date, bar);
  const history = [...merged.values()]
    .filter((bar) => bar.date <= today)
    .sort((a, b) => a.date.localeCompare(b.date));

  const quote = buildStoredQuote({ state, history, fetched, source, now, today });
  if (quote) await deps.prices.putQuoteIfChanged(quote);

  const earliestOf = (dates: (IsoDate | null | undefined)[]) =>
    dates.filter((date): date is IsoDate => !!date).sort()[0] ?? null;
  const firstDate = replace
    ? earliestOf([toStore[0]?.date])
    : earliestOf([state.first_date, toStore[0]?.date]);
  const lastDate =
    [state.last_date, toStore.at(-1)?.date]
      .filter((date): date is IsoDate => !!date)
      .sort()
      .at(-1) ?? null;
  const asOf = quote?.as_of ?? state.as_of;
  const window365 = asOf && firstDate ? completenessWindow(firstDate, asOf) : null;
  const reference =
    window365 && state.calendar === 'nyse' && state.symbol !== REFERENCE_INDEX
      ? await deps.referenceDates(window365.from, window365.to)
      : null;
  const completeness = window365
    ? computeCompleteness(
        state.calendar,
        history
          .filter((bar) => bar.date >= window365.from && bar.date <= window365.to)
          .map((bar) => bar.date),
        window365,
        reference,
      )
    : null;
  const assetClass = assetClassOfInstrumentType(fetched.instrumentType) ?? state.asset_class;
  await saveState(deps, {
    ...state,
    name: state.name === state.symbol && fetched.name ? fetched.name : state.name,
    asset_class: assetClass,
    asset_type: assetTypeOfClass(assetClass),
    calendar: calendarOf(assetClass, state.symbol),
    status: 'active',
    status_reason: null,
    first_date: firstDate,
    last_date: lastDate,
    history_from: state.history_from && state.history_from < window.from ? state.history_from : window.from,
    as_of: asOf,
    completeness: completeness?.completeness ?? null,
    bars_expected: completeness?.expected ?? null,
    bars_present: completeness?.present ?? null,
    quality_flags: seriesFlags({
      calendar: state.calendar,
      mode: state.mode,
      asOf,
      completeness,
      unconfirmed: history.filter((bar) => bar.flags?.includes(UNCONFIRMED_MOVE)),
      rejected,
      consecutiveFailures: 0,
      now,
    }),
    fetched_at: nowIso,
    attempted_at: nowIso,
    consecutive_failures: 0,
    last_error: null,
    split_dates: splitApplied ? [...state.split_dates, splitApplied] : state.split_dates,
    currency: fetched.currency ?? state.currency,
    exchange: fetched.exchange ?? state.exchange,
    version: state.version + 1,
  });
  return outcome('stored', merge.datesWritten, rejected);
}
