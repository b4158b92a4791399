import { computeMean, computeSampleStandardDeviation } from './analytics/statistics';

/*
 * Statistics of the universe backtest (engine/README.md "Backtest"): medians, the Newey-West
 * t-statistic of a mean whose values overlap in time, Spearman's rank correlation, an annualised
 * Sharpe ratio of monthly returns, and the maximum drawdown of a price path. Pure functions.
 */

/** Median of the values (mean of the two middle ones for an even count); null when empty. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export function meanOrNull(values: readonly number[]): number | null {
  return values.length === 0 ? null : computeMean(values);
}

/**
 * Newey-West (1987) t-statistic of the mean of a time series: mean / sqrt(V / n), where V is the
 * long-run variance with Bartlett weights, V = g0 + 2 * sum_{j=1..L} (1 - j / (L + 1)) * gj and gj
 * the autocovariance at lag j (divided by n). Overlapping h-month returns sampled monthly are
 * correlated up to lag h - 1, so the backtest uses L = h. Null under 3 values or without variance.
 */
export function neweyWestTStatistic(values: readonly number[], lags: number): number | null {
  const n = values.length;
  if (n < 3) return null;
  const mean = computeMean(values);
  const centred = values.map((value) => value - mean);
  const autocovariance = (lag: number): number => {
    let sum = 0;
    for (let t = lag; t < n; t += 1) sum += (centred[t] as number) * (centred[t - lag] as number);
    return sum / n;
  };
  let longRun = autocovariance(0);
  for (let lag = 1; lag <= Math.min(lags, n - 1); lag += 1) {
    longRun += 2 * (1 - lag / (lags + 1)) * autocovariance(lag);
  }
  // No spread (or only rounding noise, e.g. a mean of zeros): no statistic.
  if (!(Math.sqrt(longRun) > 1e-9)) return null;
  return mean / Math.sqrt(longRun / n);
}

/** Ranks 1..n of the values, ties sharing the mean of their ranks. */
export function averageRanks(values: readonly number[]): number[] {
  const order = values.map((value, index) => ({ value, index })).sort((a, b) => a.value - b.value);
  const ranks = new Array<number>(values.length);
  let start = 0;
  while (start < order.length) {
    let end = start;
    while (end + 1 < order.length && order[end + 1]?.value === order[start]?.value) end += 1;
    const rank = (start + end) / 2 + 1;
    for (let k = start; k <= end; k += 1) ranks[(order[k] as { index: number }).index] = rank;
    start = end + 1;
  }
  return ranks;
}

/** Pearson correlation; null under 3 pairs or when either side has no spread. */
export function pearson(x: readonly number[], y: readonly number[]): number | null {
  const n = x.length;
  if (n < 3 || y.length !== n) return null;
  const meanX = computeMean(x);
  const meanY = computeMean(y);
  let covariance = 0;
  let varianceX = 0;
  let varianceY = 0;
  for (let i = 0; i < n; i += 1) {
    const dx = (x[i] as number) - meanX;
    const dy = (y[i] as number) - meanY;
    covariance += dx * dy;
    varianceX += dx * dx;
    varianceY += dy * dy;
  }
  if (!(varianceX > 0) || !(varianceY > 0)) return null;
  return covariance / Math.sqrt(varianceX * varianceY);
}

/** Spearman's rank correlation: Pearson's on the average ranks (ties handled). */
export function spearman(x: readonly number[], y: readonly number[]): number | null {
  return pearson(averageRanks(x), averageRanks(y));
}

/** Mean / sample standard deviation x sqrt(12) of monthly returns; null under 2 or without spread. */
export function annualisedSharpeOfMonthly(monthly: readonly number[]): number | null {
  if (monthly.length < 2) return null;
  const deviation = computeSampleStandardDeviation(monthly);
  return deviation > 0 ? (computeMean(monthly) / deviation) * Math.sqrt(12) : null;
}

/** Most negative close / running maximum - 1 along the path (0 when it never fell), in percent. */
export function pathMaxDrawdown(closes: readonly number[]): number {
  let peak = Number.NEGATIVE_INFINITY;
  let worst = 0;
  for (const close of closes) {
    if (close > peak) peak = close;
    const drawdown = close / peak - 1;
    if (drawdown < worst) worst = drawdown;
  }
  return worst * 100;
}

/** Annualised (252 days) sample standard deviation of daily simple returns, in percent; null under 2 returns. */
export function annualisedVolatility(closes: readonly number[]): number | null {
  if (closes.length < 3) return null;
  const returns: number[] = [];
  for (let i = 1; i < closes.length; i += 1)
    returns.push((closes[i] as number) / (closes[i - 1] as number) - 1);
  return computeSampleStandardDeviation(returns) * Math.sqrt(252) * 100;
}

/** Compounds monthly returns given in percent into a growth path starting at 1. */
export function compoundPercent(monthly: readonly number[]): number[] {
  const path = [1];
  for (const value of monthly) path.push((path.at(-1) as number) * (1 + value / 100));
  return path;
}
