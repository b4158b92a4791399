import type { z } from 'zod';
import type { LiveMarketAlertSchema } from '@app/shared/domain/entities/catalysts';
import type {
  AiHealthResponseSchema,
  EnhancedPriceEntrySchema,
  EnhancedPricesResponseSchema,
  MarketGroupItemSchema,
  PricesResponseSchema,
} from '@app/shared/domain/entities/market';
import { buildFailedNuggetAnalysis } from '@app/shared/domain/rules/recommendation-derivations';
import { PRICE_POLL_JOB } from '../data/job-runs-repository';
import type { StoredQuote } from '../data/prices-repository';
import type { EngineAnalysis } from '../market-data/market-engine';
import type { SymbolInfo } from '../engine/types';
import { logger } from '../platform/observability';
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

export async function getEnhancedPrices(deps: AiDeps): Promise<z.input<typeof EnhancedPricesResponseSchema>> {
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

type Check = z.input<typeof AiHealthResponseSchema>['checks'][number];

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * Real checks, each pass / warn / fail; 'healthy' only when all pass, 'unhealthy' when any fails:
 * - price_poll: the last run finished within 3 poll intervals (warn within 10) and not every symbol failed;
 * - symbols_tracked: every watched symbol has a stored quote (warn when some do, fail when none);
 * - data_freshness: each stored quote's as-of date against the clock. Replay: the market clock's
 *   date for that series, at most 2 bars behind (the poll runs more often than the clock moves).
 *   Live: at most 4 calendar days old for stocks (long weekends), 1 for crypto;
 * - feed_quality: no symbol 'poor' (warn when some are, fail when all are);
 * - engine: one stored symbol analyses without error.
 */
export async function getAiHealth(deps: AiDeps): Promise<z.input<typeof AiHealthResponseSchema>> {
  const now = deps.now();
  const checks: Check[] = [];
  const universe = await deps.engine.listUniverse();
  const [lastRun, quotes, health] = await Promise.all([
    deps.jobRuns.getLastJobRun(PRICE_POLL_JOB),
    deps.prices.getQuotes(universe.map((info) => info.symbol)),
    deps.feedHealth.listFeedHealth(),
  ]);

  if (!lastRun) {
    checks.push({ name: 'price_poll', status: 'fail', detail: 'The price poll has never run.' });
  } else {
    const ageSeconds = Math.round((now.getTime() - Date.parse(lastRun.finished_at)) / 1000);
    const interval = deps.pollIntervalSeconds;
    const status =
      lastRun.status === 'failed' || ageSeconds > 10 * interval
        ? 'fail'
        : ageSeconds > 3 * interval
          ? 'warn'
          : 'pass';
    checks.push({
      name: 'price_poll',
      status,
      detail: `Last run ${lastRun.finished_at} (${ageSeconds} s ago, expected every ${interval} s): ${lastRun.status}, ${lastRun.symbols_ok}/${lastRun.symbols_total} symbols.`,
    });
  }

  const tracked = universe.filter((info) => quotes.has(info.symbol));
  checks.push({
    name: 'symbols_tracked',
    status: tracked.length === 0 ? 'fail' : tracked.length < universe.length ? 'warn' : 'pass',
    detail: `${tracked.length} of ${universe.length} watched symbols have a stored quote.`,
  });

  const lagging: string[] = [];
  for (const info of tracked) {
    const stored = quotes.get(info.symbol) as StoredQuote;
    if (deps.engine.dataMode === 'replay') {
      const current = await deps.engine.source.provider.getLatestQuote(info.symbol);
      const bars = await deps.engine.source.provider.getDailyBars(info.symbol, stored.as_of, current.as_of);
      // A loop of the replay may put the clock before the stored bar: that is a lag of the whole loop.
      const behind = current.as_of < stored.as_of ? Infinity : Math.max(0, bars.length - 1);
      if (behind > 2) lagging.push(`${info.symbol} stored ${stored.as_of}, replay clock at ${current.as_of}`);
    } else {
      const age = daysBetween(stored.as_of, now.toISOString().slice(0, 10));
      if (age > (info.asset_type === 'crypto' ? 1 : 4) || stored.stale) {
        lagging.push(`${info.symbol} as of ${stored.as_of}${stored.stale ? ' (stale fallback)' : ''}`);
      }
    }
  }
  checks.push({
    name: 'data_freshness',
    status:
      tracked.length === 0
        ? 'fail'
        : lagging.length === 0
          ? 'pass'
          : lagging.length === tracked.length
            ? 'fail'
            : 'warn',
    detail:
      lagging.length === 0
        ? `All ${tracked.length} stored quotes are current.`
        : `Behind: ${lagging.join('; ')}.`,
  });

  const poor = health.filter((record) => record.data_quality === 'poor');
  checks.push({
    name: 'feed_quality',
    status:
      health.length === 0
        ? 'warn'
        : poor.length === 0
          ? 'pass'
          : poor.length === health.length
            ? 'fail'
            : 'warn',
    detail:
      health.length === 0
        ? 'No feed health recorded yet.'
        : poor.length === 0
          ? `${health.length} feeds, none poor (${health.filter((record) => record.data_quality === 'warning').length} with warnings).`
          : `Poor: ${poor.map((record) => `${record.symbol} (${record.quality_reasons.join(', ')})`).join('; ')}.`,
  });

  const probe = tracked[0];
  if (probe) {
    try {
      const result = await deps.engine.analyze(probe.symbol, {
        quote: quoteFromStored(quotes.get(probe.symbol) as StoredQuote),
      });
      checks.push({
        name: 'engine',
        status: 'pass',
        detail: `${probe.symbol} analysed: grade ${result.analysis.nugget_scores.investment_grade}.`,
      });
    } catch (error: unknown) {
      checks.push({
        name: 'engine',
        status: 'fail',
        detail: error instanceof Error ? error.message : String(error),
      });
    }
  } else {
    checks.push({ name: 'engine', status: 'fail', detail: 'No stored quote to analyse.' });
  }

  const asOfDates = tracked.map((info) => (quotes.get(info.symbol) as StoredQuote).as_of).sort();
  return {
    status: checks.some((check) => check.status === 'fail')
      ? 'unhealthy'
      : checks.some((check) => check.status === 'warn')
        ? 'degraded'
        : 'healthy',
    data_mode: deps.engine.dataMode,
    checks,
    symbols_tracked: tracked.length,
    latest_as_of: asOfDates.at(-1) ?? null,
    checked_at: now.toISOString(),
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
