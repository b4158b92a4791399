import type { BacktestObservation } from './backtest';
import { roundTo } from './analytics/statistics';

/** The grades whose action is STRONG_BUY or BUY (engine README "Recommendation model"). */
export const BUY_GRADES = ['A+', 'A', 'B+'] as const;

export interface BuyRecord {
  /** Share (0-1, 3 decimals) of buy-graded month-ends whose price was higher at the forward date. */
  hit_rate: number;
  /** How many buy-graded month-ends. */
  recommendations: number;
  /**
   * Mean forward return of those month-ends minus the S&P 500's over the same dates, in percentage
   * points (2 decimals); null when none had a benchmark window. The measured twin of a "higher
   * returns" claim (issue 28).
   */
  mean_excess_return: number | null;
}

/** The buy side of a backtest, as the site shows it beside the marketing claims; null without a buy. */
export function buyRecordOf(observations: readonly BacktestObservation[]): BuyRecord | null {
  const buys = observations.filter((observation) =>
    (BUY_GRADES as readonly string[]).includes(observation.grade),
  );
  if (buys.length === 0) return null;
  const rose = buys.filter((observation) => observation.forward_return > 0).length;
  const excess = buys
    .filter((observation) => observation.benchmark_return !== null)
    .map((observation) => observation.forward_return - (observation.benchmark_return as number));
  return {
    hit_rate: Math.round((rose / buys.length) * 1000) / 1000,
    recommendations: buys.length,
    mean_excess_return:
      excess.length === 0 ? null : roundTo(excess.reduce((sum, value) => sum + value, 0) / excess.length, 2),
  };
}
