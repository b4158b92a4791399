/** Small numeric helpers shared by the analytics. Pure; inputs are never mutated. */

/** Simple returns r_i = c_i / c_(i-1) - 1, one fewer than the closes. */
export function computeSimpleReturns(closes: readonly number[]): number[] {
  const returns: number[] = [];
  for (let i = 1; i < closes.length; i += 1) {
    const previous = closes[i - 1] as number;
    returns.push((closes[i] as number) / previous - 1);
  }
  return returns;
}

export function computeMean(values: readonly number[]): number {
  let sum = 0;
  for (const value of values) sum += value;
  return sum / values.length;
}

/** Sample standard deviation (divides by n - 1). NaN for fewer than two values. */
export function computeSampleStandardDeviation(values: readonly number[]): number {
  if (values.length < 2) return Number.NaN;
  const mean = computeMean(values);
  let squares = 0;
  for (const value of values) squares += (value - mean) ** 2;
  return Math.sqrt(squares / (values.length - 1));
}

/** Ordinary least-squares slope of values against x = 0, 1, ..., n-1. */
export function computeLeastSquaresSlope(values: readonly number[]): number {
  const n = values.length;
  if (n < 2) return Number.NaN;
  const meanX = (n - 1) / 2;
  const meanY = computeMean(values);
  let covariance = 0;
  let varianceX = 0;
  for (let x = 0; x < n; x += 1) {
    covariance += (x - meanX) * ((values[x] as number) - meanY);
    varianceX += (x - meanX) ** 2;
  }
  return covariance / varianceX;
}

export function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

/**
 * Linear map of `value` to 0-100: `atZero` gives 0, `atHundred` gives 100, clamped outside.
 * `atZero` may be larger than `atHundred` for inputs where lower is better (P/E, leverage).
 */
export function scaleToScore(value: number, atZero: number, atHundred: number): number {
  return clamp(((value - atZero) / (atHundred - atZero)) * 100, 0, 100);
}

export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
