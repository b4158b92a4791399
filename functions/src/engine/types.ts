/**
 * Types of the market engine. Field names of the analysis outputs follow the contract (docs/product.md "Entities")
 * exactly, in snake_case, because they travel unchanged to both sites.
 */

import type { Message } from '@app/shared/messages/message';

/** ISO calendar date, `YYYY-MM-DD`. Every bar and every quote carries one. */
export type IsoDate = string;

export type AssetType = 'stock' | 'crypto' | 'alternative';

export type Frequency = 'daily' | 'monthly';

/**
 * One bar of a real historical series. Close-only series leave open/high/low/volume undefined
 * rather than inventing them.
 */
export interface Bar {
  date: IsoDate;
  close: number;
  open?: number;
  high?: number;
  low?: number;
  volume?: number;
}

export interface SeriesSource {
  /** npm package the numbers install from. */
  package: string;
  version: string;
  /** File inside the package. */
  file: string;
  licence: string;
  /** Where the package says the numbers originate. */
  origin: string;
  notes: string;
}

export interface PriceSeries {
  /** Unique key of the series in the replay universe; also the symbol the provider serves it under. */
  id: string;
  /** Exchange ticker (several series may share one, e.g. the AAPL windows). */
  ticker: string;
  display_name: string;
  asset_type: AssetType;
  frequency: Frequency;
  has_ohlc: boolean;
  has_volume: boolean;
  /** Whether prices are adjusted for splits (true) or as traded (false). */
  split_adjusted: boolean;
  source: SeriesSource;
  /** Ascending by date, no duplicates. */
  bars: Bar[];
}

/** One listing of the one-day screener snapshot (undated; README.md "Data sources"). */
export interface SnapshotListing {
  symbol: string;
  name: string;
  analyst_rating: string | null;
  price: number | null;
  change_percent_1d: number | null;
  volume_1d: number | null;
  relative_volume_1d: number | null;
  market_cap: number | null;
  pe_ratio: number | null;
  eps_ttm: number | null;
  eps_growth_ttm_yoy_pct: number | null;
  dividend_yield_pct: number | null;
  exchange: string | null;
  sector: string | null;
  industry: string | null;
}

/** One fiscal year of a company's annual report (subset of the 79 columns we score on). */
export interface AnnualFundamentals {
  symbol: string;
  period_ending: IsoDate;
  fiscal_year: number | null;
  total_revenue: number | null;
  net_income: number | null;
  gross_margin_pct: number | null;
  operating_margin_pct: number | null;
  profit_margin_pct: number | null;
  after_tax_roe_pct: number | null;
  current_ratio: number | null;
  total_liabilities: number | null;
  total_equity: number | null;
  long_term_debt: number | null;
  short_term_debt: number | null;
  earnings_per_share: number | null;
  shares_outstanding: number | null;
  /** Net cash from operating activities (SEC companyfacts; the bundled 2012-2016 reports lack it). */
  operating_cash_flow?: number | null;
}

/**
 * Fundamentals as known on a given date: the latest published fiscal year and the one before it
 * (for growth), with EPS restated to the price series' share basis.
 */
export interface PointInTimeFundamentals {
  latest: AnnualFundamentals;
  previous: AnnualFundamentals | null;
  /** Factor the published EPS was divided by to match split-adjusted prices (1 when no split). */
  eps_split_factor: number;
}

export type VolatilityRegime = 'HIGH' | 'MODERATE' | 'LOW';
export type VolumeSurgeLevel = 'HIGH' | 'MODERATE' | 'NORMAL';
export type ObvTrend = 'BULLISH' | 'BEARISH' | 'NEUTRAL';
export type AccumulationDistributionSignal = 'ACCUMULATION' | 'DISTRIBUTION' | 'NEUTRAL';
export type Grade = 'A+' | 'A' | 'B+' | 'B' | 'B-' | 'C' | 'D';
export type RecommendationAction = 'STRONG_BUY' | 'BUY' | 'HOLD' | 'SELL' | 'STRONG_SELL';

/** The two dates a change compares: the close it starts from and the one it ends on. */
export interface DatedPeriod {
  from: IsoDate;
  to: IsoDate;
}

/** Percent figures are in percent (12.5 means 12.5 %). Null when the series is too short. */
export interface RiskMetrics {
  volatility_1month: number | null;
  volatility_regime: VolatilityRegime | null;
  momentum_1w: number | null;
  momentum_1m: number | null;
  momentum_3m: number | null;
  /** The calendar period each momentum covers (analytics/risk-metrics.ts MOMENTUM_PERIODS). */
  momentum_periods: {
    momentum_1w: DatedPeriod | null;
    momentum_1m: DatedPeriod | null;
    momentum_3m: DatedPeriod | null;
  };
  max_drawdown: number | null;
  sharpe_estimation: number | null;
  /** 252 for stocks, 365 for crypto. */
  annualisation_factor: number;
  /** Number of bars the metrics were computed from (after trimming to the as-of date). */
  bars_used: number;
}

export interface VolumeAnalysis {
  volume_breakout: boolean | null;
  volume_ratio_20d: number | null;
  volume_surge_level: VolumeSurgeLevel | null;
  obv_trend: ObvTrend | null;
  /** Least-squares slope of OBV over the last 20 bars, in shares per bar. */
  obv_slope_20d: number | null;
  /** Change of the Chaikin accumulation/distribution line over the last 20 bars, in shares. */
  accumulation_distribution: number | null;
  accumulation_distribution_signal: AccumulationDistributionSignal | null;
  /** Why fields are null, when they are (e.g. close-only series). */
  data_note: string | null;
}

export type InputValue = number | string | boolean | null;

export type FactorName = 'financial_health' | 'growth_quality' | 'value' | 'momentum' | 'risk';

/** One scored input of a factor, so the site can show "why this grade". */
export type InputUnit = 'percent' | 'ratio' | 'usd' | 'flag';

export interface SubScore {
  name: string;
  value: number | null;
  unit: InputUnit;
  /** 0-100; null when the input is missing and therefore not counted. */
  score: number | null;
  weight: number;
}

export interface FactorScore {
  name: FactorName;
  /** 0-100. 50 (neutral) when status is 'no_data'. */
  score: number;
  /** Weight in the composite before reweighting for missing factors. */
  weight: number;
  /** Weight actually used in the composite (0 when status is 'no_data'). */
  effective_weight: number;
  status: 'ok' | 'partial' | 'no_data';
  /** For the risk factor higher is riskier; the composite uses 100 - score. */
  higher_is_better: boolean;
  inputs: Record<string, InputValue>;
  components: SubScore[];
}

export interface KeyNugget {
  factor: FactorName | 'data';
  impact: 'positive' | 'negative' | 'neutral';
  /** Signed contribution to the composite relative to a neutral 50, in score points. */
  contribution: number;
  /** The sentence, as a message worded in the reader's language when an answer is built. */
  message: Message;
}

export interface NuggetScores {
  investment_grade: Grade;
  composite_rationality_score: number;
  financial_health_score: number;
  growth_quality_score: number;
  value_score: number;
  momentum_score: number;
  risk_score: number;
  risk_reward_ratio: number;
  key_nuggets: KeyNugget[];
  factors: FactorScore[];
  /** Share (0-1) of the composite's base weight backed by real data. */
  data_completeness: number;
}

export interface Recommendation {
  action: RecommendationAction;
  current_price: number;
  target_price: number;
  /** Expected 6-month price return in percent used for the target. */
  expected_return_6m: number;
  /** 0-1. */
  confidence_score: number;
  timeframe: string;
  model_inputs: Record<string, InputValue>;
}

export interface AnalyzeSymbolInput {
  symbol: string;
  /** Bars up to and including asOf; later bars are ignored (never used). */
  bars: readonly Bar[];
  fundamentals?: PointInTimeFundamentals | null;
  /** Only pass a snapshot contemporaneous with the bars (the replay never does; see README). */
  snapshot?: SnapshotListing | null;
  assetType: AssetType;
  asOf: IsoDate;
}

export interface SymbolAnalysis {
  symbol: string;
  as_of: IsoDate;
  /** Date of the last bar used (may precede as_of on weekends and holidays). */
  price_date: IsoDate;
  current_price: number;
  asset_type: AssetType;
  risk_metrics: RiskMetrics;
  volume_analysis: VolumeAnalysis;
  nugget_scores: NuggetScores;
  recommendation: Recommendation;
}

/**
 * A price at a date, as a price source serves it. The API's quote is the contract's `Quote`
 * (shared entities/market.ts); `toContractQuote` in market-data/engine-mappers.ts maps this to it.
 */
export interface SourceQuote {
  symbol: string;
  price: number;
  /** Date of the bar the price belongs to. */
  as_of: IsoDate;
  /**
   * The market date the quote was read at: the market clock's date in replay (`as_of` is that date
   * or at most three days before it), the UTC day it was read in live mode.
   */
  market_date: IsoDate;
  /** Null on the first bar of a series. */
  previous_close: number | null;
  change: number | null;
  change_percent: number | null;
  volume?: number;
  /** Only from sources with extended-hours prices; daily bars have none. */
  after_hours_price?: number;
  /**
   * Only from sources with pre-market prices. Daily bars hold none: the replay leaves it unset (the
   * next bar's open belongs to a later date than the market clock's).
   */
  premarket_change?: number;
  /** The trading date whose pre-market `premarket_change` describes. */
  premarket_date?: IsoDate;
  source: string;
  /** 'replay' for historical replay, 'live' for a live feed; the UI labels replayed prices. */
  mode: 'replay' | 'live';
  /** True when the price is older than the requested date allows (see provider docs). */
  stale: boolean;
}

/** A symbol a price source can serve, with where its numbers come from. */
export interface SymbolInfo {
  symbol: string;
  ticker: string;
  name: string;
  asset_type: AssetType;
  frequency: Frequency;
  has_ohlc: boolean;
  has_volume: boolean;
  first_date: IsoDate;
  last_date: IsoDate;
  source: SeriesSource;
  /** An ETF's category (gold, bonds...) or a stock's sector, when the source says. */
  category?: string | null;
  /** Closes adjusted for dividends (the replayed US market): a dividend entered on top counts twice. */
  dividend_adjusted?: boolean;
}
