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
import { logger } from '../platform/observability';
import type { PlanQuotes } from '../entitlements/plan-quotes';
import type { AuthContext } from '../platform/auth-context';
import type { AiDeps } from './ai-deps';
import { planOf } from './analysis-service';
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

/**
 * Every watched symbol the price poll has stored a quote for (as the caller's plan is served it), with
 * its analysis as of that quote.
 */
async function loadStoredUniverse(deps: AiDeps, served: PlanQuotes): Promise<QuotedAnalysis[]> {
  const universe = await deps.engine.listUniverse();
  const quotes = await served.getQuotes(universe.map((info) => info.symbol));
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

const delayedField = (quotes: PlanQuotes) =>
  quotes.delayedMinutes === null ? {} : { delayed_minutes: quotes.delayedMinutes };

export async function getEnhancedPrices(
  auth: AuthContext,
  deps: AiDeps,
): Promise<z.input<typeof EnhancedPricesResponseSchema>> {
  const { quotes } = await planOf(auth, deps);
  const rows = await loadStoredUniverse(deps, quotes);
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
    const failed = buildFailedNuggetAnalysis(info.symbol).nugget_scores;
    enhanced[info.symbol] = {
      symbol: info.symbol,
      name: info.name,
      price: stored.price,
      composite_score: scores?.composite_rationality_score ?? failed.composite_rationality_score,
      investment_grade: scores?.investment_grade ?? failed.investment_grade,
      financial_health: scores?.financial_health_score ?? failed.financial_health_score,
      risk_level: scores?.risk_score ?? failed.risk_score,
      top_nugget: scores?.key_nuggets[0]?.text.en ?? '',
      after_hours_price: stored.after_hours_price,
      premarket_change: stored.premarket_change,
      change_percent: stored.change_percent,
      as_of: stored.as_of,
      data_mode: stored.mode,
      ...(error ? { error: 'Nugget analysis failed' } : {}),
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
        analysisNote: scores?.key_nuggets[0]?.text.en ?? 'Analysis unavailable',
      });
    }
  }
  return {
    status: rows.length > 0 ? 'success' : 'error',
    data_mode: deps.engine.dataMode,
    ...delayedField(quotes),
    enhanced_prices: enhanced,
    market_groups: groups,
    updated_at: latestUpdate(rows, deps.now()),
  };
}

export async function getPrices(
  auth: AuthContext,
  deps: AiDeps,
): Promise<z.input<typeof PricesResponseSchema>> {
  const served = await planOf(auth, deps);
  const universe = await deps.engine.listUniverse();
  const quotes = await served.quotes.getQuotes(universe.map((info) => info.symbol));
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
    ...delayedField(served.quotes),
    prices,
    updated_at:
      stored.reduce((latest, quote) => (quote.updated_at > latest ? quote.updated_at : latest), '') ||
      deps.now().toISOString(),
  };
}

/** GET /ai/alerts: price and volume alerts the price poll raised (rules: engine/market-alerts.ts). */
export async function getAlerts(limit: number, deps: AiDeps) {
  const now = deps.now();
  const stored = await deps.marketAlerts.listAlerts(limit, Math.floor(now.getTime() / 1000));
  const alerts: z.input<typeof LiveMarketAlertSchema>[] = stored.map((alert) => ({
    alert_id: alert.alert_id,
    symbol: alert.symbol,
    alert_level: alert.alert_level,
    event_type: alert.event_type,
    title: alert.title,
    message: alert.message,
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
    keywords: alert.keywords,
    recommended_action: alert.recommended_action,
  }));
  return {
    success: true,
    alerts,
    ...(alerts.length === 0 ? { message: 'No price or volume alerts in the last days.' } : {}),
  };
}
