import type { MarketClock } from '../../market-clock';
import { barCloseTime } from '../../../engine/market-dates';
import type { IsoDate, PriceSeries } from '../../../engine/types';

/*
 * Replay timeline (engine/catalysts/README.md "Replay timeline"). News is placed in the market
 * clock's calendar: the replay's moment is the close of the clock's date plus the elapsed share of
 * the wall-clock step mapped onto the real time until the next date's close (engine/market-dates.ts
 * `replayMomentAt`). So within one step the moment sweeps from one historical close to the next,
 * `hours_ago` of a headline grows smoothly, and `hours_back` windows keep their historical meaning
 * (24 = the last day of the replayed market). One clock: every series is at the same moment.
 */

/** Tickers without a replay series of their own follow the broad market's calendar. */
export const MARKET_CALENDAR_SERIES_ID = '^GSPC';

export interface ReplayTimeline {
  /** The historical moment the replay is at now (the same for every series); null for an unknown series. */
  momentOf(seriesId: string, now: Date): Date | null;
  /**
   * The series whose calendar times an item published at `publishedAt` about `tickers`, and the
   * symbol the engine analyses for it: the first ticker with a series whose window holds the date
   * (symbol = series id, e.g. AAPL-2007); otherwise the market calendar with the first ticker as
   * symbol; null when no calendar holds the date (the item never shows in the replay).
   */
  placeItem(tickers: readonly string[], publishedAt: Date): { seriesId: string; symbol: string } | null;
  /** First bar close at or after `publishedAt` in a series: when the market could first react. */
  firstCloseAfter(seriesId: string, publishedAt: Date): { date: IsoDate; close: Date } | null;
}

export function createReplayTimeline(series: readonly PriceSeries[], clock: MarketClock): ReplayTimeline {
  const byId = new Map(series.map((entry) => [entry.id.toUpperCase(), entry]));

  function windowHolds(entry: PriceSeries, time: Date): boolean {
    const first = entry.bars[0];
    const last = entry.bars.at(-1);
    if (!first || !last) return false;
    return time >= new Date(`${first.date}T00:00:00Z`) && time <= barCloseTime(last.date);
  }

  return {
    // One clock for every series, the stored ones included (README.md "The market clock").
    momentOf(_seriesId, now) {
      return clock.momentAt(now);
    },

    placeItem(tickers, publishedAt) {
      for (const ticker of tickers) {
        const wanted = ticker.toUpperCase();
        const own = series.find(
          (entry) =>
            (entry.ticker.toUpperCase() === wanted || entry.id.toUpperCase() === wanted) &&
            windowHolds(entry, publishedAt),
        );
        if (own) return { seriesId: own.id, symbol: own.id };
      }
      const market = byId.get(MARKET_CALENDAR_SERIES_ID);
      const firstTicker = tickers[0];
      if (market && firstTicker && windowHolds(market, publishedAt)) {
        return { seriesId: market.id, symbol: firstTicker.toUpperCase() };
      }
      return null;
    },

    firstCloseAfter(seriesId, publishedAt) {
      const entry = byId.get(seriesId.toUpperCase());
      if (!entry) return null;
      const bar = entry.bars.find((candidate) => barCloseTime(candidate.date) >= publishedAt);
      return bar ? { date: bar.date, close: barCloseTime(bar.date) } : null;
    },
  };
}
