import type { z } from 'zod';
import type { AiHealthResponseSchema } from '@app/shared/domain/entities/market';
import { qualityReasonsOf } from '../data/feed-health-repository';
import { readFeedState } from '../data/feed-state';
import type { StoredQuote } from '../data/stored-prices';
import { quoteFromStored } from '../market-data/engine-mappers';
import { readMarketAt } from '../market-data/market-quotes';
import { message, type Message } from '@app/shared/messages/message';
import type { Render } from '../platform/messages';
import type { MarketDeps } from './market-deps';

type Check = z.input<typeof AiHealthResponseSchema>['checks'][number];

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * Real checks, each pass / warn / fail; 'healthy' only when all pass, 'unhealthy' when any fails:
 * - price_poll: the last run finished within 3 poll intervals (warn within 10) and not every symbol failed;
 * - symbols_tracked: every watched symbol with data on the market date has a stored quote (warn when
 *   some do, fail when none); a replayed series outside the replay window is not expected;
 * - data_freshness: each stored quote's date against the clock. Replay: the market date it was read
 *   at, at most 2 dates of the replay calendar behind the clock's (the poll runs about as often as
 *   the clock moves; a quote of an earlier cycle is behind by the whole rest of it). Live: at most 4
 *   calendar days old for stocks (long weekends), 1 for crypto;
 * - feed_quality: no symbol 'poor' (warn when some are, fail when all are);
 * - engine: one stored symbol analyses without error.
 */
export async function getAiHealth(
  render: Render,
  deps: MarketDeps,
): Promise<z.input<typeof AiHealthResponseSchema>> {
  const now = deps.now();
  const checks: Check[] = [];
  const reading = readMarketAt(deps, now);
  const replay = deps.engine.dataMode === 'replay';
  const watched = await deps.engine.listUniverse();
  const current = replay ? await reading.quotes(watched.map((info) => info.symbol)) : null;
  const universe = current ? watched.filter((info) => current.get(info.symbol)) : watched;
  const { lastRun, quotes, health } = await readFeedState(
    deps,
    universe.map((info) => info.symbol),
    { quotesWrittenBetweenRuns: !replay },
  );
  const calendar = deps.engine.source.clock.replay?.config.calendar ?? [];
  const stepsBehind = (stored: string): number => {
    const storedStep = calendar.indexOf(stored);
    if (storedStep < 0) return Infinity;
    const step = reading.marketDate.step;
    return step >= storedStep ? step - storedStep : calendar.length - storedStep + step;
  };

  if (!lastRun) {
    checks.push({ name: 'price_poll', status: 'fail', detail: render(message('HEALTH_POLL_NEVER_RAN')) });
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
      detail: render(
        message('HEALTH_POLL_LAST_RUN', {
          finished: lastRun.finished_at,
          age: ageSeconds,
          interval,
          status: lastRun.status,
          ok: lastRun.symbols_ok,
          total: lastRun.symbols_total,
        }),
      ),
    });
  }

  const tracked = universe.filter((info) => quotes.has(info.symbol));
  checks.push({
    name: 'symbols_tracked',
    status: tracked.length === 0 ? 'fail' : tracked.length < universe.length ? 'warn' : 'pass',
    detail: render(
      message('HEALTH_SYMBOLS_TRACKED', {
        tracked: tracked.length,
        total: universe.length,
        date: reading.marketDate.date,
      }),
    ),
  });

  const lagging: Message[] = [];
  for (const info of tracked) {
    const stored = quotes.get(info.symbol) as StoredQuote;
    if (replay) {
      const storedDate = stored.market_date ?? stored.as_of;
      if (stepsBehind(storedDate) > 2) {
        lagging.push(
          message('HEALTH_BEHIND_REPLAY', {
            symbol: info.symbol,
            stored: storedDate,
            clock: reading.marketDate.date,
          }),
        );
      }
    } else {
      const age = daysBetween(stored.as_of, now.toISOString().slice(0, 10));
      if (age > (info.asset_type === 'crypto' ? 1 : 4) || stored.stale) {
        const behind = { symbol: info.symbol, date: stored.as_of };
        lagging.push(message(stored.stale ? 'HEALTH_BEHIND_LIVE_STALE' : 'HEALTH_BEHIND_LIVE', behind));
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
    detail: render(
      lagging.length === 0
        ? message('HEALTH_ALL_CURRENT', { count: tracked.length })
        : message('HEALTH_BEHIND', { symbols: lagging }),
    ),
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
    detail: render(
      health.length === 0
        ? message('HEALTH_NO_FEED_HEALTH')
        : poor.length === 0
          ? message('HEALTH_FEEDS_NONE_POOR', {
              count: health.length,
              warnings: health.filter((record) => record.data_quality === 'warning').length,
            })
          : message('HEALTH_FEEDS_POOR', {
              feeds: poor.map((record) =>
                message('HEALTH_FEED_POOR_ENTRY', {
                  symbol: record.symbol,
                  reasons: qualityReasonsOf(record),
                }),
              ),
            }),
    ),
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
        detail: render(
          message('HEALTH_ENGINE_OK', {
            symbol: probe.symbol,
            grade: result.analysis.nugget_scores.investment_grade,
          }),
        ),
      });
    } catch (error: unknown) {
      checks.push({
        name: 'engine',
        status: 'fail',
        detail: render(
          message('HEALTH_ENGINE_FAILED', { error: error instanceof Error ? error.message : String(error) }),
        ),
      });
    }
  } else {
    checks.push({ name: 'engine', status: 'fail', detail: render(message('HEALTH_NO_QUOTE_TO_ANALYSE')) });
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
    market_date: reading.marketDate.date,
    checked_at: now.toISOString(),
  };
}
