import type { z } from 'zod';
import type { LiveMarketAlertSchema } from '@app/shared/domain/entities/catalysts';
import type {
  EnhancedPriceEntrySchema,
  EnhancedPricesResponseSchema,
  MarketGroupItemSchema,
  PricesResponseSchema,
} from '@app/shared/domain/entities/market';
import { buildFailedNuggetAnalysis } from '@app/shared/domain/rules/recommendation-derivations';
import type { StoredQuote } from '../data/prices-repository';
import type { EngineAnalysis } from '../market-data/market-engine';
import type { SymbolInfo } from '../engine/types';
import type { Language } from '@app/shared/domain/enums';
import { message, type Message } from '@app/shared/messages/message';
import { logger } from '../platform/observability';
import { render, type Render } from '../platform/messages';
import type { AiDeps } from './ai-deps';
import { quoteFromStored } from '../market-data/engine-mappers';

type MarketGroup = 'indices' | 'crypto' | 'commodities';

/**
 * Dashboard column of a symbol: indices are Yahoo's ^ tickers, crypto by asset type, commodities are
 * futures (=F) and alternatives. The replay has one index (^GSPC), one crypto (BTC-USD) and no
 * commodity series at all, so there its commodities column is empty rather than invented.
 */
export function marketGroupOf(info: Pick<SymbolInfo, 'symbol' | 'asset_type'>): MarketGroup | null {
  if (info.symbol.startsWith('^')) return 'indices';
  if (info.asset_type === 'crypto') return 'crypto';
  if (info.symbol.endsWith('=F') || info.asset_type === 'alternative') return 'commodities';
  return null;
}

interface QuotedAnalysis {
  info: SymbolInfo;
  stored: StoredQuote;
  result: EngineAnalysis | null;
  error: string | null;
}

/** Every watched symbol the price poll has stored a quote for, with its analysis as of that quote. */
async function loadStoredUniverse(deps: AiDeps): Promise<QuotedAnalysis[]> {
  const universe = await deps.engine.listUniverse();
  const quotes = await deps.prices.getQuotes(universe.map((info) => info.symbol));
  const rows: QuotedAnalysis[] = [];
  for (const info of universe) {
    const stored = quotes.get(info.symbol);
    if (!stored) continue;
    try {
      rows.push({
        info,
        stored,
        result: await deps.engine.analyze(info.symbol, { quote: quoteFromStored(stored) }),
        error: null,
      });
    } catch (error: unknown) {
      const message = error instanceof Error ? error.message : String(error);
      logger.warn('analysis failed for a stored quote', { symbol: info.symbol, error: message });
      rows.push({ info, stored, result: null, error: message });
    }
  }
  return rows;
}

function latestUpdate(rows: readonly QuotedAnalysis[], now: Date): string {
  return (
    rows.reduce((latest, row) => (row.stored.updated_at > latest ? row.stored.updated_at : latest), '') ||
    now.toISOString()
  );
}

/** The dashboard's prices and groups, their notes worded by `render` (the caller's language). */
export async function getEnhancedPrices(
  say: Render,
  deps: AiDeps,
): Promise<z.input<typeof EnhancedPricesResponseSchema>> {
  const rows = await loadStoredUniverse(deps);
  // Best composite first: the dashboard takes its top three from the first entries.
  const ranked = [...rows].sort(
    (a, b) =>
      (b.result?.analysis.nugget_scores.composite_rationality_score ?? -1) -
      (a.result?.analysis.nugget_scores.composite_rationality_score ?? -1),
  );
  const enhanced: Record<string, z.input<typeof EnhancedPriceEntrySchema>> = {};
  const groups: Record<MarketGroup, z.input<typeof MarketGroupItemSchema>[]> = {
    indices: [],
    crypto: [],
    commodities: [],
  };
  for (const { info, stored, result, error } of ranked) {
    const scores = result?.analysis.nugget_scores;
    const topNugget = scores?.key_nuggets[0];
    const failed = buildFailedNuggetAnalysis(info.symbol).nugget_scores;
    enhanced[info.symbol] = {
      symbol: info.symbol,
      name: info.name,
      price: stored.price,
      composite_score: scores?.composite_rationality_score ?? failed.composite_rationality_score,
      investment_grade: scores?.investment_grade ?? failed.investment_grade,
      financial_health: scores?.financial_health_score ?? failed.financial_health_score,
      risk_level: scores?.risk_score ?? failed.risk_score,
      top_nugget: topNugget ? say(topNugget.message) : '',
      after_hours_price: stored.after_hours_price,
      premarket_change: stored.premarket_change,
      change_percent: stored.change_percent,
      as_of: stored.as_of,
      data_mode: stored.mode,
      ...(error ? { error: say(message('MARKET_NUGGET_ANALYSIS_FAILED')) } : {}),
    };
    const group = marketGroupOf(info);
    if (group) {
      groups[group].push({
        symbol: info.symbol,
        name: info.name,
        value: stored.price,
        change: stored.change,
        change_percent: stored.change_percent,
        investment_grade: scores?.investment_grade ?? null,
        composite_score: scores?.composite_rationality_score ?? null,
        after_hours_price: stored.after_hours_price,
        as_of: stored.as_of,
        analysisNote: say(topNugget?.message ?? message('MARKET_ANALYSIS_UNAVAILABLE')),
      });
    }
  }
  return {
    status: rows.length > 0 ? 'success' : 'error',
    data_mode: deps.engine.dataMode,
    enhanced_prices: enhanced,
    market_groups: groups,
    updated_at: latestUpdate(rows, deps.now()),
  };
}

export async function getPrices(deps: AiDeps): Promise<z.input<typeof PricesResponseSchema>> {
  const universe = await deps.engine.listUniverse();
  const quotes = await deps.prices.getQuotes(universe.map((info) => info.symbol));
  const prices: z.input<typeof PricesResponseSchema>['prices'] = {};
  const stored: StoredQuote[] = [];
  for (const info of universe) {
    const quote = quotes.get(info.symbol);
    if (!quote) continue;
    stored.push(quote);
    prices[info.symbol] = {
      symbol: info.symbol,
      name: info.name,
      price: quote.price,
      change_percent: quote.change_percent,
      as_of: quote.as_of,
      data_mode: quote.mode,
      stale: quote.stale,
    };
  }
  return {
    status: stored.length > 0 ? 'success' : 'error',
    data_mode: deps.engine.dataMode,
    prices,
    updated_at:
      stored.reduce((latest, quote) => (quote.updated_at > latest ? quote.updated_at : latest), '') ||
      deps.now().toISOString(),
  };
}

/** A stored alert text in `language`: a message worded, an old row's sentence as it is. */
function readAlertText(text: Message | string, language: Language): string {
  return typeof text === 'string' ? text : render(text, language);
}

/**
 * GET /ai/alerts: price and volume alerts the price poll raised (rules: engine/market-alerts.ts), in
 * the caller's language.
 */
export async function getAlerts(limit: number, language: Language, deps: AiDeps) {
  const now = deps.now();
  const stored = await deps.marketAlerts.listAlerts(limit, Math.floor(now.getTime() / 1000));
  const alerts: z.input<typeof LiveMarketAlertSchema>[] = stored.map((alert) => ({
    alert_id: alert.alert_id,
    symbol: alert.symbol,
    alert_level: alert.alert_level,
    event_type: alert.event_type,
    title: readAlertText(alert.title, language),
    message: readAlertText(alert.message, language),
    impact_score: alert.impact_score,
    sentiment: alert.sentiment,
    sentiment_score: alert.sentiment_score,
    published_time: alert.published_time,
    hours_ago: Math.max(
      0,
      Math.round(((now.getTime() - Date.parse(alert.published_time)) / 3_600_000) * 100) / 100,
    ),
    source: alert.source,
    url: alert.url,
    keywords: alert.keywords.map((keyword) => readAlertText(keyword, language)),
    recommended_action: readAlertText(alert.recommended_action, language),
  }));
  return {
    success: true,
    alerts,
    ...(alerts.length === 0 ? { message: render(message('MARKET_NO_RECENT_ALERTS'), language) } : {}),
  };
}
