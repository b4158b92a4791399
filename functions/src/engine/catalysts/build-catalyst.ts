import type { MarketCatalyst } from '@app/shared/domain/entities/catalysts';
import { impactLevel, sentimentLabel } from '@app/shared/domain/rules/catalyst-thresholds';
import { classifyCatalyst } from './classify-catalyst';
import { computeCatalystStrength, computeImpactScore } from './impact-score';
import { scoreSentiment, type SentimentLexicon } from './score-sentiment';
import type { TimedNewsItem } from './types';

/** Keywords shown with a catalyst: the classification evidence first, then the sentiment words. */
export const MAX_KEYWORDS = 8;

/** A scored catalyst and what produced it (the contract's fields plus the inputs routes reuse). */
export interface ScoredCatalyst {
  catalyst: MarketCatalyst;
  hours_ago: number;
  /** Moment the catalyst was judged from (replay moment offline, wall time live). */
  now: Date;
  classification_score: number;
  volume_ratio: number | null;
  news_id: string;
}

/**
 * Classifies, scores and rates one timed news item. `volumeRatio` is the symbol's
 * volume_ratio_20d from the engine at the item's moment (null when unknown).
 */
export function buildCatalyst(
  timed: TimedNewsItem,
  volumeRatio: number | null,
  lexicon: SentimentLexicon,
): ScoredCatalyst {
  const { item } = timed;
  const classification = classifyCatalyst({
    title: item.title,
    description: item.description,
    filingItems: item.filing_items ?? [],
  });
  const sentiment = scoreSentiment(lexicon, item.title, item.description);
  const inputs = {
    catalystType: classification.catalyst_type,
    sentimentScore: sentiment.score,
    sourceKind: item.source_kind,
    hoursAgo: timed.hours_ago,
    volumeRatio,
    classificationScore: classification.score,
  };
  const impactScore = computeImpactScore(inputs);
  const sentimentWords = sentiment.hits.map((hit) => hit.token);
  const keywords = [...new Set([...classification.matched, ...sentimentWords])].slice(0, MAX_KEYWORDS);
  return {
    catalyst: {
      symbol: timed.symbol,
      event_type: classification.catalyst_type,
      title: item.title,
      description: item.description,
      published_date: new Date(item.published_at).toISOString(),
      impact_score: impactScore,
      impact_level: impactLevel(impactScore),
      sentiment_score: sentiment.score,
      sentiment_label: sentimentLabel(sentiment.score),
      source: item.source,
      // A sample headline has nothing to link to; a link to '#' would pretend to be a source.
      url: item.source_kind === 'project_replay' || item.url === '#' ? '' : item.url,
      sample: item.source_kind === 'project_replay',
      tickers_mentioned: item.tickers,
      keywords,
      catalyst_strength: computeCatalystStrength(inputs),
    },
    hours_ago: timed.hours_ago,
    now: timed.now,
    classification_score: classification.score,
    volume_ratio: volumeRatio,
    news_id: item.id,
  };
}
