import type {
  FactorName,
  FactorScore,
  InputValue,
  NuggetScores,
  PointInTimeFundamentals,
  RiskMetrics,
  SnapshotListing,
  SubScore,
} from '../types';
import { describeKeyNuggets } from './key-nuggets';
import { computeRiskRewardRatio, gradeOfComposite } from './recommendation';
import { roundTo, scaleToScore } from './statistics';

/*
 * Nugget scores (methodology: market/README.md). Every factor is a weighted mean of sub-scores;
 * each sub-score maps one real input linearly onto 0-100 between two documented anchors. Missing
 * inputs are dropped and the remaining weights renormalised; a factor with no input at all scores a
 * neutral 50, is marked 'no_data' and gets no weight in the composite.
 */

/** Composite weights. Risk enters as (100 - risk_score). They sum to 1. */
export const FACTOR_WEIGHTS: Record<FactorName, number> = {
  financial_health: 0.25,
  growth_quality: 0.15,
  value: 0.2,
  momentum: 0.15,
  risk: 0.25,
};

export const NEUTRAL_SCORE = 50;

interface ComponentSpec {
  name: string;
  value: number | null;
  unit: SubScore['unit'];
  weight: number;
  /** Maps the (non-null) value to 0-100. */
  toScore: (value: number) => number;
}

function buildFactor(
  name: FactorName,
  specs: readonly ComponentSpec[],
  inputs: Record<string, InputValue>,
  higherIsBetter: boolean,
): FactorScore {
  const components: SubScore[] = specs.map((spec) => ({
    name: spec.name,
    value: spec.value,
    unit: spec.unit,
    score: spec.value === null ? null : roundTo(spec.toScore(spec.value), 2),
    weight: spec.weight,
  }));
  const available = components.filter((component) => component.score !== null);
  const totalWeight = components.reduce((sum, component) => sum + component.weight, 0);
  const availableWeight = available.reduce((sum, component) => sum + component.weight, 0);
  const score =
    availableWeight > 0
      ? available.reduce((sum, component) => sum + (component.score as number) * component.weight, 0) /
        availableWeight
      : NEUTRAL_SCORE;
  return {
    name,
    score: roundTo(score, 1),
    weight: FACTOR_WEIGHTS[name],
    effective_weight: 0,
    status: availableWeight === 0 ? 'no_data' : availableWeight < totalWeight ? 'partial' : 'ok',
    higher_is_better: higherIsBetter,
    inputs,
    components,
  };
}

function percentChange(latest: number | null, previous: number | null): number | null {
  if (latest === null || previous === null || !(previous > 0)) return null;
  return (latest / previous - 1) * 100;
}

export function scoreMomentum(risk: RiskMetrics): FactorScore {
  return buildFactor(
    'momentum',
    [
      // +/-20 % in a quarter, +/-10 % in a month, +/-5 % in a week: roughly two monthly sigmas of a
      // typical stock, so only a clear trend saturates the score.
      {
        name: 'momentum_3m',
        value: risk.momentum_3m,
        unit: 'percent',
        weight: 0.5,
        toScore: (v) => scaleToScore(v, -20, 20),
      },
      {
        name: 'momentum_1m',
        value: risk.momentum_1m,
        unit: 'percent',
        weight: 0.3,
        toScore: (v) => scaleToScore(v, -10, 10),
      },
      {
        name: 'momentum_1w',
        value: risk.momentum_1w,
        unit: 'percent',
        weight: 0.2,
        toScore: (v) => scaleToScore(v, -5, 5),
      },
    ],
    { momentum_1w: risk.momentum_1w, momentum_1m: risk.momentum_1m, momentum_3m: risk.momentum_3m },
    true,
  );
}

export function scoreRisk(risk: RiskMetrics): FactorScore {
  const swing = risk.momentum_3m === null ? null : Math.abs(risk.momentum_3m);
  return buildFactor(
    'risk',
    [
      // 10 % annual volatility is bond-like calm; 80 % is crypto or meme-stock territory.
      {
        name: 'volatility_1month',
        value: risk.volatility_1month,
        unit: 'percent',
        weight: 0.5,
        toScore: (v) => scaleToScore(v, 10, 80),
      },
      // A 50 % fall within a year (S&P 500 2008, BTC corrections) is the worst case we scale to.
      {
        name: 'max_drawdown',
        value: risk.max_drawdown,
        unit: 'percent',
        weight: 0.3,
        toScore: (v) => scaleToScore(v, 0, -50),
      },
      // A 60 % move in a quarter, up or down, is speculation whatever its direction (anti-hype).
      {
        name: 'speculative_swing_3m',
        value: swing,
        unit: 'percent',
        weight: 0.2,
        toScore: (v) => scaleToScore(v, 0, 60),
      },
    ],
    {
      volatility_1month: risk.volatility_1month,
      volatility_regime: risk.volatility_regime,
      max_drawdown: risk.max_drawdown,
      momentum_3m: risk.momentum_3m,
    },
    false,
  );
}

export function scoreFinancialHealth(
  fundamentals: PointInTimeFundamentals | null,
  snapshot: SnapshotListing | null,
): FactorScore {
  const latest = fundamentals?.latest ?? null;
  let debtToEquity: number | null = null;
  if (latest && latest.total_equity !== null && latest.long_term_debt !== null) {
    const debt = latest.long_term_debt + (latest.short_term_debt ?? 0);
    // Negative equity makes the ratio meaningless; it is scored as the worst leverage.
    debtToEquity = latest.total_equity > 0 ? debt / latest.total_equity : Number.POSITIVE_INFINITY;
  }
  // Snapshot inputs only stand in when there is no annual report for the symbol.
  const reportComponents: ComponentSpec[] = [
    {
      name: 'profit_margin',
      value: latest?.profit_margin_pct ?? null,
      unit: 'percent',
      weight: 0.3,
      toScore: (v) => scaleToScore(v, -10, 25),
    },
    {
      name: 'debt_to_equity',
      value: debtToEquity,
      unit: 'ratio',
      weight: 0.3,
      toScore: (v) => (Number.isFinite(v) ? scaleToScore(v, 3, 0) : 0),
    },
    {
      name: 'current_ratio',
      value: latest?.current_ratio ?? null,
      unit: 'ratio',
      weight: 0.2,
      toScore: (v) => scaleToScore(v, 0.5, 2),
    },
    {
      name: 'return_on_equity',
      value: latest?.after_tax_roe_pct ?? null,
      unit: 'percent',
      weight: 0.2,
      toScore: (v) => scaleToScore(v, 0, 25),
    },
  ];
  const snapshotComponents: ComponentSpec[] = [
    {
      name: 'eps_ttm',
      value: snapshot?.eps_ttm ?? null,
      unit: 'usd',
      weight: 0.5,
      toScore: (v) => (v > 0 ? 100 : 0),
    },
    // $300 M (micro cap) to $200 bn (mega cap) on a log scale: size buys resilience.
    {
      name: 'market_cap',
      value: snapshot?.market_cap ?? null,
      unit: 'usd',
      weight: 0.5,
      toScore: (v) => (v > 0 ? scaleToScore(Math.log10(v), Math.log10(3e8), Math.log10(2e11)) : 0),
    },
  ];
  return buildFactor(
    'financial_health',
    !latest && snapshot ? snapshotComponents : reportComponents,
    {
      source: latest ? `annual report ${latest.period_ending}` : snapshot ? 'screener snapshot' : null,
      profit_margin_pct: latest?.profit_margin_pct ?? null,
      debt_to_equity:
        debtToEquity === null || !Number.isFinite(debtToEquity) ? null : roundTo(debtToEquity, 4),
      negative_equity: latest ? (latest.total_equity ?? 0) <= 0 : null,
      current_ratio: latest?.current_ratio ?? null,
      return_on_equity_pct: latest?.after_tax_roe_pct ?? null,
      eps_ttm: latest ? null : (snapshot?.eps_ttm ?? null),
      market_cap: latest ? null : (snapshot?.market_cap ?? null),
    },
    true,
  );
}

export function scoreGrowthQuality(
  fundamentals: PointInTimeFundamentals | null,
  snapshot: SnapshotListing | null,
): FactorScore {
  const latest = fundamentals?.latest ?? null;
  const previous = fundamentals?.previous ?? null;
  const revenueGrowth = percentChange(latest?.total_revenue ?? null, previous?.total_revenue ?? null);
  // Net income growth, not EPS growth: it is immune to splits and buybacks.
  const reportGrowth = percentChange(latest?.net_income ?? null, previous?.net_income ?? null);
  const earningsGrowth = latest ? reportGrowth : (snapshot?.eps_growth_ttm_yoy_pct ?? null);
  const marginTrend =
    latest?.operating_margin_pct != null && previous?.operating_margin_pct != null
      ? latest.operating_margin_pct - previous.operating_margin_pct
      : null;
  const earningsComponent: ComponentSpec = {
    name: 'earnings_growth',
    value: earningsGrowth,
    unit: 'percent',
    weight: 0.35,
    toScore: (v) => scaleToScore(v, -20, 30),
  };
  return buildFactor(
    'growth_quality',
    // The snapshot only has EPS growth; revenue and margins come from annual reports.
    !latest && snapshot
      ? [earningsComponent]
      : [
          {
            name: 'revenue_growth',
            value: revenueGrowth,
            unit: 'percent',
            weight: 0.35,
            toScore: (v) => scaleToScore(v, -10, 20),
          },
          earningsComponent,
          // Growth that widens margins is quality; growth bought with thinner margins is not.
          {
            name: 'operating_margin_trend',
            value: marginTrend,
            unit: 'percent',
            weight: 0.3,
            toScore: (v) => scaleToScore(v, -5, 5),
          },
        ],
    {
      source: latest
        ? `annual reports ${previous?.period_ending ?? '-'} to ${latest.period_ending}`
        : snapshot
          ? 'screener snapshot'
          : null,
      revenue_growth_pct: revenueGrowth,
      earnings_growth_pct: earningsGrowth,
      operating_margin_change_pts: marginTrend,
    },
    true,
  );
}

export function scoreValue(
  fundamentals: PointInTimeFundamentals | null,
  snapshot: SnapshotListing | null,
  price: number,
): FactorScore {
  const latest = fundamentals?.latest ?? null;
  let peRatio: number | null = null;
  let eps: number | null = null;
  if (latest && latest.earnings_per_share !== null && fundamentals) {
    eps = latest.earnings_per_share / fundamentals.eps_split_factor;
    peRatio = eps !== 0 ? price / eps : null;
  } else if (snapshot?.pe_ratio != null) {
    peRatio = snapshot.pe_ratio;
  } else if (snapshot?.eps_ttm != null && snapshot.eps_ttm <= 0) {
    // Screeners leave P/E blank for loss makers; a loss is the worst valuation, not missing data.
    peRatio = snapshot.eps_ttm === 0 ? null : price / snapshot.eps_ttm;
  }
  return buildFactor(
    'value',
    [
      // The S&P 500's long-run P/E is about 16: 10 is deep value, 40 prices in years of growth.
      // Losses (P/E <= 0) score 0.
      {
        name: 'pe_ratio',
        value: peRatio,
        unit: 'ratio',
        weight: 0.7,
        toScore: (v) => (v > 0 ? scaleToScore(v, 40, 10) : 0),
      },
      {
        name: 'dividend_yield',
        value: snapshot?.dividend_yield_pct ?? null,
        unit: 'percent',
        weight: 0.3,
        toScore: (v) => scaleToScore(v, 0, 4),
      },
    ],
    {
      price,
      pe_ratio: peRatio,
      eps_split_adjusted: eps,
      eps_split_factor: fundamentals?.eps_split_factor ?? null,
      dividend_yield_pct: snapshot?.dividend_yield_pct ?? null,
    },
    true,
  );
}

/** Score counted in the composite: risk is inverted so that higher is always better. */
export function orientFactorScore(factor: FactorScore): number {
  return factor.higher_is_better ? factor.score : 100 - factor.score;
}

export interface ComputeNuggetScoresInput {
  riskMetrics: RiskMetrics;
  fundamentals: PointInTimeFundamentals | null;
  snapshot: SnapshotListing | null;
  price: number;
}

export function computeNuggetScores(input: ComputeNuggetScoresInput): NuggetScores {
  const factors = [
    scoreFinancialHealth(input.fundamentals, input.snapshot),
    scoreGrowthQuality(input.fundamentals, input.snapshot),
    scoreValue(input.fundamentals, input.snapshot, input.price),
    scoreMomentum(input.riskMetrics),
    scoreRisk(input.riskMetrics),
  ];
  const withData = factors.filter((factor) => factor.status !== 'no_data');
  const weightWithData = withData.reduce((sum, factor) => sum + factor.weight, 0);
  for (const factor of withData) factor.effective_weight = roundTo(factor.weight / weightWithData, 4);

  const composite =
    weightWithData > 0
      ? withData.reduce((sum, factor) => sum + orientFactorScore(factor) * factor.weight, 0) / weightWithData
      : NEUTRAL_SCORE;
  const compositeRounded = roundTo(composite, 1);

  // Completeness weighs each factor by the share of its component weight that had data.
  const dataCompleteness = factors.reduce((sum, factor) => {
    const total = factor.components.reduce((acc, component) => acc + component.weight, 0);
    const present = factor.components
      .filter((component) => component.score !== null)
      .reduce((acc, component) => acc + component.weight, 0);
    return sum + factor.weight * (total > 0 ? present / total : 0);
  }, 0);

  const byName = (name: FactorName): FactorScore =>
    factors.find((factor) => factor.name === name) as FactorScore;
  const volatility = input.riskMetrics.volatility_1month;
  return {
    investment_grade: gradeOfComposite(compositeRounded),
    composite_rationality_score: compositeRounded,
    financial_health_score: byName('financial_health').score,
    growth_quality_score: byName('growth_quality').score,
    value_score: byName('value').score,
    momentum_score: byName('momentum').score,
    risk_score: byName('risk').score,
    risk_reward_ratio: roundTo(computeRiskRewardRatio(compositeRounded, volatility), 2),
    key_nuggets: describeKeyNuggets(factors),
    factors,
    data_completeness: roundTo(dataCompleteness, 4),
  };
}
