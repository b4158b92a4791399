/**
 * Quota arithmetic of docs/product.md "Business rules and limits". A limit is a count per tier and
 * feature; -1 means unlimited and 0 means none allowed (docs/product.md "Entities").
 */

/** How every limit (catalogue, API responses, stored usage) writes "unlimited". */
export const UNLIMITED = -1;

export const USAGE_RED_THRESHOLD_PERCENT = 90;
export const USAGE_YELLOW_THRESHOLD_PERCENT = 70;

/** Warn when 3 or fewer slots remain, but not at 0 (that is the "limit reached" state) (docs/product.md "Business rules and limits"). */
export const LOW_SLOT_WARNING_MIN = 1;
export const LOW_SLOT_WARNING_MAX = 3;

export type UsageColour = 'green' | 'yellow' | 'red';

/** Only -1 means unlimited; other negative limits are invalid data, which the schemas reject. */
export function isUnlimited(limit: number): boolean {
  return limit === UNLIMITED;
}

/**
 * Share of the quota used, 0-100. Unlimited shows an empty bar (0) and a zero limit a full one
 * (100): nothing more can be used either way. The result is not rounded; the UI rounds it.
 */
export function usagePercentage(used: number, limit: number): number {
  if (isUnlimited(limit)) return 0;
  if (limit === 0) return 100;
  const percentage = (used / limit) * 100;
  return Math.min(100, Math.max(0, percentage));
}

/**
 * Units still available. Infinity for unlimited (the UI shows the infinity sign; JSON cannot
 * carry Infinity, so API responses write null instead). Never negative, even when an old
 * counter exceeds a lowered limit.
 */
export function remaining(used: number, limit: number): number {
  if (isUnlimited(limit)) return Number.POSITIVE_INFINITY;
  return Math.max(0, limit - used);
}

export function usageColour(percentage: number): UsageColour {
  if (percentage >= USAGE_RED_THRESHOLD_PERCENT) return 'red';
  if (percentage >= USAGE_YELLOW_THRESHOLD_PERCENT) return 'yellow';
  return 'green';
}

export function isLowSlotWarning(remainingSlots: number): boolean {
  return remainingSlots >= LOW_SLOT_WARNING_MIN && remainingSlots <= LOW_SLOT_WARNING_MAX;
}
