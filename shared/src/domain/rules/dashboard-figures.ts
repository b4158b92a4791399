/**
 * What the dashboard's cards compute (docs/product.md "Dashboard"), as pure functions so each caption
 * can be checked against its figure:
 * - assets analysed: how many of the user's holdings the engine grades, out of how many they hold;
 * - rationality score: the value-weighted composite score of the graded holdings, or, when the user
 *   holds nothing gradable, the plain average of the engine's picks (the card then says so);
 * - return: the ledger's time-weighted return over the user's own holding period (its dates shown).
 */

export interface ScoredHolding {
  /** The engine's composite rationality score (0-100); null when the holding is not graded. */
  rationality_score: number | null;
  /** Value at the market date; null when the holding has no price that day. */
  total_value: number | null;
}

export function gradedHoldings(holdings: readonly ScoredHolding[]): { graded: number; total: number } {
  return {
    graded: holdings.filter((holding) => holding.rationality_score !== null).length,
    total: holdings.length,
  };
}

/**
 * Sum of score x value over sum of value, over the graded holdings with a positive value; null when
 * there is none (a graded holding without a price weighs nothing).
 */
export function valueWeightedScore(holdings: readonly ScoredHolding[]): number | null {
  let weighted = 0;
  let value = 0;
  for (const holding of holdings) {
    if (holding.rationality_score === null || holding.total_value === null || holding.total_value <= 0)
      continue;
    weighted += holding.rationality_score * holding.total_value;
    value += holding.total_value;
  }
  return value > 0 ? weighted / value : null;
}

export type DashboardScore =
  { basis: 'holdings'; score: number } | { basis: 'picks'; score: number } | { basis: 'none' };

/** The score card: the user's holdings first, else the engine's picks (labelled so), else nothing. */
export function dashboardScore(
  holdings: readonly ScoredHolding[],
  picks: readonly { rationality_score: number }[],
): DashboardScore {
  const own = valueWeightedScore(holdings);
  if (own !== null) return { basis: 'holdings', score: own };
  if (picks.length === 0) return { basis: 'none' };
  const total = picks.reduce((sum, pick) => sum + pick.rationality_score, 0);
  return { basis: 'picks', score: total / picks.length };
}

export interface LedgerPeriodReturn {
  period: string;
  start: string;
  end: string;
  /** A fraction (0.1 is +10 %), not annualised; null when nothing was held in the window. */
  time_weighted: number | null;
}

/**
 * The return since the user's first transaction (the ledger's 'MAX' window) as a percentage, with its
 * dates; null when the ledger has no such window or no return over it.
 */
export function holdingPeriodReturn(
  returns: readonly LedgerPeriodReturn[],
): { percent: number; from: string; to: string } | null {
  const max = returns.find((entry) => entry.period === 'MAX');
  if (!max || max.time_weighted === null) return null;
  return { percent: max.time_weighted * 100, from: max.start, to: max.end };
}
