import type { AnnualFundamentals, Bar, IsoDate, PointInTimeFundamentals } from './types';

/*
 * What was known on a date, and nothing after it: the annual reports published by then and the last
 * bar on or before it. The backtest, the replay and the content job all ask through here, so no
 * score can read a later filing or price (engine/README.md "Point-in-time fundamentals").
 */

/**
 * Annual reports are filed within 60-90 days of the fiscal year end (SEC 10-K deadlines); we treat a
 * fiscal year as known 90 calendar days after it ends so a backtest never reads a report early.
 */
export const PUBLICATION_LAG_DAYS = 90;

/** A share count growing by this factor or more in one fiscal year is read as a stock split. */
const SPLIT_SHARE_RATIO = 1.5;

export function addCalendarDays(date: IsoDate, days: number): IsoDate {
  const time = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000;
  return new Date(time).toISOString().slice(0, 10);
}

/**
 * Fundamentals known on `asOf`: the latest fiscal year published by then and the year before it.
 *
 * EPS is restated to the split-adjusted share basis of the price series: when the share count of a
 * later fiscal year jumps by 1.5x or more (AAPL: 0.93 bn to 6.09 bn shares around its 7:1 split of
 * 2014), the published EPS is divided by the rounded ratio. This reads later share counts, but only
 * to convert units: the split-adjusted prices were themselves restated by the data vendor after the
 * fact, and the resulting P/E equals the P/E investors saw at the time. No return or score input
 * comes from after `asOf`.
 */
export function selectFundamentalsAsOf(
  history: readonly AnnualFundamentals[] | undefined,
  asOf: IsoDate,
): PointInTimeFundamentals | null {
  if (!history || history.length === 0) return null;
  let latestIndex = -1;
  for (let i = 0; i < history.length; i += 1) {
    const record = history[i];
    if (record && addCalendarDays(record.period_ending, PUBLICATION_LAG_DAYS) <= asOf) latestIndex = i;
  }
  const latest = history[latestIndex];
  if (!latest) return null;
  let splitFactor = 1;
  for (let i = latestIndex + 1; i < history.length; i += 1) {
    const before = history[i - 1]?.shares_outstanding;
    const after = history[i]?.shares_outstanding;
    if (before && after && before > 0 && after / before >= SPLIT_SHARE_RATIO)
      splitFactor *= Math.round(after / before);
  }
  return { latest, previous: history[latestIndex - 1] ?? null, eps_split_factor: splitFactor };
}

/** Index of the last bar with date <= asOf, or -1. Bars are sorted ascending. */
export function findLastIndexOnOrBefore(bars: readonly Bar[], asOf: IsoDate): number {
  let low = 0;
  let high = bars.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((bars[middle]?.date ?? '') <= asOf) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}
