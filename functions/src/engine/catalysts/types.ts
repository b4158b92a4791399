import type { CatalystType } from '@app/shared/domain/enums';

/**
 * A news item as a provider delivers it, before any scoring. Offline items come from the project's
 * headline file; live items from SEC EDGAR filings or RSS feeds.
 */
export interface NewsItem {
  /** Stable id within its provider (e.g. `replay-012`, the EDGAR accession number, the RSS guid). */
  id: string;
  /** ISO 8601 date-time with offset. */
  published_at: string;
  /** Tickers the item is about, upper-case; may be empty (a feed item naming no ticker). */
  tickers: string[];
  title: string;
  description: string;
  /** Human-readable source name shown to users. */
  source: string;
  /** Which kind of source it is: decides the reliability weight of the impact score. */
  source_kind: NewsSourceKind;
  url: string;
  /** SEC 8-K item codes of a filing ('2.02', '5.02', ...); classification prefers them over keywords. */
  filing_items?: string[];
}

export type NewsSourceKind = 'sec_filing' | 'news_wire' | 'rss_feed' | 'project_replay';

/**
 * A news item placed on a timeline: `now` is the moment the item is judged from. For live
 * providers it is wall time; for the offline replay it is the replay moment of the item's series
 * (see README "Replay timeline"), so `hours_back` windows move with the replayed market.
 */
export interface TimedNewsItem {
  item: NewsItem;
  /** Symbol the engine analyses for this item: a replay series id (e.g. AAPL-2007) or the first ticker. */
  symbol: string;
  now: Date;
  /** (now - published_at) in hours, >= 0. */
  hours_ago: number;
}

/** Outcome of the rule-based classifier, with the evidence that decided it. */
export interface CatalystClassification {
  catalyst_type: CatalystType;
  /** Sum of matched rule weights of the winning type (filing codes count 10). */
  score: number;
  /** Matched keywords (or `8-K item X.XX`) of the winning type, for display and audit. */
  matched: string[];
}

export interface SentimentResult {
  /** -1..1 (see README "Sentiment"). */
  score: number;
  /** Raw sum of lexicon valences after negation. */
  raw: number;
  /** Scored tokens with their (possibly negated) valence. */
  hits: { token: string; valence: number; negated: boolean }[];
}
