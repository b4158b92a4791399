import { createHash } from 'node:crypto';
import { ulid } from 'ulid';
import type { MarketCatalyst } from '@app/shared/domain/entities/catalysts';
import { analyzeSymbol } from '../engine/analytics/analyze-symbol';
import { selectFundamentalsAsOf } from '../engine/point-in-time';
import { selectGradedSeries, type ReplayUniverse } from '../market-data/providers/replay';
import type { MarketClock } from '../market-data/market-clock';
import { barOnOrBefore } from '../engine/market-dates';
import type { CatalystBrief, GradedAsset } from './content-generator';

/**
 * The facts a day's posts are written from: every daily series of the replay universe graded by the
 * market engine at the date the market clock gives for the start of that UTC day (so the day's
 * brief, and therefore its posts, are the same whenever the job runs that day). A series with no
 * data on that date is left out.
 */
export function gradeReplayUniverse(universe: ReplayUniverse, clock: MarketClock, at: Date): GradedAsset[] {
  const assets: GradedAsset[] = [];
  const marketDate = clock.at(at).date;
  for (const series of selectGradedSeries(universe)) {
    const bar = barOnOrBefore(series.bars, marketDate)?.bar;
    if (!bar) continue;
    const analysis = analyzeSymbol({
      symbol: series.id,
      bars: series.bars,
      fundamentals: selectFundamentalsAsOf(universe.fundamentalsBySymbol.get(series.ticker), bar.date),
      assetType: series.asset_type,
      asOf: bar.date,
    });
    const { nugget_scores: scores, risk_metrics: risk } = analysis;
    assets.push({
      symbol: series.id,
      name: series.display_name,
      asset_type: series.asset_type,
      price_date: analysis.price_date,
      current_price: analysis.current_price,
      investment_grade: scores.investment_grade,
      composite_rationality_score: scores.composite_rationality_score,
      action: analysis.recommendation.action,
      risk_score: scores.risk_score,
      volatility_1month: risk.volatility_1month,
      volatility_regime: risk.volatility_regime,
      momentum_1m: risk.momentum_1m,
      momentum_3m: risk.momentum_3m,
      max_drawdown: risk.max_drawdown,
      key_nugget: scores.key_nuggets[0]?.message ?? null,
      data_mode: 'replay',
    });
  }
  return assets;
}

/** Where the day's catalysts come from (the catalyst engine in the market area; none when absent). */
export interface CatalystSource {
  listCatalysts(at: Date): Promise<CatalystBrief[]>;
}

export function catalystBriefOf(catalyst: MarketCatalyst): CatalystBrief {
  return {
    symbol: catalyst.symbol,
    title: catalyst.title,
    event_type: catalyst.event_type,
    impact_level: catalyst.impact_level,
    sentiment_label: catalyst.sentiment_label,
    published_at: catalyst.published_date,
  };
}

export function startOfUtcDay(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

/**
 * A ULID whose time part is `timeMs` and whose random part is derived from `seed`: the same day and
 * slot always give the same id, which makes a second run of the day's job write nothing new.
 */
export function deterministicUlid(timeMs: number, seed: string): string {
  const bytes = createHash('sha256').update(seed).digest();
  let index = 0;
  return ulid(timeMs, () => {
    const value = (bytes[index % bytes.length] as number) / 256;
    index += 1;
    return value;
  });
}
