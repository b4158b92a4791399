import type { ImpactLevel, SentimentLabel } from '../enums';

/** Catalyst and alert thresholds of docs/product.md "Entities", "Business rules and limits". Both bounds are strict ("above"). */

/** Impact scores are 0-100. Above this a catalyst is HIGH impact, and a recommendation "high impact". */
export const HIGH_IMPACT_THRESHOLD = 80;
export const MEDIUM_IMPACT_THRESHOLD = 60;

/** Sentiment scores are -1..1; within +/-0.1 the text is too mild to call either way. */
export const SENTIMENT_NEUTRAL_BAND = 0.1;

/** An alert younger than this many hours is "recent". */
export const RECENT_ALERT_HOURS = 2;

/** Confidence is 0-1 on the contextual recommendation. */
export const HIGH_CONFIDENCE_THRESHOLD = 0.8;

export function impactLevel(impactScore: number): ImpactLevel {
  if (impactScore > HIGH_IMPACT_THRESHOLD) return 'HIGH';
  if (impactScore > MEDIUM_IMPACT_THRESHOLD) return 'MEDIUM';
  return 'LOW';
}

export function sentimentLabel(sentimentScore: number): SentimentLabel {
  if (sentimentScore > SENTIMENT_NEUTRAL_BAND) return 'positive';
  if (sentimentScore < -SENTIMENT_NEUTRAL_BAND) return 'negative';
  return 'neutral';
}

export function isRecentAlert(hoursAgo: number): boolean {
  return hoursAgo < RECENT_ALERT_HOURS;
}

export function isHighConfidence(confidence: number): boolean {
  return confidence > HIGH_CONFIDENCE_THRESHOLD;
}

export function isHighImpact(impactScore: number): boolean {
  return impactScore > HIGH_IMPACT_THRESHOLD;
}

/** Takes the raw field because it comes from stored and third-party data: only exactly 'HIGH' is urgent. */
export function isUrgent(timeSensitivity: string | null | undefined): boolean {
  return timeSensitivity === 'HIGH';
}
