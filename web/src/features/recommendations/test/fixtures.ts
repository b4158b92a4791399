import type { Fact, SymbolFactSheet } from '@app/shared/domain/entities/fact-sheet';
import type { Recommendation } from '@app/shared/domain/entities/market';

/** A recommendation shaped like the API's, with every figure chosen for the threshold under test. */
/** A 'full' detail: every field a Premium caller receives is present. */
export type FullRecommendation = Recommendation &
  Required<Pick<Recommendation, 'reasoning' | 'volume_analysis' | 'risk_metrics'>>;

export function buildRecommendation(overrides: Partial<FullRecommendation> = {}): FullRecommendation {
  return {
    id: 'rec-aapl',
    symbol: 'AAPL',
    name: 'Apple Inc.',
    asset_type: 'stock',
    sector: 'Technology',
    recommendation: 'BUY',
    current_price: 100,
    target_price: 112.5,
    confidence_score: 0.85,
    rationality_score: 70,
    // The API words the reasoning in the caller's language (Accept-Language): the tests render French.
    reasoning: 'Raisonnement en français',
    summary: 'summary',
    nugget_scores: {
      investment_grade: 'B+',
      composite_rationality_score: 70,
      financial_health_score: 85,
      growth_quality_score: 60,
      value_score: 45,
      momentum_score: 39.9,
      risk_score: 30,
      risk_reward_ratio: 1.5,
      key_nuggets: ['First insight', 'Second insight', 'Third insight'],
      factors: [
        { name: 'momentum', score: 58.3, weight: 0.375, inputs: { momentum_1w: 1.39, momentum_3m: 3.04 } },
        { name: 'value', score: null, weight: 0, inputs: { pe_ratio: null } },
      ],
    },
    after_hours_price: null,
    premarket_change: null,
    volume_analysis: {
      volume_breakout: true,
      volume_ratio_20d: 2,
      volume_surge_level: 'HIGH',
      obv_trend: 'BULLISH',
      accumulation_distribution: 1000,
    },
    risk_metrics: {
      volatility_1month: 20,
      volatility_regime: 'LOW',
      momentum_1w: 6,
      momentum_1m: -6,
      momentum_3m: 5,
      momentum_periods: {
        momentum_1w: { from: '2018-01-23', to: '2018-01-30' },
        momentum_1m: { from: '2017-12-29', to: '2018-01-30' },
        momentum_3m: null,
      },
      max_drawdown: -31,
      sharpe_estimation: 0.5,
    },
    as_of: '2018-01-30',
    market_date: '2018-01-30',
    reviewed: false,
    detail_level: 'full',
    ...overrides,
  };
}

/** What a FREE caller's detail leaves out (the server's 'basic' level): reasoning, inputs, volume, risk. */
export function basicDetailOf(recommendation: Recommendation): Recommendation {
  const { reasoning: _reasoning, volume_analysis: _volume, risk_metrics: _risk, ...rest } = recommendation;
  return {
    ...rest,
    detail_level: 'basic',
    nugget_scores: {
      ...rest.nugget_scores,
      factors: rest.nugget_scores.factors?.map(({ inputs: _inputs, ...factor }) => factor),
    },
  };
}

/**
 * The symbol's fact sheet as the server lays out a recommendation's figures (engine fact-sheet.ts):
 * the scores and factors, and on a 'full' sheet the factors' inputs and the risk measures.
 */
export function factSheetOf(recommendation: Recommendation, level: 'full' | 'basic'): SymbolFactSheet {
  const scores = recommendation.nugget_scores;
  const at = { as_of: recommendation.as_of, source: 'engine' };
  const fact = (id: string, value: Fact['value'], unit: Fact['unit'], asOf = at.as_of): Fact => ({
    id,
    value,
    unit,
    ...at,
    as_of: asOf,
  });
  const risk = recommendation.risk_metrics;
  const momentum = (key: '1w' | '1m' | '3m') => {
    const period = risk?.momentum_periods[`momentum_${key}`] ?? null;
    const to = period?.to ?? at.as_of;
    return [
      fact(`momentum.${key}.change`, risk?.[`momentum_${key}`] ?? null, 'signedPercent', to),
      fact(`momentum.${key}.from`, period?.from ?? null, 'date', to),
    ];
  };
  const full =
    level === 'full' && risk
      ? [
          fact('risk.volatility_1m', risk.volatility_1month, 'percent'),
          fact('risk.volatility_regime', risk.volatility_regime, 'level'),
          fact('risk.max_drawdown_1y', risk.max_drawdown, 'percent'),
          fact('risk.sharpe_1y', risk.sharpe_estimation, 'ratio'),
          ...momentum('1w'),
          ...momentum('1m'),
          ...momentum('3m'),
        ]
      : [];
  return {
    symbol: recommendation.symbol,
    name: recommendation.name,
    market_date: recommendation.market_date,
    detail_level: level,
    detail_quota: null,
    facts: [
      fact('score.grade', scores.investment_grade, 'grade'),
      fact('score.composite', scores.composite_rationality_score, 'score'),
      fact('score.risk_reward_ratio', scores.risk_reward_ratio, 'ratio'),
      ...(scores.factors ?? []).flatMap((factor) => [
        fact(`factor.${factor.name}.score`, factor.score, 'score'),
        fact(`factor.${factor.name}.weight`, factor.weight, 'weight'),
        ...(level === 'full'
          ? Object.entries(factor.inputs ?? {}).map(([name, value]) =>
              fact(`factor.${factor.name}.input.${name}`, value, 'percent'),
            )
          : []),
      ]),
      ...full,
    ],
    notes: {},
  };
}
