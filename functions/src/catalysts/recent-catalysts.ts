import { isHighImpact } from '@app/shared/domain/rules/catalyst-thresholds';
import type { ScoredCatalyst } from '../engine/catalysts/build-catalyst';
import type { MarketEngine } from '../market-data/market-engine';
import { getCatalystRouteDeps } from './catalyst-sources';
import { LIVE_ALERT_NEWS_HOURS } from './live-alerts-service';
import { createAnalysisCache, scoreNews } from './news-scoring';

/**
 * The high-impact catalysts (impact above 80) about one symbol in the last LIVE_ALERT_NEWS_HOURS, scored
 * as the live alerts route scores them: what a custom `high_impact_catalyst` rule watches. Loaded only
 * when such a rule exists, so a poll without one never reads the news.
 */
export async function recentHighImpactCatalysts(
  engine: MarketEngine,
  symbol: string,
  now: () => Date,
): Promise<ScoredCatalyst[]> {
  const deps = getCatalystRouteDeps(engine, now);
  const news = await deps.news.listRecentNews({ hoursBack: LIVE_ALERT_NEWS_HOURS, symbol });
  const replay = deps.market.mode === 'replay';
  // Replay: scored against the market date's analyses, as the live alerts route does.
  const analyze = createAnalysisCache(deps.market, replay ? deps.market.marketDate(now()).date : undefined);
  const scored = await scoreNews(news, analyze, replay);
  return scored.filter((entry) => isHighImpact(entry.catalyst.impact_score));
}
