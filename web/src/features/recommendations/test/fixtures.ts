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
