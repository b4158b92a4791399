import { addDays, addMonths } from '@app/shared/domain/ledger/calendar';
import { barOnOrBefore } from '../market-dates';
import type { AssetType, Bar, DatedPeriod, IsoDate, RiskMetrics, VolatilityRegime } from '../types';
import { computeMean, computeSampleStandardDeviation, computeSimpleReturns } from './statistics';

/*
 * Conventions (methodology page: engine/README.md): simple daily returns; sample standard
 * deviation; annualisation by 252 trading days for stocks and 365 calendar days for crypto, which
 * trades every day; risk-free rate 0.
 */

export const TRADING_DAYS_PER_YEAR = 252;
export const CALENDAR_DAYS_PER_YEAR = 365;

/**
 * Momentum periods are calendar periods of the market's calendar, not counts of bars: a week is 7
 * days back, a month and three months are calendar months back (2017-03-31 minus one month is
 * 2017-02-28), so a stock (5 bars a week) and bitcoin (7) are measured over the same dates, and the
 * period can be labelled with them.
 */
export const MOMENTUM_PERIODS = {
  momentum_1w: (date: IsoDate) => addDays(date, -7),
  momentum_1m: (date: IsoDate) => addMonths(date, -1),
  momentum_3m: (date: IsoDate) => addMonths(date, -3),
} as const;
export type MomentumName = keyof typeof MOMENTUM_PERIODS;
export const VOLATILITY_WINDOW_RETURNS = 21;
export const DRAWDOWN_WINDOW_BARS = 252;
export const SHARPE_WINDOW_RETURNS = 252;
/** Below a quarter of returns a Sharpe estimate is mostly noise, so we report none. */
export const SHARPE_MIN_RETURNS = 63;

/**
 * Annualised volatility regimes, in percent. The S&P 500's long-run realised volatility is about
 * 15-20 %, so LOW covers a calm broad market; 20-40 % is ordinary for a single stock or a nervous
 * market; above 40 % is crisis-level for an index (autumn 2008, March 2020) and normal for crypto.
 */
export const VOLATILITY_REGIME_THRESHOLDS = { high: 40, moderate: 20 } as const;

export function getAnnualisationFactor(assetType: AssetType): number {
  return assetType === 'crypto' ? CALENDAR_DAYS_PER_YEAR : TRADING_DAYS_PER_YEAR;
}

/** Stdev of the last 21 daily returns x sqrt(factor) x 100; null with fewer than 22 closes. */
export function computeVolatility1Month(
  closes: readonly number[],
  annualisationFactor: number,
): number | null {
  if (closes.length < VOLATILITY_WINDOW_RETURNS + 1) return null;
  const returns = computeSimpleReturns(closes.slice(-(VOLATILITY_WINDOW_RETURNS + 1)));
  return computeSampleStandardDeviation(returns) * Math.sqrt(annualisationFactor) * 100;
}

export function classifyVolatilityRegime(volatilityPercent: number | null): VolatilityRegime | null {
  if (volatilityPercent === null) return null;
  if (volatilityPercent > VOLATILITY_REGIME_THRESHOLDS.high) return 'HIGH';
  if (volatilityPercent > VOLATILITY_REGIME_THRESHOLDS.moderate) return 'MODERATE';
  return 'LOW';
}

/**
 * Percent change from the close at the start of a calendar period to the last bar, with the two
 * dates compared. The start close is the last bar on or before the period's first date, at most
 * three days older (engine/market-dates.ts `barOnOrBefore`); null when the series has none.
 */
export function computeDatedChange(
  bars: readonly Bar[],
  periodStart: (date: IsoDate) => IsoDate,
): { percent: number; period: DatedPeriod } | null {
  const last = bars.at(-1);
  if (!last) return null;
  const base = barOnOrBefore(bars, periodStart(last.date))?.bar;
  if (!base || base === last) return null;
  return { percent: (last.close / base.close - 1) * 100, period: { from: base.date, to: last.date } };
}

/**
 * Most negative (close / running max - 1) x 100 over the last 252 bars (or all bars when fewer),
 * the running max starting inside the window. 0 when the window never fell; null under 2 bars.
 */
export function computeMaxDrawdown(
  closes: readonly number[],
  windowBars = DRAWDOWN_WINDOW_BARS,
): number | null {
  if (closes.length < 2) return null;
  const window = closes.slice(-windowBars);
  let runningMax = window[0] as number;
  let worst = 0;
  for (const close of window) {
    if (close > runningMax) runningMax = close;
    const drawdown = close / runningMax - 1;
    if (drawdown < worst) worst = drawdown;
  }
  return worst * 100;
}

/**
 * Mean / stdev of the last 252 daily returns x sqrt(factor), risk-free 0. With fewer returns, all
 * available ones if there are at least 63; null otherwise or when the stdev is 0.
 */
export function computeSharpeEstimation(
  closes: readonly number[],
  annualisationFactor: number,
): number | null {
  const returns = computeSimpleReturns(closes.slice(-(SHARPE_WINDOW_RETURNS + 1)));
  if (returns.length < SHARPE_MIN_RETURNS) return null;
  const deviation = computeSampleStandardDeviation(returns);
  if (!(deviation > 0)) return null;
  return (computeMean(returns) / deviation) * Math.sqrt(annualisationFactor);
}

/** Risk metrics of a series of bars that ends on the analysis date. */
export function computeRiskMetrics(bars: readonly Bar[], assetType: AssetType): RiskMetrics {
  // No metric looks further back than 252 returns, so older bars are skipped for speed.
  const recent = bars.slice(-(SHARPE_WINDOW_RETURNS + 1));
  const closes = recent.map((bar) => bar.close);
  const factor = getAnnualisationFactor(assetType);
  const volatility = computeVolatility1Month(closes, factor);
  const week = computeDatedChange(recent, MOMENTUM_PERIODS.momentum_1w);
  const month = computeDatedChange(recent, MOMENTUM_PERIODS.momentum_1m);
  const quarter = computeDatedChange(recent, MOMENTUM_PERIODS.momentum_3m);
  return {
    volatility_1month: volatility,
    volatility_regime: classifyVolatilityRegime(volatility),
    momentum_1w: week?.percent ?? null,
    momentum_1m: month?.percent ?? null,
    momentum_3m: quarter?.percent ?? null,
    momentum_periods: {
      momentum_1w: week?.period ?? null,
      momentum_1m: month?.period ?? null,
      momentum_3m: quarter?.period ?? null,
    },
    max_drawdown: computeMaxDrawdown(closes),
    sharpe_estimation: computeSharpeEstimation(closes, factor),
    annualisation_factor: factor,
    bars_used: bars.length,
  };
}
