import type { z } from 'zod';
import type { PortfolioHistoryPointSchema } from '@app/shared/domain/entities/market';
import type { AnalyzePortfolioPayloadSchema } from '@app/shared/domain/entities/portfolio';
import { analyzeSymbol } from '../engine/analytics/analyze-symbol';
import { analyzePortfolio, type HoldingAnalysisInput } from '../engine/analytics/portfolio-analysis';
import { ANALYSIS_HISTORY_DAYS, type EngineAnalysis } from '../market-data/market-engine';
import { addCalendarDays } from '../engine/point-in-time';
import { barOnOrBefore } from '../engine/market-dates';
import type { Bar, IsoDate, SymbolAnalysis } from '../engine/types';
import { readMarketAt } from '../market-data/market-quotes';
import type { AuthContext } from '../platform/auth-context';
import type { MarketDeps } from './market-deps';
import { assertFeature } from '../entitlements/entitlements';
import { analyzeKnownSymbol, planReadingOf } from './analysis-service';
import { resolveListOwner } from './list-access';

type HistoryPoint = z.input<typeof PortfolioHistoryPointSchema>;

interface PositionHistory {
  shares: number;
  bars: readonly Bar[];
  result: EngineAnalysis;
}

/**
 * Value of a set of positions over the last `limit` dates of the market's calendar up to the market
 * date (the dates on which a held series has a bar), with the value-weighted composite rationality
 * score at each (each holding re-analysed with only the bars up to that date). Each position is
 * read at a date as everywhere else: its last bar on or before it, at most three days old; a date on
 * which a holding has no such bar has no point (its value would be incomplete). Today's shares are
 * held throughout.
 */
export function buildPortfolioHistory(
  positions: readonly PositionHistory[],
  limit: number,
  marketDate: IsoDate,
): HistoryPoint[] {
  if (positions.length === 0) return [];
  const dates = [...new Set(positions.flatMap((position) => position.bars.map((bar) => bar.date)))]
    .filter((date) => date <= marketDate)
    .sort()
    .slice(-limit);
  const analysisAt = new Map<string, SymbolAnalysis>();
  const scoreOf = (position: PositionHistory, index: number): number => {
    const key = `${position.result.info.symbol}|${index}`;
    let analysis = analysisAt.get(key);
    if (!analysis) {
      const bar = position.bars[index] as Bar;
      analysis =
        bar.date === position.result.quote.as_of
          ? position.result.analysis
          : analyzeSymbol({
              symbol: position.result.info.symbol,
              bars: position.bars.slice(0, index + 1),
              assetType: position.result.info.asset_type,
              asOf: bar.date,
            });
      analysisAt.set(key, analysis);
    }
    return analysis.nugget_scores.composite_rationality_score;
  };
  const points: HistoryPoint[] = [];
  for (const date of dates) {
    const held = positions.map((position) => ({ position, found: barOnOrBefore(position.bars, date) }));
    if (held.some((entry) => entry.found === null)) continue;
    let total = 0;
    let weightedScore = 0;
    for (const { position, found } of held) {
      const { bar, index } = found as { bar: Bar; index: number };
      const value = position.shares * bar.close;
      total += value;
      weightedScore += value * scoreOf(position, index);
    }
    points.push({
      date,
      total_value: Math.round(total * 100) / 100,
      rationality_score: total > 0 ? Math.round((weightedScore / total) * 10) / 10 : null,
    });
  }
  return points;
}

export async function getPortfolioHistory(
  pathUser: string,
  limit: number,
  auth: AuthContext,
  deps: MarketDeps,
) {
  const owner = resolveListOwner(pathUser, auth, deps.demoUserId);
  const positions = owner.userId ? await deps.holdings.listPositions(owner.userId) : [];
  const reading = readMarketAt(deps, deps.now());
  const merged = new Map<string, number>();
  for (const position of positions)
    merged.set(position.symbol, (merged.get(position.symbol) ?? 0) + position.shares);
  const histories: PositionHistory[] = [];
  // Replay: the graded day holds every symbol with data on the date, so a held listing outside it
  // (snapshot-only) is left out without asking the store for a series it does not have.
  const graded = await reading.graded();
  for (const [symbol, shares] of merged) {
    if (graded && !graded.has(symbol.toUpperCase())) continue;
    let result: EngineAnalysis;
    try {
      result = await analyzeKnownSymbol(symbol, deps, reading);
    } catch {
      // A held listing the engine cannot price over time (snapshot-only, or no data on the market
      // date) has no history to add.
      continue;
    }
    // Enough calendar days for `limit` points plus a year of history behind the oldest one.
    const from = addCalendarDays(result.quote.as_of, -(ANALYSIS_HISTORY_DAYS + Math.ceil(limit * 1.5)));
    const bars = await deps.engine.source.provider.getDailyBars(result.info.symbol, from, result.quote.as_of);
    histories.push({ shares, bars, result });
  }
  return {
    user_id: pathUser,
    market_date: reading.marketDate.date,
    history: buildPortfolioHistory(histories, limit, reading.marketDate.date),
  };
}

/**
 * POST /ai/analyze/portfolio: the shared portfolio analysis of the posted holdings; unknown symbols
 * 404. The same advanced_analytics feature as GET /api/portfolio/analysis, so a plan without it gets
 * the same 403 here (the demo plan has it).
 */
export async function analyzePortfolioHoldings(
  holdings: z.output<typeof AnalyzePortfolioPayloadSchema>['holdings'],
  auth: AuthContext,
  deps: MarketDeps,
) {
  const { plan, reading } = await planReadingOf(auth, deps);
  assertFeature(plan.tier, 'advanced_analytics');
  const analyses: HoldingAnalysisInput[] = [];
  for (const symbol of new Set(holdings.map((holding) => holding.symbol))) {
    const { info, quote, bars, analysis } = await analyzeKnownSymbol(symbol, deps, reading);
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
  return analyzePortfolio(holdings, analyses, { marketDate: reading.marketDate.date });
}
