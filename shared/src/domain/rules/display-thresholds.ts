/**
 * Colour and label thresholds (docs/product.md "Business rules and limits": analysis cards, price monitor,
 * alerts, usage). They return codes, not CSS classes or words: each site maps a colour code to its theme and
 * a label code to an i18n key.
 */

export type DisplayColour = 'green' | 'blue' | 'yellow' | 'red' | 'neutral';
export type LevelLabel = 'low' | 'medium' | 'high';

/** 0-100 nugget scores: 80 and up green, 60 and up blue, 40 and up yellow, else red. */
export const SCORE_GREEN_MIN = 80;
export const SCORE_BLUE_MIN = 60;
export const SCORE_YELLOW_MIN = 40;

/** 0-100 risk score, where higher is riskier: up to 30 green, up to 60 yellow. */
export const RISK_SCORE_GREEN_MAX = 30;
export const RISK_SCORE_YELLOW_MAX = 60;

/** Confidence in percent (0-100). */
export const CONFIDENCE_GREEN_MIN = 80;
export const CONFIDENCE_YELLOW_MIN = 60;

/** A 20-day volume ratio of 4x already fills the bar. */
export const VOLUME_RATIO_BAR_SCALE = 25;
export const BAR_MAX_WIDTH_PERCENT = 100;

/** Momentum in percent: beyond +/-5 is worth a colour. */
export const MOMENTUM_THRESHOLD_PERCENT = 5;
export const MAX_DRAWDOWN_ALERT_PERCENT = 30;

export const SHARPE_GREEN_ABOVE = 1;
export const SHARPE_YELLOW_ABOVE = 0;

/** Risk level 0-10: 3 or below Low, 4 to 6 Medium, above 6 High. */
export const RISK_LEVEL_LOW_MAX = 3;
export const RISK_LEVEL_MEDIUM_MAX = 6;

/** Five-day volatility in percent. */
export const VOLATILITY_5D_LOW_MAX_PERCENT = 2;
export const VOLATILITY_5D_MEDIUM_MAX_PERCENT = 5;

export const MINUTES_PER_HOUR = 60;
export const HOURS_PER_DAY = 24;
const MILLISECONDS_PER_MINUTE = 60_000;

export function scoreColour(score: number): DisplayColour {
  if (score >= SCORE_GREEN_MIN) return 'green';
  if (score >= SCORE_BLUE_MIN) return 'blue';
  if (score >= SCORE_YELLOW_MIN) return 'yellow';
  return 'red';
}

export function riskScoreColour(riskScore: number): DisplayColour {
  if (riskScore <= RISK_SCORE_GREEN_MAX) return 'green';
  if (riskScore <= RISK_SCORE_YELLOW_MAX) return 'yellow';
  return 'red';
}

/**
 * docs/product.md "Business rules and limits" names only green and yellow; below 60 we show red, like every
 * other scale here.
 */
export function confidenceColour(confidencePercent: number): DisplayColour {
  if (confidencePercent >= CONFIDENCE_GREEN_MIN) return 'green';
  if (confidencePercent >= CONFIDENCE_YELLOW_MIN) return 'yellow';
  return 'red';
}

/** Bar width in percent. A missing ratio (no volume data, e.g. some indices) draws an empty bar. */
export function volumeRatioBarWidth(volumeRatio: number | null | undefined): number {
  if (volumeRatio === null || volumeRatio === undefined || Number.isNaN(volumeRatio)) return 0;
  return Math.min(BAR_MAX_WIDTH_PERCENT, Math.max(0, VOLUME_RATIO_BAR_SCALE * volumeRatio));
}

export function momentumColour(momentumPercent: number): DisplayColour {
  if (momentumPercent > MOMENTUM_THRESHOLD_PERCENT) return 'green';
  if (momentumPercent < -MOMENTUM_THRESHOLD_PERCENT) return 'red';
  return 'neutral';
}

/** Drawdowns arrive negative from some sources and positive from others, so compare the magnitude. */
export function drawdownColour(maxDrawdownPercent: number): DisplayColour {
  return Math.abs(maxDrawdownPercent) > MAX_DRAWDOWN_ALERT_PERCENT ? 'red' : 'neutral';
}

export function sharpeColour(sharpe: number): DisplayColour {
  if (sharpe > SHARPE_GREEN_ABOVE) return 'green';
  if (sharpe > SHARPE_YELLOW_ABOVE) return 'yellow';
  return 'red';
}

/**
 * Levels are whole numbers in docs/product.md "Business rules and limits" ("4-6"); a fractional level between
 * bands (3.5, 6.5) goes to the higher band, the cautious choice.
 */
export function riskLabel(riskLevel: number): LevelLabel {
  if (riskLevel <= RISK_LEVEL_LOW_MAX) return 'low';
  if (riskLevel <= RISK_LEVEL_MEDIUM_MAX) return 'medium';
  return 'high';
}

export function volatility5dLabel(volatilityPercent: number): LevelLabel {
  if (volatilityPercent <= VOLATILITY_5D_LOW_MAX_PERCENT) return 'low';
  if (volatilityPercent <= VOLATILITY_5D_MEDIUM_MAX_PERCENT) return 'medium';
  return 'high';
}

/**
 * What the alerts screen prints as the age of an alert: 'n min' under an hour, 'n h' under a
 * day, else the date. For 'date', `value` is the timestamp in epoch milliseconds, ready for
 * `formatDate`.
 */
export type RelativeTimeParts =
  { unit: 'minutes'; value: number } | { unit: 'hours'; value: number } | { unit: 'date'; value: number };

/**
 * `now` is an argument so the result is pure and testable. Whole units are floored (59 min 59 s
 * is "59 min"). A timestamp slightly in the future (clock skew between machines) reads "0 min".
 * An unparseable timestamp is a bug upstream, so it throws instead of printing nonsense.
 */
export function relativeTimeParts(timestamp: Date | number | string, now: Date | number): RelativeTimeParts {
  const timestampMs = new Date(timestamp).getTime();
  const nowMs = new Date(now).getTime();
  if (Number.isNaN(timestampMs) || Number.isNaN(nowMs)) {
    throw new RangeError(`relativeTimeParts: invalid timestamp ${String(timestamp)} or now ${String(now)}`);
  }
  const minutes = Math.max(0, Math.floor((nowMs - timestampMs) / MILLISECONDS_PER_MINUTE));
  if (minutes < MINUTES_PER_HOUR) return { unit: 'minutes', value: minutes };
  const hours = Math.floor(minutes / MINUTES_PER_HOUR);
  if (hours < HOURS_PER_DAY) return { unit: 'hours', value: hours };
  return { unit: 'date', value: timestampMs };
}
