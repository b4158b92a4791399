/** Dashboard test data shaped like the API's answers (figures chosen per test, computed beside each). */

const NUGGETS = {
  investment_grade: 'A',
  composite_rationality_score: 78.4,
  financial_health_score: 70,
  growth_quality_score: 60,
  value_score: 55,
  momentum_score: 61,
  risk_score: 30,
  risk_reward_ratio: 1.4,
  key_nuggets: ['Low risk supports the score (annualised 1-month volatility 14.7 %)'],
};

export function recommendation(symbol: string, score: number) {
  return {
    id: `r-${symbol}`,
    symbol,
    name: `${symbol} Inc.`,
    asset_type: 'stock',
    sector: 'Technology',
    recommendation: 'BUY',
    current_price: 100,
    target_price: 110,
    confidence_score: 0.8,
    rationality_score: score,
    reasoning: 'r',
    summary: 's',
    nugget_scores: NUGGETS,
    after_hours_price: null,
    premarket_change: null,
    volume_analysis: {
      volume_breakout: false,
      volume_ratio_20d: 1,
      volume_surge_level: 'NORMAL',
      obv_trend: 'BULLISH',
      accumulation_distribution: 0,
    },
    risk_metrics: {
      volatility_1month: 10,
      volatility_regime: 'LOW',
      momentum_1w: 1,
      momentum_1m: 2,
      momentum_3m: 3,
      momentum_periods: { momentum_1w: null, momentum_1m: null, momentum_3m: null },
      max_drawdown: -5,
      sharpe_estimation: 1.1,
    },
    as_of: '2008-12-30',
    market_date: '2008-12-30',
    reviewed: false,
    detail_level: 'summary',
  };
}

export function holding(symbol: string, totalValue: number | null, score: number | null) {
  return {
    id: `h-${symbol}`,
    symbol,
    name: symbol,
    asset_type: 'stock',
    shares: 1,
    current_price: totalValue,
    purchase_price: null,
    purchase_date: null,
    total_value: totalValue,
    change_percent: null,
    change_amount: null,
    gain_amount: null,
    gain_percent: null,
    investment_grade: score === null ? null : 'B',
    rationality_score: score,
    price_as_of: '2008-12-30',
    price_source: 'replay',
    no_data_on: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  };
}

export const PERFORMANCE_RETURNS = [
  { period: '1M', start: '2008-11-30', end: '2008-12-30', time_weighted: 0.02 },
  { period: 'MAX', start: '2008-06-02', end: '2008-12-30', time_weighted: -0.0425 },
].map((entry) => ({
  ...entry,
  covers_full_period: true,
  time_weighted_annualised: null,
  money_weighted: null,
  money_weighted_annualised: null,
  unavailable: { time_weighted: null, money_weighted: null },
}));

const GAIN = { gain_base: 0, price_effect_base: 0, currency_effect_base: 0 };
export function performanceWith(returns: typeof PERFORMANCE_RETURNS) {
  return {
    market_date: '2008-12-30',
    base_currency: 'USD',
    cost_method: 'FIFO',
    cash_tracked: false,
    distinct_symbols_held: 2,
    holdings: [],
    unpriced_holdings: [],
    totals: {
      value_base: 4000,
      securities_value_base: 4000,
      cash_value_base: 0,
      cost_base: 4000,
      unrealised: GAIN,
      realised: GAIN,
      dividends_base: 0,
      interest_base: 0,
      fees_paid_base: 0,
      total_gain_base: 0,
    },
    returns,
    series: [],
    benchmark: null,
    allocation: { total_base: 4000, by_asset_type: [], by_sector: [], by_currency: [] },
  };
}

export const PORTFOLIO = {
  market_date: '2008-12-30',
  currency: 'USD',
  // Graded: AAPL 3000 at 60, MSFT 1000 at 80; GOLD is not graded. Value-weighted:
  // (60 x 3000 + 80 x 1000) / 4000 = (180000 + 80000) / 4000 = 65.
  assets: [holding('AAPL', 3000, 60), holding('MSFT', 1000, 80), holding('GOLD', 3392.77, null)],
  summary: {
    total_value: 7392.77,
    total_cost: null,
    total_gain: null,
    day_change_amount: 0,
    monthly_return_percent: 0.3,
    monthly_return_period: { from: '2008-11-30', to: '2008-12-30' },
    asset_count: 4,
    by_type: {
      stock: { total_value: 4000, count: 2, percent: 54.1 },
      crypto: { total_value: 892.77, count: 1, percent: 12.1 },
      alternative: { total_value: 2500, count: 1, percent: 33.8 },
    },
  },
  demo: true,
};

export const RECOMMENDATIONS = {
  status: 'success',
  user_id: 'demo_user',
  recommendations: [recommendation('AAPL', 70), recommendation('MSFT', 81)],
  total_available: 2,
  tier_cap: 10,
  data_mode: 'replay',
  market_date: '2008-12-30',
  backtest: null,
};

const ITEM = {
  symbol: '^GSPC',
  name: 'S&P 500',
  value: 890.64,
  change: 21.2,
  change_percent: 2.44,
  investment_grade: 'D',
  composite_score: 32.3,
  after_hours_price: null,
  as_of: '2008-12-30',
  market_date: '2008-12-30',
  analysisNote: 'note',
};

export const ENHANCED = {
  status: 'success',
  data_mode: 'replay',
  market_date: '2008-12-30',
  enhanced_prices: {},
  market_groups: { indices: [ITEM], crypto: [], commodities: [], bonds: [], currencies: [] },
  no_data: [{ symbol: 'FB', name: 'Facebook' }],
  updated_at: '2026-01-01T00:00:00Z',
};
