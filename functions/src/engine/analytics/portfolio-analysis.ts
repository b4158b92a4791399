import type { PortfolioAnalysis } from '@app/shared/domain/entities/portfolio';
import { ASSET_TYPES, type AssetType, type Grade, type RecommendationAction } from '@app/shared/domain/enums';
import { gradeToSpeculationLevel, scoreToGrade } from '@app/shared/domain/rules/grades';
import type { IsoDate } from '../types';
import { CALENDAR_DAYS_PER_YEAR, TRADING_DAYS_PER_YEAR } from './risk-metrics';
import { computeSampleStandardDeviation, computeSimpleReturns, roundTo } from './statistics';

/**
 * Portfolio analysis: GET /api/portfolio/analysis and POST /api/ai/analyze/portfolio both return these
 * figures. Pure; hand-computed scenarios in portfolio-analysis.test.ts.
 *
 * - Positions of the same symbol (any case) are added up; value = shares x current price.
 * - Allocation per asset type present (in the fixed order stock, crypto, alternative); concentration
 *   is the largest position's share and the Herfindahl index sum(w_i^2) (1 = one position).
 * - Volatility and drawdown come from the portfolio's value path at today's share counts,
 *   P_t = sum(shares_i x close_i,t), over the holdings with a price history (histories aligned on
 *   their last close, common length, at most 253 closes; `history_coverage_percent` is the share of
 *   value they carry). In replay every series advances one bar per tick of the market clock, so bar k
 *   back is the same replay step for all of them.
 *   Volatility = sample stdev of P's daily returns x sqrt(252) x 100 (sqrt(365) when every holding
 *   with history is crypto, which trades every day); at least 21 returns, else null.
 *   Max drawdown = min over the path of (P / running max - 1) x 100, <= 0; null under 2 closes.
 * - Rationality score = value-weighted mean of the engine's composite score over the holdings that
 *   have one (0.1), graded with the shared grade table.
 * - Speculation exposure = share of value in holdings whose grade means HIGH speculation (C, D). An
 *   ungraded holding is MODERATE under the shared rule, never HIGH.
 */

/** What the engine says about one symbol (null fields: the engine could not analyse it). */
export interface HoldingAnalysisInput {
  symbol: string;
  asset_type: AssetType;
  current_price: number;
  /** Date of the price; null for an undated price (the screener snapshot). */
  as_of: IsoDate | null;
  composite_rationality_score: number | null;
  investment_grade: Grade | null;
  recommendation: RecommendationAction | null;
  /** Daily closes up to the price's bar, ascending; empty without history. */
  closes: readonly number[];
}

export interface PortfolioPositionInput {
  symbol: string;
  shares: number;
}

export interface AnalyzePortfolioOptions {
  /** The market date the holdings were read at: reported as `market_date`, and as `as_of` when no holding has a dated price. */
  marketDate: IsoDate;
}

/**
 * Concentration of positions by value: the largest position's share in percent and the Herfindahl
 * index sum(w_i^2) (1 = one position). The portfolio's fact sheet reads it over the one valuation's
 * values (portfolio/portfolio-fact-sheet.ts).
 */
export function concentrationOf(positions: readonly { symbol: string; value: number }[]) {
  const total = positions.reduce((sum, position) => sum + position.value, 0);
  const weightOf = (value: number) => (total > 0 ? value / total : 0);
  const largest = positions.reduce<(typeof positions)[number] | null>(
    (best, position) => (best === null || position.value > best.value ? position : best),
    null,
  );
  return {
    largest_position_symbol: largest && total > 0 ? largest.symbol.toUpperCase() : null,
    largest_position_percent: largest ? roundTo(weightOf(largest.value) * 100, 2) : 0,
    herfindahl_index: roundTo(
      positions.reduce((sum, position) => sum + weightOf(position.value) ** 2, 0),
      4,
    ),
  };
}

export const PORTFOLIO_HISTORY_MAX_CLOSES = 253;
export const PORTFOLIO_VOLATILITY_MIN_RETURNS = 21;

/** sum(shares x close) per bar, histories aligned on their last close, over the common length. */
export function buildPortfolioValueSeries(
  positions: readonly { shares: number; closes: readonly number[] }[],
  maxCloses = PORTFOLIO_HISTORY_MAX_CLOSES,
): number[] {
  if (positions.length === 0) return [];
  const length = Math.min(maxCloses, ...positions.map((position) => position.closes.length));
  const series = new Array<number>(length).fill(0);
  for (const position of positions) {
    const offset = position.closes.length - length;
    for (let t = 0; t < length; t += 1) {
      series[t] = (series[t] as number) + position.shares * (position.closes[offset + t] as number);
    }
  }
  return series;
}

/** Max drawdown of a value path in percent (<= 0); null under 2 values. */
export function computeSeriesDrawdown(values: readonly number[]): number | null {
  if (values.length < 2) return null;
  let peak = values[0] as number;
  let worst = 0;
  for (const value of values) {
    if (value > peak) peak = value;
    if (peak > 0) worst = Math.min(worst, value / peak - 1);
  }
  return worst * 100;
}

export function analyzePortfolio(
  positions: readonly PortfolioPositionInput[],
  analyses: readonly HoldingAnalysisInput[],
  options: AnalyzePortfolioOptions,
): PortfolioAnalysis {
  const bySymbol = new Map(analyses.map((analysis) => [analysis.symbol.toUpperCase(), analysis]));
  const sharesBySymbol = new Map<string, number>();
  for (const position of positions) {
    const symbol = position.symbol.toUpperCase();
    if (!bySymbol.has(symbol)) throw new RangeError(`analyzePortfolio: no analysis input for ${symbol}`);
    sharesBySymbol.set(symbol, (sharesBySymbol.get(symbol) ?? 0) + position.shares);
  }
  const holdings = [...sharesBySymbol].map(([symbol, shares]) => {
    const input = bySymbol.get(symbol) as HoldingAnalysisInput;
    return { input, shares, value: shares * input.current_price };
  });
  const total = holdings.reduce((sum, holding) => sum + holding.value, 0);
  const weightOf = (value: number) => (total > 0 ? value / total : 0);

  const allocation = ASSET_TYPES.flatMap((assetType) => {
    const ofType = holdings.filter((holding) => holding.input.asset_type === assetType);
    if (ofType.length === 0) return [];
    const value = ofType.reduce((sum, holding) => sum + holding.value, 0);
    return [{ asset_type: assetType, value: roundTo(value, 2), percent: roundTo(weightOf(value) * 100, 2) }];
  });

  const withHistory = holdings.filter((holding) => holding.input.closes.length > 1);
  const valuePath = buildPortfolioValueSeries(
    withHistory.map((holding) => ({ shares: holding.shares, closes: holding.input.closes })),
  );
  const returns = computeSimpleReturns(valuePath);
  const allCrypto =
    withHistory.length > 0 && withHistory.every((holding) => holding.input.asset_type === 'crypto');
  const annualisation = allCrypto ? CALENDAR_DAYS_PER_YEAR : TRADING_DAYS_PER_YEAR;
  const volatility =
    returns.length >= PORTFOLIO_VOLATILITY_MIN_RETURNS
      ? roundTo(computeSampleStandardDeviation(returns) * Math.sqrt(annualisation) * 100, 2)
      : null;
  const drawdown = computeSeriesDrawdown(valuePath);
  const coverage = withHistory.reduce((sum, holding) => sum + weightOf(holding.value), 0);

  const scored = holdings.filter((holding) => holding.input.composite_rationality_score !== null);
  const scoredValue = scored.reduce((sum, holding) => sum + holding.value, 0);
  const scoreSum = scored.reduce(
    (sum, holding) => sum + holding.value * (holding.input.composite_rationality_score as number),
    0,
  );
  const rationality = scoredValue > 0 ? roundTo(scoreSum / scoredValue, 1) : null;
  const speculativeValue = holdings
    .filter(
      (holding) =>
        holding.input.investment_grade !== null &&
        gradeToSpeculationLevel(holding.input.investment_grade) === 'HIGH',
    )
    .reduce((sum, holding) => sum + holding.value, 0);

  const dated = holdings
    .map((holding) => holding.input.as_of)
    .filter((date): date is string => date !== null)
    .sort();
  const asOf = dated.at(-1) ?? options.marketDate;

  return {
    total_value: roundTo(total, 2),
    allocation,
    concentration: concentrationOf(
      holdings.map((holding) => ({ symbol: holding.input.symbol, value: holding.value })),
    ),
    volatility_annualized: volatility,
    max_drawdown: drawdown === null ? null : roundTo(drawdown, 2),
    history_coverage_percent: roundTo(coverage * 100, 2),
    rationality_score: rationality,
    investment_grade: scoreToGrade(rationality),
    speculation_exposure_percent: roundTo(weightOf(speculativeValue) * 100, 2),
    holdings: holdings.map((holding) => ({
      symbol: holding.input.symbol.toUpperCase(),
      weight: roundTo(weightOf(holding.value), 4),
      investment_grade: holding.input.investment_grade,
      recommendation: holding.input.recommendation,
    })),
    as_of: asOf,
    market_date: options.marketDate,
  };
}
