import type { CatalystType } from '@app/shared/domain/enums';
import type { NewsSourceKind } from './types';

/*
 * Impact score and catalyst strength, 0-100 (methodology: README.md "Impact score").
 *
 *   base     = 100 x (0.50 x type weight + 0.30 x |sentiment| + 0.20 x volume surge) / used weights
 *   impact   = base x (0.6 + 0.4 x source reliability) x (0.5 + 0.5 x 2^(-hours_ago / 48))
 *   strength = 100 x (0.5 x |sentiment| + 0.3 x classification certainty + 0.2 x volume surge) / used weights
 *
 * Without volume data (close-only series, live items on symbols without bars) the volume term is
 * dropped and the remaining weights renormalised, as the engine does for missing factors, so a
 * symbol is never penalised for what its data source does not carry.
 */

/** How much a catalyst of each type usually moves a price (event-study ordering: binary outcomes first). */
export const CATALYST_TYPE_WEIGHTS: Readonly<Record<CatalystType, number>> = {
  fda_approval: 1,
  merger: 0.95,
  earnings: 0.9,
  ipo: 0.8,
  contract_win: 0.75,
  regulatory: 0.75,
  executive_change: 0.7,
  partnership: 0.6,
  product_launch: 0.6,
  general_news: 0.45,
};

/** Primary filings are the facts; wires are checked reporting; feeds vary. */
export const SOURCE_RELIABILITY: Readonly<Record<NewsSourceKind, number>> = {
  sec_filing: 1,
  news_wire: 0.85,
  project_replay: 0.8,
  rss_feed: 0.7,
};

/** Two days: news published after a close is first priced in at the next close, about a day later. */
export const RECENCY_HALF_LIFE_HOURS = 48;
/** Volume ratio (x the 20-day mean) at which the surge term is full; 1x is no surge. */
export const FULL_SURGE_RATIO = 2.5;
/** Classification score at which the type is certain (a filing item scores 10). */
export const CERTAIN_CLASSIFICATION_SCORE = 10;

export interface ImpactInputs {
  catalystType: CatalystType;
  /** -1..1. */
  sentimentScore: number;
  sourceKind: NewsSourceKind;
  hoursAgo: number;
  /** The symbol's volume_ratio_20d from the engine; null when unknown. */
  volumeRatio: number | null;
  /** Rule score of the winning type (classifyCatalyst). */
  classificationScore: number;
}

function clamp01(value: number): number {
  return Math.min(1, Math.max(0, value));
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

/** 0 at a normal day (ratio <= 1), 1 at FULL_SURGE_RATIO or more; null when unknown. */
export function computeVolumeSurgeTerm(volumeRatio: number | null): number | null {
  if (volumeRatio === null || !Number.isFinite(volumeRatio)) return null;
  return clamp01((volumeRatio - 1) / (FULL_SURGE_RATIO - 1));
}

/** 1 when fresh, 0.75 after one half-life (48 h), never below 0.5: an old catalyst still happened. */
export function computeRecencyFactor(hoursAgo: number): number {
  return 0.5 + 0.5 * 2 ** (-Math.max(0, hoursAgo) / RECENCY_HALF_LIFE_HOURS);
}

export function computeImpactScore(inputs: ImpactInputs): number {
  const surge = computeVolumeSurgeTerm(inputs.volumeRatio);
  const weighted =
    0.5 * CATALYST_TYPE_WEIGHTS[inputs.catalystType] +
    0.3 * clamp01(Math.abs(inputs.sentimentScore)) +
    (surge === null ? 0 : 0.2 * surge);
  const base = (100 * weighted) / (surge === null ? 0.8 : 1);
  const reliability = 0.6 + 0.4 * SOURCE_RELIABILITY[inputs.sourceKind];
  return round1(Math.min(100, Math.max(0, base * reliability * computeRecencyFactor(inputs.hoursAgo))));
}

export function computeCatalystStrength(inputs: ImpactInputs): number {
  const surge = computeVolumeSurgeTerm(inputs.volumeRatio);
  const certainty = clamp01(inputs.classificationScore / CERTAIN_CLASSIFICATION_SCORE);
  const weighted =
    0.5 * clamp01(Math.abs(inputs.sentimentScore)) + 0.3 * certainty + (surge === null ? 0 : 0.2 * surge);
  return round1(Math.min(100, (100 * weighted) / (surge === null ? 0.8 : 1)));
}
