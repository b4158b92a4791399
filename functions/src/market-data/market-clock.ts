import {
  DEFAULT_MS_PER_DAY,
  buildReplayCalendar,
  liveMarketDateAt,
  marketDateAt,
  replayMomentAt,
  type MarketClockConfig,
  type MarketDate,
  type ReplayWindow,
} from '../engine/market-dates';
import type { PriceSeries } from '../engine/types';

/*
 * The market clock as the services read it (README.md "The market clock"): one date for every
 * series. In replay, the pure clock of engine/market-dates.ts over the calendar of the replayed
 * series; live, the UTC day of the wall clock. Every price a request or a poll reads is read at one
 * `MarketDate` taken once, so one answer never mixes two dates.
 */
export interface MarketClock {
  readonly mode: 'replay' | 'live';
  /** The market's date at wall time `now`. */
  at(now: Date): MarketDate;
  /** The historical moment the market is at (replay), or `now` itself (live). */
  momentAt(now: Date): Date;
  /** Replay only: the window and the calendar the clock walks. */
  readonly replay: { window: ReplayWindow; config: MarketClockConfig } | null;
}

export interface ReplayClockSettings {
  /** Wall time at which the replay is on the window's first date (REPLAY_EPOCH). */
  epochMs: number;
  /** Real milliseconds per replayed date (REPLAY_MS_PER_DAY; default one minute). */
  msPerDay?: number;
  /** The replayed dates (REPLAY_FROM, REPLAY_TO). */
  window: ReplayWindow;
}

/** The replay's clock over the calendar of `series` inside the window. */
export function createReplayMarketClock(
  series: readonly PriceSeries[],
  settings: ReplayClockSettings,
): MarketClock {
  const config: MarketClockConfig = {
    epochMs: settings.epochMs,
    msPerDay: settings.msPerDay ?? DEFAULT_MS_PER_DAY,
    calendar: buildReplayCalendar(
      series.filter((entry) => entry.frequency === 'daily'),
      settings.window,
    ),
  };
  return {
    mode: 'replay',
    at: (now) => marketDateAt(now, config),
    momentAt: (now) => replayMomentAt(now, config),
    replay: { window: settings.window, config },
  };
}

export const LIVE_MARKET_CLOCK: MarketClock = {
  mode: 'live',
  at: (now) => liveMarketDateAt(now),
  momentAt: (now) => now,
  replay: null,
};
