import type { z } from 'zod';
import type {
  NuggetScoresSchema,
  QuoteSchema,
  RiskMetricsSchema,
  VolumeAnalysisSchema,
} from '@app/shared/domain/entities/market';
import type { StoredQuote } from '../data/stored-prices';
import { InsufficientHistoryError } from '../engine/analytics/analyze-symbol';
import { describeFactor } from '../engine/analytics/key-nuggets';
import { NoDataOnDateError, NoStoredPriceError, UnknownSymbolError } from './provider-errors';
import type { SourceQuote, SymbolInfo, NuggetScores, RiskMetrics, VolumeAnalysis } from '../engine/types';
import { message } from '@app/shared/messages/message';
import { NotFoundError, ServiceUnavailableError } from '../platform/errors';
import type { Render } from '../platform/messages';

/** Engine types to the contract's shapes (docs/product.md "Entities" field names). */

type ContractQuote = z.input<typeof QuoteSchema>;
type ContractNuggetScores = z.input<typeof NuggetScoresSchema>;

const round = (value: number | null, decimals = 4): number | null =>
  value === null ? null : Math.round(value * 10 ** decimals) / 10 ** decimals;

/** The price poll's stored quote as the engine's quote, so routes analyse what the dashboard shows. */
export function quoteFromStored(stored: StoredQuote): SourceQuote {
  return {
    symbol: stored.symbol,
    price: stored.price,
    as_of: stored.as_of,
    market_date: stored.market_date ?? stored.as_of,
    previous_close: stored.previous_close,
    change: stored.change,
    change_percent: stored.change_percent,
    ...(stored.volume === null ? {} : { volume: stored.volume }),
    ...(stored.after_hours_price === null ? {} : { after_hours_price: stored.after_hours_price }),
    ...(stored.premarket_change === null ? {} : { premarket_change: stored.premarket_change }),
    ...(stored.premarket_date === null ? {} : { premarket_date: stored.premarket_date }),
    source: stored.source,
    mode: stored.mode,
    stale: stored.stale,
  };
}

export function toContractQuote(info: SymbolInfo, quote: SourceQuote): ContractQuote {
  return {
    symbol: info.symbol,
    name: info.name,
    price: quote.price,
    previous_close: quote.previous_close,
    change: quote.change,
    change_percent: quote.change_percent,
    volume: quote.volume ?? null,
    as_of: quote.as_of,
    market_date: quote.market_date,
    source: quote.source,
    data_mode: quote.mode,
    stale: quote.stale,
  };
}

function toInputs(
  inputs: Record<string, number | string | boolean | null>,
): Record<string, number | string | null> {
  return Object.fromEntries(
    Object.entries(inputs).map(([name, value]) => [name, typeof value === 'boolean' ? String(value) : value]),
  );
}

/** The engine's nugget scores in the contract's shape, their sentences worded by `render`. */
export function toContractNuggetScores(scores: NuggetScores, render: Render): ContractNuggetScores {
  return {
    investment_grade: scores.investment_grade,
    composite_rationality_score: scores.composite_rationality_score,
    financial_health_score: scores.financial_health_score,
    growth_quality_score: scores.growth_quality_score,
    value_score: scores.value_score,
    momentum_score: scores.momentum_score,
    risk_score: scores.risk_score,
    risk_reward_ratio: round(scores.risk_reward_ratio, 3) as number,
    key_nuggets: scores.key_nuggets.map((nugget) => render(nugget.message)),
    factors: scores.factors.map((factor) => {
      // Every factor with data gets its sentence (FREE included: docs/product.md "Plans that keep their promises").
      const nugget = scores.key_nuggets.find((candidate) => candidate.factor === factor.name);
      const sentence = nugget?.message ?? describeFactor(factor);
      const note = sentence ? render(sentence) : undefined;
      return {
        name: factor.name,
        score: factor.status === 'no_data' ? null : factor.score,
        weight: factor.effective_weight,
        inputs: toInputs(factor.inputs),
        ...(note ? { note } : {}),
      };
    }),
  };
}

export function toContractVolumeAnalysis(volume: VolumeAnalysis): z.input<typeof VolumeAnalysisSchema> {
  return {
    volume_breakout: volume.volume_breakout,
    volume_ratio_20d: round(volume.volume_ratio_20d),
    volume_surge_level: volume.volume_surge_level,
    obv_trend: volume.obv_trend,
    accumulation_distribution: round(volume.accumulation_distribution, 0),
  };
}

export function toContractRiskMetrics(risk: RiskMetrics): z.input<typeof RiskMetricsSchema> {
  return {
    volatility_1month: round(risk.volatility_1month),
    volatility_regime: risk.volatility_regime,
    momentum_1w: round(risk.momentum_1w),
    momentum_1m: round(risk.momentum_1m),
    momentum_3m: round(risk.momentum_3m),
    momentum_periods: risk.momentum_periods,
    max_drawdown: round(risk.max_drawdown),
    sharpe_estimation: round(risk.sharpe_estimation),
  };
}

/** Engine errors a caller can act on, as HTTP errors: unknown symbol or no data 404, a price still being fetched 503. */
export function toHttpError(error: unknown): unknown {
  if (error instanceof UnknownSymbolError)
    return new NotFoundError(
      message('MARKET_UNKNOWN_SYMBOL', { symbol: error.symbol, known: error.knownSymbols.join(', ') }),
    );
  if (error instanceof InsufficientHistoryError)
    return new NotFoundError(
      message('MARKET_NOT_ENOUGH_HISTORY', { symbol: error.symbol, date: error.asOf }),
    );
  if (error instanceof NoDataOnDateError) {
    // Nothing after the market date (market-data/README.md "The market clock"): never the first date of
    // a series that starts later; the last date only when it is past.
    const { symbol, date, firstDate, lastDate: last } = error;
    if (firstDate > date) return new NotFoundError(message('MARKET_NO_DATA_YET', { symbol, date }));
    if (last < date) return new NotFoundError(message('MARKET_NO_DATA_SINCE', { symbol, date, last }));
    return new NotFoundError(message('MARKET_NO_DATA_ON_DATE', { symbol, date }));
  }
  if (error instanceof NoStoredPriceError)
    return new ServiceUnavailableError(message('MARKET_PRICE_BEING_FETCHED', { symbol: error.symbol }), 30);
  return error;
}
