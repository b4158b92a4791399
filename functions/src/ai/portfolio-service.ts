import type { z } from 'zod';
import type { PortfolioHistoryPointSchema } from '@app/shared/domain/entities/market';
import type { AnalyzePortfolioPayloadSchema } from '@app/shared/domain/entities/portfolio';
import { analyzeSymbol } from '../engine/analytics/analyze-symbol';
import { analyzePortfolio, type HoldingAnalysisInput } from '../engine/analytics/portfolio-analysis';
import { ANALYSIS_HISTORY_DAYS, type EngineAnalysis } from '../market-data/market-engine';
import { addCalendarDays } from '../engine/point-in-time';
import type { Bar, SymbolAnalysis } from '../engine/types';
import type { AuthContext } from '../platform/auth-context';
import type { AiDeps } from './ai-deps';
import { assertFeature } from '../entitlements/entitlements';
import { analyzeKnownSymbol, planOf } from './analysis-service';
import { resolveListOwner } from './list-access';

type HistoryPoint = z.input<typeof PortfolioHistoryPointSchema>;

interface PositionHistory {
  shares: number;
  bars: readonly Bar[];
  result: EngineAnalysis;
}

/**
 * Value of a set of positions over the last `limit` bars, with the value-weighted composite
 * rationality score at each point (each holding re-analysed with only the bars up to that point).
 * Histories are aligned by position from each one's latest bar, as in the portfolio analysis: the
 * replay's series sit on different calendar dates but advance together, one bar per clock tick. A
 * point's date is that of the largest position's bar. Today's shares are held throughout.
 */
export function buildPortfolioHistory(positions: readonly PositionHistory[], limit: number): HistoryPoint[] {
  if (positions.length === 0) return [];
  const anchor = positions.reduce((best, position) =>
    position.shares * position.result.quote.price > best.shares * best.result.quote.price ? position : best,
  );
  const length = Math.min(limit, ...positions.map((position) => position.bars.length));
  const points: HistoryPoint[] = [];
  for (let back = length - 1; back >= 0; back -= 1) {
    let total = 0;
    let weightedScore = 0;
    for (const position of positions) {
      const end = position.bars.length - back;
      const bar = position.bars[end - 1] as Bar;
      const value = position.shares * bar.close;
      const analysis: SymbolAnalysis =
        back === 0
          ? position.result.analysis
          : analyzeSymbol({
              symbol: position.result.info.symbol,
              bars: position.bars.slice(0, end),
              assetType: position.result.info.asset_type,
              asOf: bar.date,
            });
      total += value;
      weightedScore += value * analysis.nugget_scores.composite_rationality_score;
    }
    const anchorBar = anchor.bars[anchor.bars.length - 1 - back] as Bar;
    points.push({
      date: anchorBar.date,
      total_value: Math.round(total * 100) / 100,
      rationality_score: total > 0 ? Math.round((weightedScore / total) * 10) / 10 : null,
    });
  }
  return points;
}

export async function getPortfolioHistory(pathUser: string, limit: number, auth: AuthContext, deps: AiDeps) {
  const owner = resolveListOwner(pathUser, auth, deps.demoUserId);
  const positions = owner.userId ? await deps.holdings.listPositions(owner.userId) : [];
  const merged = new Map<string, number>();
  for (const position of positions)
    merged.set(position.symbol, (merged.get(position.symbol) ?? 0) + position.shares);
  const histories: PositionHistory[] = [];
  for (const [symbol, shares] of merged) {
    let result: EngineAnalysis;
    try {
      result = await analyzeKnownSymbol(symbol, deps);
    } catch {
      // A held listing the engine cannot price over time (e.g. snapshot-only) has no history to add.
      continue;
    }
    // Enough calendar days for `limit` points plus a year of history behind the oldest one.
    const from = addCalendarDays(result.quote.as_of, -(ANALYSIS_HISTORY_DAYS + Math.ceil(limit * 1.5)));
    const bars = await deps.engine.source.provider.getDailyBars(result.info.symbol, from, result.quote.as_of);
    histories.push({ shares, bars, result });
  }
  return { user_id: pathUser, history: buildPortfolioHistory(histories, limit) };
}

/**
 * POST /ai/analyze/portfolio: the shared portfolio analysis of the posted holdings; unknown symbols
 * 404. The same advanced_analytics feature as GET /api/portfolio/analysis, so a plan without it gets
 * the same 403 here (the demo plan has it).
 */
export async function analyzePortfolioHoldings(
  holdings: z.output<typeof AnalyzePortfolioPayloadSchema>['holdings'],
  auth: AuthContext,
  deps: AiDeps,
) {
  const { plan, quotes } = await planOf(auth, deps);
  assertFeature(plan.tier, 'advanced_analytics');
  const analyses: HoldingAnalysisInput[] = [];
  for (const symbol of new Set(holdings.map((holding) => holding.symbol))) {
    const { info, quote, bars, analysis } = await analyzeKnownSymbol(symbol, deps, quotes);
    analyses.push({
      symbol: info.symbol,
      asset_type: info.asset_type,
      current_price: quote.price,
      as_of: quote.as_of,
      composite_rationality_score: analysis.nugget_scores.composite_rationality_score,
      investment_grade: analysis.nugget_scores.investment_grade,
      recommendation: analysis.recommendation.action,
      closes: bars.map((bar) => bar.close),
    });
  }
  return analyzePortfolio(holdings, analyses, { fallbackAsOf: deps.now().toISOString().slice(0, 10) });
}
