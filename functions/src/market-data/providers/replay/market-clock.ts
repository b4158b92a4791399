/**
 * Maps wall-clock time to a position in each replayed series, so replayed prices move while the
 * app runs. Deterministic: the same (now, epoch, msPerBar) always gives the same bar, on every
 * Lambda instance, with no state to share.
 *
 * Each series advances one bar per `msPerBar` (default one real minute per trading day) and loops
 * over its own window. The loop starts after a warm-up of up to 252 bars so every replayed date has
 * up to a year of real history behind it for the analytics; short series (BTC: 365 bars, FB: 452)
 * warm up on half their length instead.
 */
export interface MarketClock {
  readonly epochMs: number;
  readonly msPerBar: number;
  /** Index of the bar a series of `seriesLength` bars is at, at wall time `now`. */
  getReplayIndex(seriesLength: number, now: Date): number;
}

export interface MarketClockOptions {
  /** Wall time at which every series sits on its first replayed bar. */
  epochMs: number;
  /** Real milliseconds per replayed bar. Default 60 000 (one minute per trading day). */
  msPerBar?: number;
}

export const DEFAULT_MS_PER_BAR = 60_000;
export const MAX_WARM_UP_BARS = 252;

/** First replayed bar of a series: up to a year of history, at most half the series. */
export function getReplayStartIndex(seriesLength: number): number {
  return Math.min(MAX_WARM_UP_BARS, Math.floor(seriesLength / 2));
}

export function createMarketClock(options: MarketClockOptions): MarketClock {
  const msPerBar = options.msPerBar ?? DEFAULT_MS_PER_BAR;
  if (!(msPerBar > 0)) throw new RangeError('msPerBar must be positive');
  return {
    epochMs: options.epochMs,
    msPerBar,
    getReplayIndex(seriesLength: number, now: Date): number {
      if (seriesLength < 1) throw new RangeError('a replayed series needs at least one bar');
      const start = getReplayStartIndex(seriesLength);
      const loopLength = seriesLength - start;
      const steps = Math.floor((now.getTime() - options.epochMs) / msPerBar);
      // Proper modulo so times before the epoch also land inside the window.
      return start + (((steps % loopLength) + loopLength) % loopLength);
    },
  };
}
