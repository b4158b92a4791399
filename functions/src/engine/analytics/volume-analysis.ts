import type {
  AccumulationDistributionSignal,
  Bar,
  ObvTrend,
  VolumeAnalysis,
  VolumeSurgeLevel,
} from '../types';
import { computeLeastSquaresSlope, computeMean } from './statistics';

export const VOLUME_WINDOW_BARS = 20;
export const VOLUME_SURGE_THRESHOLDS = { high: 2, moderate: 1.5 } as const;

/**
 * Dead band of the OBV trend, as a fraction of mean daily volume per bar. OBV moves by +/- one
 * day's volume each bar, so with no real trend it is a random walk whose 20-point least-squares
 * slope has a standard deviation of about 0.25 x the typical volume (Var ~ 1.2 sigma^2 / n). A
 * smaller slope is indistinguishable from noise and is called NEUTRAL.
 */
export const OBV_TREND_DEAD_BAND = 0.25;

/**
 * Dead band of the accumulation/distribution signal: the 20-bar A/D change divided by the 20-bar
 * volume is the volume-weighted average close location value (-1 closes on the lows, +1 on the
 * highs). Within +/- 0.1 closes sit near the middle of their ranges: NEUTRAL.
 */
export const ACCUMULATION_DISTRIBUTION_DEAD_BAND = 0.1;

/** last volume / mean volume of the 20 bars before it. */
export function computeVolumeRatio20d(volumes: readonly number[]): number | null {
  if (volumes.length < VOLUME_WINDOW_BARS + 1) return null;
  const before = volumes.slice(-(VOLUME_WINDOW_BARS + 1), -1);
  const mean = computeMean(before);
  return mean > 0 ? (volumes[volumes.length - 1] as number) / mean : null;
}

export function classifyVolumeSurge(ratio: number | null): VolumeSurgeLevel | null {
  if (ratio === null) return null;
  if (ratio >= VOLUME_SURGE_THRESHOLDS.high) return 'HIGH';
  if (ratio >= VOLUME_SURGE_THRESHOLDS.moderate) return 'MODERATE';
  return 'NORMAL';
}

/**
 * On-balance volume: starts at 0 on the first bar, then adds the bar's volume on an up close,
 * subtracts it on a down close, and keeps it on an unchanged close (Granville).
 */
export function computeOnBalanceVolume(closes: readonly number[], volumes: readonly number[]): number[] {
  const obv: number[] = [];
  let running = 0;
  for (let i = 0; i < closes.length; i += 1) {
    if (i > 0) {
      const change = (closes[i] as number) - (closes[i - 1] as number);
      if (change > 0) running += volumes[i] as number;
      else if (change < 0) running -= volumes[i] as number;
    }
    obv.push(running);
  }
  return obv;
}

/**
 * Chaikin accumulation/distribution line: cumulative money-flow volume, where the money-flow
 * multiplier is ((close - low) - (high - close)) / (high - low). A bar with high = low carries no
 * location information, so its multiplier is 0 (technicalindicators uses 1 there; no such bar
 * exists in the S&P 500 or AAPL files).
 */
export function computeAccumulationDistributionLine(bars: readonly Bar[]): number[] {
  const line: number[] = [];
  let running = 0;
  for (const bar of bars) {
    const high = bar.high as number;
    const low = bar.low as number;
    const range = high - low;
    const multiplier = range > 0 ? (bar.close - low - (high - bar.close)) / range : 0;
    running += multiplier * (bar.volume as number);
    line.push(running);
  }
  return line;
}

export function classifyObvTrend(slope: number, meanVolume: number): ObvTrend {
  if (!(meanVolume > 0)) return 'NEUTRAL';
  const normalised = slope / meanVolume;
  if (normalised > OBV_TREND_DEAD_BAND) return 'BULLISH';
  if (normalised < -OBV_TREND_DEAD_BAND) return 'BEARISH';
  return 'NEUTRAL';
}

export function classifyAccumulationDistribution(
  change: number,
  totalVolume: number,
): AccumulationDistributionSignal {
  if (!(totalVolume > 0)) return 'NEUTRAL';
  const closeLocation = change / totalVolume;
  if (closeLocation > ACCUMULATION_DISTRIBUTION_DEAD_BAND) return 'ACCUMULATION';
  if (closeLocation < -ACCUMULATION_DISTRIBUTION_DEAD_BAND) return 'DISTRIBUTION';
  return 'NEUTRAL';
}

const EMPTY_VOLUME_ANALYSIS: Omit<VolumeAnalysis, 'data_note'> = {
  volume_breakout: null,
  volume_ratio_20d: null,
  volume_surge_level: null,
  obv_trend: null,
  obv_slope_20d: null,
  accumulation_distribution: null,
  accumulation_distribution_signal: null,
};

/** Volume analysis of a series of bars that ends on the analysis date. */
export function computeVolumeAnalysis(bars: readonly Bar[]): VolumeAnalysis {
  const window = bars.slice(-(VOLUME_WINDOW_BARS + 1));
  if (!window.every((bar) => bar.volume !== undefined)) {
    return { ...EMPTY_VOLUME_ANALYSIS, data_note: 'The source series has no volume (close-only data).' };
  }
  if (window.length < VOLUME_WINDOW_BARS + 1) {
    return {
      ...EMPTY_VOLUME_ANALYSIS,
      data_note: `Needs ${VOLUME_WINDOW_BARS + 1} bars; ${window.length} available.`,
    };
  }
  const closes = window.map((bar) => bar.close);
  const volumes = window.map((bar) => bar.volume as number);
  const ratio = computeVolumeRatio20d(volumes);
  const lastClose = closes[closes.length - 1] as number;
  const previousClose = closes[closes.length - 2] as number;

  const last20Volumes = volumes.slice(-VOLUME_WINDOW_BARS);
  const obvSlope = computeLeastSquaresSlope(
    computeOnBalanceVolume(closes, volumes).slice(-VOLUME_WINDOW_BARS),
  );

  const hasRanges = window.every((bar) => bar.high !== undefined && bar.low !== undefined);
  let accumulationDistribution: number | null = null;
  let signal: AccumulationDistributionSignal | null = null;
  if (hasRanges) {
    const line = computeAccumulationDistributionLine(window);
    accumulationDistribution = (line[line.length - 1] as number) - (line[0] as number);
    signal = classifyAccumulationDistribution(
      accumulationDistribution,
      last20Volumes.reduce((sum, volume) => sum + volume, 0),
    );
  }
  return {
    volume_breakout:
      ratio === null ? null : ratio >= VOLUME_SURGE_THRESHOLDS.high && lastClose > previousClose,
    volume_ratio_20d: ratio,
    volume_surge_level: classifyVolumeSurge(ratio),
    obv_trend: classifyObvTrend(obvSlope, computeMean(last20Volumes)),
    obv_slope_20d: obvSlope,
    accumulation_distribution: accumulationDistribution,
    accumulation_distribution_signal: signal,
    data_note: hasRanges ? null : 'The source series has no high/low, so the A/D line is not computed.',
  };
}
