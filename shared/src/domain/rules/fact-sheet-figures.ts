import type { SymbolFactSheet } from '../entities/fact-sheet';
import { RiskMetricsSchema, type DatedPeriod, type NuggetScores, type RiskMetrics } from '../entities/market';
import { explainedScoresOf, factValue } from './fact-sheet-factors';
import { NEUTRAL_FACTOR_SCORE } from './score-factors';

/*
 * A recommendation's score and risk figures read back from the symbol's fact sheet (docs/product.md
 * "Fact sheets"), so the recommendation's detail and the screener's explained score show the same
 * figures from one source and the sites compute none.
 */

type Sheet = Pick<SymbolFactSheet, 'facts' | 'notes'>;

function numberOf(sheet: Sheet, id: string): number | null {
  const value = factValue(sheet.facts, id);
  return typeof value === 'number' ? value : null;
}

/**
 * The nugget scores of the sheet: the grade, the composite, each factor (explainedScoresOf) and its
 * score under the card's name, the engine's neutral 50 where the factor had no data (the engine scores
 * such a factor 50 and weighs it 0: engine types "FactorScore"). The key nuggets are sentences, not
 * figures: the caller's own.
 */
export function nuggetScoresOf(sheet: Sheet, keyNuggets: readonly string[]): NuggetScores {
  const explained = explainedScoresOf(sheet);
  const score = (name: string) =>
    explained.factors.find((factor) => factor.name === name)?.score ?? NEUTRAL_FACTOR_SCORE;
  return {
    ...explained,
    financial_health_score: score('financial_health'),
    growth_quality_score: score('growth_quality'),
    value_score: score('value'),
    momentum_score: score('momentum'),
    risk_score: score('risk'),
    risk_reward_ratio: numberOf(sheet, 'score.risk_reward_ratio') ?? 0,
    key_nuggets: [...keyNuggets],
  };
}

const PERIODS = { momentum_1w: '1w', momentum_1m: '1m', momentum_3m: '3m' } as const;

/** The dates a momentum compares: its first close (`.from`) and the day its change describes. */
function periodOf(sheet: Sheet, key: string): DatedPeriod | null {
  const from = factValue(sheet.facts, `momentum.${key}.from`);
  const change = sheet.facts.find((fact) => fact.id === `momentum.${key}.change`);
  return typeof from === 'string' && change ? { from, to: change.as_of } : null;
}

/** The risk measures of a 'full' sheet, or undefined for a 'basic' one (it leaves them out). */
export function riskMetricsOf(sheet: Sheet): RiskMetrics | undefined {
  if (factValue(sheet.facts, 'risk.volatility_1m') === undefined) return undefined;
  return RiskMetricsSchema.parse({
    volatility_1month: numberOf(sheet, 'risk.volatility_1m'),
    volatility_regime: factValue(sheet.facts, 'risk.volatility_regime') ?? null,
    momentum_1w: numberOf(sheet, 'momentum.1w.change'),
    momentum_1m: numberOf(sheet, 'momentum.1m.change'),
    momentum_3m: numberOf(sheet, 'momentum.3m.change'),
    momentum_periods: Object.fromEntries(
      Object.entries(PERIODS).map(([period, key]) => [period, periodOf(sheet, key)]),
    ),
    max_drawdown: numberOf(sheet, 'risk.max_drawdown_1y'),
    sharpe_estimation: numberOf(sheet, 'risk.sharpe_1y'),
  });
}
