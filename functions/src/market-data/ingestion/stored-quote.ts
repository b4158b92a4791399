import type { StoredBar, StoredQuote } from '../../data/stored-prices';
import type { SeriesState } from '../../data/series-repository';
import type { IsoDate } from '../../engine/types';
import type { FetchedSeries } from '../bars-provider';
import { MOVE_CONFIRMATION_THRESHOLD, UNCONFIRMED_MOVE } from '../quality/bar-validation';
import { assessStaleness } from '../quality/series-quality';

/*
 * The quote a fetch leaves in the store: the last confirmed bar up to the provider's today (a bar
 * still waiting for its second read is not quoted), or the provider's latest print when it is newer
 * than every bar (Yahoo's running session before its bar appears) and within 50 % of the last close.
 * The change is measured from the confirmed bar before it. Stale when a live series has missed a
 * session of its calendar; a replayed one never is (it sits on the replay's date by construction).
 */

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

export interface QuoteInput {
  state: SeriesState;
  /** Stored and newly fetched bars up to today, ascending. */
  history: readonly StoredBar[];
  fetched: FetchedSeries;
  source: string;
  now: Date;
  today: IsoDate;
}

export function buildStoredQuote(input: QuoteInput): StoredQuote | null {
  const confirmed = input.history.filter((bar) => !bar.flags?.includes(UNCONFIRMED_MOVE));
  const lastBar = confirmed.at(-1);
  if (!lastBar) return null;
  const latest = input.fetched.latest;
  const useLatest =
    latest !== null &&
    latest.date > lastBar.date &&
    latest.date <= input.today &&
    latest.price > 0 &&
    Math.abs(latest.price / lastBar.close - 1) <= MOVE_CONFIRMATION_THRESHOLD;
  const price = useLatest ? latest.price : lastBar.close;
  const asOf = useLatest ? latest.date : lastBar.date;
  const previous = useLatest ? lastBar : (confirmed.at(-2) ?? null);
  const volume = useLatest ? latest.volume : (lastBar.volume ?? null);
  const premarket =
    input.fetched.premarket && input.fetched.premarket.date > asOf ? input.fetched.premarket : null;
  const nowIso = input.now.toISOString();
  return {
    symbol: input.state.symbol,
    name: input.state.name,
    asset_type: input.state.asset_type,
    price,
    previous_close: previous ? previous.close : null,
    change: previous ? round(price - previous.close, 6) : null,
    change_percent: previous ? round(((price - previous.close) / previous.close) * 100, 6) : null,
    volume,
    after_hours_price: null,
    premarket_change: premarket?.change ?? null,
    premarket_date: premarket?.date ?? null,
    as_of: asOf,
    source: input.source,
    mode: input.state.mode,
    stale: input.state.mode === 'live' && assessStaleness(input.state.calendar, asOf, input.now).stale,
    closed: useLatest ? latest.closed : lastBar.closed,
    fetched_at: nowIso,
    updated_at: nowIso,
  };
}
