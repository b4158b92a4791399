import type { z } from 'zod';
import type { CounterfactualsResponseSchema, GradeShift } from '@app/shared/domain/entities/counterfactuals';
import { message, type Message } from '@app/shared/messages/message';
import {
  computeCounterfactuals,
  realisticRanges,
  type FactorCounterfactual,
  type GradeShift as EngineShift,
  type RealisticRange,
} from '../engine/counterfactuals/counterfactuals';
import type { NuggetScores } from '../engine/types';
import type { MarketReading } from '../market-data/market-quotes';
import type { AuthContext } from '../platform/auth-context';
import { logger } from '../platform/observability';
import type { Render } from '../platform/messages';
import type { MarketDeps } from './market-deps';
import { analyzeKnownSymbol, planReadingOf } from './analysis-service';

/*
 * GET /api/ai/counterfactuals/{symbol} (docs/product.md "Counterfactuals"): the engine's
 * counterfactuals (engine/counterfactuals/) of the symbol as graded at the market date, the realistic
 * ranges read from every symbol graded that date (replay: the stored graded day; live, or before the
 * day is stored, the universe's own analyses), each shift stated in the caller's language.
 */

type Deps = Pick<MarketDeps, 'engine' | 'prices' | 'now' | 'users' | 'marketDay'>;

interface UniverseRanges {
  size: number;
  ranges: Map<string, RealisticRange | null>;
}

/** A date's ranges never change once its graded day is complete: each process keeps the last few. */
const rangesByDate = new Map<string, UniverseRanges>();
const DATES_KEPT = 3;

async function universeScores(reading: MarketReading, deps: Deps): Promise<NuggetScores[]> {
  const day = await reading.graded();
  if (day) return [...day.values()].flatMap((row) => (row.analysis ? [row.analysis.nugget_scores] : []));
  const universe = await deps.engine.listUniverse();
  const quotes = await reading.quotes(universe.map((info) => info.symbol));
  const scores: NuggetScores[] = [];
  for (const info of universe) {
    const quote = quotes.get(info.symbol);
    if (!quote) continue;
    try {
      scores.push((await deps.engine.analyze(info.symbol, { quote })).analysis.nugget_scores);
    } catch (error: unknown) {
      logger.warn('counterfactual range: symbol skipped', {
        symbol: info.symbol,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return scores;
}

async function rangesAt(reading: MarketReading, deps: Deps): Promise<UniverseRanges> {
  const date = reading.marketDate.date;
  const kept = rangesByDate.get(date);
  if (kept) return kept;
  const scores = await universeScores(reading, deps);
  const found = { size: scores.length, ranges: realisticRanges(scores) };
  // Only a stored day is final; live ranges are read again next time.
  if (reading.mode === 'replay' && (await reading.graded())) {
    rangesByDate.set(date, found);
    while (rangesByDate.size > DATES_KEPT) rangesByDate.delete(rangesByDate.keys().next().value as string);
  }
  return found;
}

function sentenceOf(factor: FactorCounterfactual, shift: EngineShift): Message {
  if (shift.outcome === 'unreachable') {
    return message('COUNTERFACTUAL_UNREACHABLE', { grade: shift.grade, input: factor.input });
  }
  const params = {
    grade: shift.grade,
    input: factor.input,
    value: shift.value,
    current: factor.current as number,
  };
  if (factor.unit !== 'percent') return message('COUNTERFACTUAL_NUMBER', params);
  return factor.input.startsWith('momentum')
    ? message('COUNTERFACTUAL_SIGNED_PERCENT', params)
    : message('COUNTERFACTUAL_PERCENT', params);
}

function shiftOf(factor: FactorCounterfactual, shift: EngineShift | null, render: Render): GradeShift | null {
  if (!shift) return null;
  return {
    outcome: shift.outcome,
    grade: shift.grade,
    value: shift.outcome === 'reachable' ? shift.value : null,
    text: render(sentenceOf(factor, shift)),
  };
}

export async function getCounterfactuals(
  symbol: string,
  auth: AuthContext,
  render: Render,
  deps: Deps,
): Promise<z.input<typeof CounterfactualsResponseSchema>> {
  const { reading } = await planReadingOf(auth, deps);
  const result = await analyzeKnownSymbol(symbol, deps, reading);
  const fundamentals = await deps.engine.source.fundamentalsFor(result.info.ticker, result.quote.as_of);
  const universe = await rangesAt(reading, deps);
  const counterfactuals = computeCounterfactuals(
    {
      riskMetrics: result.analysis.risk_metrics,
      fundamentals,
      snapshot: null,
      price: result.analysis.current_price,
    },
    universe.ranges,
  );
  return {
    symbol: result.info.symbol,
    market_date: reading.marketDate.date,
    grade: counterfactuals.grade,
    composite: counterfactuals.composite,
    universe_size: universe.size,
    factors: counterfactuals.factors.map((factor) => ({
      factor: factor.factor,
      input: factor.input,
      unit: factor.unit,
      current: factor.current,
      range: factor.range,
      up: shiftOf(factor, factor.up, render),
      down: shiftOf(factor, factor.down, render),
    })),
  };
}
