import { message } from '@app/shared/messages/message';
import type { ContentBrief, GradedAsset } from '../content/content-generator';

/** Graded assets shaped like the engine's output on one replay day (figures from `npm run analyze`). */
export function gradedAsset(overrides: Partial<GradedAsset> = {}): GradedAsset {
  return {
    symbol: 'AAPL',
    name: 'Apple Inc.',
    asset_type: 'stock',
    price_date: '2016-05-12',
    current_price: 90.34,
    investment_grade: 'A',
    composite_rationality_score: 76.4,
    action: 'BUY',
    risk_score: 38.2,
    volatility_1month: 24.6,
    volatility_regime: 'MODERATE',
    momentum_1m: -6.3,
    momentum_3m: -4.1,
    max_drawdown: -27.9,
    key_nugget: message('NUGGET_FACTOR_SUPPORTS', { factor: 'financial_health' }),
    data_mode: 'replay',
    ...overrides,
  };
}

export function contentBrief(): ContentBrief {
  return {
    day: '2026-11-22',
    assets: [
      gradedAsset(),
      gradedAsset({
        symbol: 'BTC-USD',
        name: 'Bitcoin',
        asset_type: 'crypto',
        investment_grade: 'C',
        composite_rationality_score: 38.5,
        action: 'SELL',
        risk_score: 71,
        volatility_1month: 61.2,
        volatility_regime: 'HIGH',
        max_drawdown: -34.5,
        key_nugget: null,
      }),
      gradedAsset({
        symbol: '^GSPC',
        name: 'S&P 500',
        investment_grade: 'B+',
        composite_rationality_score: 69.6,
        volatility_1month: 12.1,
        volatility_regime: 'LOW',
      }),
    ],
    catalysts: [
      {
        symbol: '^GSPC',
        title: 'Fed holds rates steady',
        event_type: 'regulatory',
        impact_level: 'HIGH',
        sentiment_label: 'neutral',
        published_at: '2026-11-21T18:00:00Z',
      },
    ],
  };
}
