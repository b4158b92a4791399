import type { AnalyzeSymbolInput, SymbolAnalysis } from '../types';
import { computeNuggetScores, orientFactorScore } from './nugget-scores';
import { buildRecommendation } from './recommendation';
import { computeRiskMetrics } from './risk-metrics';
import { computeVolumeAnalysis } from './volume-analysis';

export class InsufficientHistoryError extends Error {
  constructor(
    readonly symbol: string,
    readonly asOf: string,
  ) {
    super(`No bar for '${symbol}' on or before ${asOf}.`);
    this.name = 'InsufficientHistoryError';
  }
}

/**
 * Full analysis of one symbol on one date. Bars after `asOf` are dropped before anything is
 * computed, so passing a whole series is safe and never leaks the future.
 */
export function analyzeSymbol(input: AnalyzeSymbolInput): SymbolAnalysis {
  const bars = trimBarsToDate(input.bars, input.asOf);
  const lastBar = bars[bars.length - 1];
  if (!lastBar) throw new InsufficientHistoryError(input.symbol, input.asOf);
  const riskMetrics = computeRiskMetrics(bars, input.assetType);
  const volumeAnalysis = computeVolumeAnalysis(bars);
  const nuggetScores = computeNuggetScores({
    riskMetrics,
    fundamentals: input.fundamentals ?? null,
    snapshot: input.snapshot ?? null,
    price: lastBar.close,
  });
  const recommendation = buildRecommendation({
    grade: nuggetScores.investment_grade,
    compositeScore: nuggetScores.composite_rationality_score,
    currentPrice: lastBar.close,
    volatility1Month: riskMetrics.volatility_1month,
    dataCompleteness: nuggetScores.data_completeness,
    orientedFactorScores: nuggetScores.factors
      .filter((factor) => factor.status !== 'no_data')
      .map((factor) => orientFactorScore(factor)),
  });
  return {
    symbol: input.symbol,
    as_of: input.asOf,
    price_date: lastBar.date,
    current_price: lastBar.close,
    asset_type: input.assetType,
    risk_metrics: riskMetrics,
    volume_analysis: volumeAnalysis,
    nugget_scores: nuggetScores,
    recommendation,
  };
}

/** Bars with date <= asOf. Bars are ascending, so a binary search finds the cut. */
export function trimBarsToDate<T extends { date: string }>(bars: readonly T[], asOf: string): readonly T[] {
  let low = 0;
  let high = bars.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((bars[middle] as T).date <= asOf) low = middle + 1;
    else high = middle;
  }
  return low === bars.length ? bars : bars.slice(0, low);
}
