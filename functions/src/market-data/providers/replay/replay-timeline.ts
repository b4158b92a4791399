import type { MarketClock } from './market-clock';
import type { IsoDate, PriceSeries } from '../../../engine/types';

/*
 * Replay timeline (engine/catalysts/README.md "Replay timeline"). The market clock moves each series one bar
 * per `msPerBar` of wall time. News is placed in the same historical calendar: a series' "replay
 * moment" is the close of its current bar plus the elapsed share of the wall-clock bar mapped onto
 * the real time until the next bar's close. So within one wall minute the moment sweeps from one
 * historical close to the next, `hours_ago` of a headline grows smoothly, and `hours_back` windows
 * keep their historical meaning (24 = the last day of the replayed market).
 */

/** Bars are daily; we date their close at 21:00 UTC (16:00 in New York in winter) for every series. */
export const BAR_CLOSE_UTC_HOUR = 21;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Tickers without a replay series of their own follow the broad market's calendar. */
export const MARKET_CALENDAR_SERIES_ID = '^GSPC';

export function barCloseTime(date: IsoDate): Date {
  return new Date(`${date}T${String(BAR_CLOSE_UTC_HOUR).padStart(2, '0')}:00:00Z`);
}

export interface ReplayTimeline {
  /** Historical moment a series is at now; null for an unknown series. */
  momentOf(seriesId: string, now: Date): Date | null;
  /** The replay bar date of a series now. */
  replayDateOf(seriesId: string, now: Date): IsoDate | null;
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
    momentOf(seriesId, now) {
      const entry = byId.get(seriesId.toUpperCase());
      if (!entry || entry.bars.length === 0) return null;
      const index = clock.getReplayIndex(entry.bars.length, now);
      const bar = entry.bars[index];
      if (!bar) return null;
      const close = barCloseTime(bar.date).getTime();
      const next = entry.bars[index + 1];
      const span = next ? barCloseTime(next.date).getTime() - close : DAY_MS;
      const elapsed = (((now.getTime() - clock.epochMs) % clock.msPerBar) + clock.msPerBar) % clock.msPerBar;
      return new Date(close + Math.floor((elapsed / clock.msPerBar) * span));
    },

    replayDateOf(seriesId, now) {
      const entry = byId.get(seriesId.toUpperCase());
      if (!entry || entry.bars.length === 0) return null;
      return entry.bars[clock.getReplayIndex(entry.bars.length, now)]?.date ?? null;
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
