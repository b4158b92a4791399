import type { z } from 'zod';
import type { MarketCatalyst } from '@app/shared/domain/entities/catalysts';
import type { SymbolFactSheetSchema } from '@app/shared/domain/entities/fact-sheet';
import { assembleSymbolFacts, factsAtLevel } from '../engine/fact-sheet';
import { chargeDetailView, detailLevelOf } from '../entitlements/detail-views';
import { toContractNuggetScores } from '../market-data/engine-mappers';
import type { AuthContext } from '../platform/auth-context';
import type { Render } from '../platform/messages';
import type { MarketDeps } from './market-deps';
import { analyzeKnownSymbol, planReadingOf } from './analysis-service';

/*
 * GET /api/ai/fact-sheet/{symbol} (docs/product.md "Fact sheets"): the one analysis the other routes
 * answer with (analysis-service.ts analyzeKnownSymbol, at the caller's reading of the market), laid
 * out as facts by the engine (engine/fact-sheet.ts). A detail like the nugget analysis: it counts the
 * caller's ai_recommendations quota once per symbol a day, and a plan without full details reads the
 * grade, the composite, each factor's score, weight and sentence, the risk level, the price and the
 * catalysts, not the figures behind them.
 */

/** The symbol's scored news (the catalysts route's), or none when the news cannot be read. */
export type SymbolCatalysts = (symbol: string) => Promise<readonly MarketCatalyst[]>;

export async function getSymbolFactSheet(
  symbol: string,
  auth: AuthContext,
  render: Render,
  deps: MarketDeps,
  catalysts: SymbolCatalysts,
): Promise<z.input<typeof SymbolFactSheetSchema>> {
  const { plan, reading } = await planReadingOf(auth, deps);
  const result = await analyzeKnownSymbol(symbol, deps, reading);
  const quota = await chargeDetailView(plan, result.info.symbol, deps.now(), deps);
  const level = detailLevelOf(plan.tier);
  const scores = toContractNuggetScores(result.analysis.nugget_scores, render);
  const marketDate = reading.marketDate.date;
  const facts = assembleSymbolFacts({
    info: result.info,
    analysis: result.analysis,
    scores,
    fundamentals: result.fundamentals ?? null,
    catalysts: await catalysts(result.info.symbol),
    marketDate,
  });
  const notes = Object.fromEntries(
    (scores.factors ?? []).flatMap((factor) => (factor.note ? [[`factor.${factor.name}`, factor.note]] : [])),
  );
  return {
    symbol: result.info.symbol,
    name: result.info.name,
    market_date: marketDate,
    detail_level: level,
    detail_quota: quota,
    facts: factsAtLevel(facts, level),
    notes,
  };
}
