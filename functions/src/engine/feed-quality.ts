import type { DataQuality } from '@app/shared/domain/enums';
import { message, type Message } from '@app/shared/messages/message';
import type { AssetType, Bar, IsoDate } from './types';

/*
 * Data quality of a symbol's feed, judged by the price poll on the recent bars (admin price monitor,
 * ai health). Each rule gives good, warning or poor; the feed's quality is the worst of them.
 *
 * | Rule                  | warning                                    | poor                                          |
 * | --------------------- | ------------------------------------------ | --------------------------------------------- |
 * | OHLC violations       | 1 bar of the last 21                       | 2 or more, or the latest bar                  |
 * | timestamps out of order |                                          | a date not after the one before (duplicates)  |
 * | gaps between bars     | stock > 5 calendar days, crypto > 1        | stock > 10, crypto > 3                        |
 * | stale quote (live)    | stock > 4 calendar days old, crypto > 1    | stock > 7, crypto > 3                         |
 * | served from fallback  | the provider returned its last stored quote |                                              |
 * | too little data       | fewer than 2 bars                          | no bar at all                                 |
 *
 * An OHLC violation: a price <= 0, high < low, high below open or close, low above open or close, or
 * a negative volume. Stock gaps allow a long weekend plus a holiday (Friday to Tuesday is 4 days);
 * real closures longer than that (e.g. 2001-09-11 to 09-17) are flagged too: the data cannot tell
 * a closure from a hole, and an admin can. Staleness against the calendar applies to live data only:
 * a replayed quote is by construction at the replay clock's date.
 */

export const QUALITY_WINDOW_BARS = 21;
export const GAP_LIMITS_DAYS: Record<'stock' | 'crypto', { warning: number; poor: number }> = {
  stock: { warning: 5, poor: 10 },
  crypto: { warning: 1, poor: 3 },
};
export const STALE_LIMITS_DAYS: Record<'stock' | 'crypto', { warning: number; poor: number }> = {
  stock: { warning: 4, poor: 7 },
  crypto: { warning: 1, poor: 3 },
};

export interface FeedQualityInput {
  /** Recent bars, ascending, ending at the quote's bar. */
  bars: readonly Bar[];
  assetType: AssetType;
  quote: { as_of: IsoDate; stale: boolean } | null;
  /** Today's date for the staleness rule (live data); null for replayed data. */
  today: IsoDate | null;
}

export interface FeedQualityReport {
  data_quality: DataQuality;
  /** Why, as messages worded in the admin's language when read. */
  reasons: Message[];
  high_5d: number | null;
  low_5d: number | null;
  volatility_5d: number | null;
}

const RANK: Record<DataQuality, number> = { good: 0, warning: 1, poor: 2 };

function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** What is wrong with a bar, by its label key in `terms.ohlcViolations`. */
export type OhlcViolation =
  'nonPositivePrice' | 'negativeVolume' | 'highBelowLow' | 'highBelowOpenOrClose' | 'lowAboveOpenOrClose';

export function findOhlcViolation(bar: Bar): OhlcViolation | null {
  const prices = [bar.open, bar.high, bar.low, bar.close].filter(
    (value): value is number => value !== undefined,
  );
  if (prices.some((price) => !(price > 0))) return 'nonPositivePrice';
  if (bar.volume !== undefined && bar.volume < 0) return 'negativeVolume';
  const { open, high, low, close } = bar;
  if (high !== undefined && low !== undefined && high < low) return 'highBelowLow';
  if (high !== undefined && (high < close || (open !== undefined && high < open)))
    return 'highBelowOpenOrClose';
  if (low !== undefined && (low > close || (open !== undefined && low > open))) return 'lowAboveOpenOrClose';
  return null;
}

function sampleStandardDeviation(values: readonly number[]): number | null {
  if (values.length < 2) return null;
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  return Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (values.length - 1));
}

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

export function assessFeedQuality(input: FeedQualityInput): FeedQualityReport {
  const findings: { level: DataQuality; reason: Message }[] = [];
  const calendar = input.assetType === 'crypto' ? 'crypto' : 'stock';
  const window = input.bars.slice(-QUALITY_WINDOW_BARS);
  const last = window.at(-1);

  if (!last) findings.push({ level: 'poor', reason: message('FEED_NO_BARS') });
  else if (window.length < 2) findings.push({ level: 'warning', reason: message('FEED_TOO_FEW_BARS') });

  const violations = window.flatMap((bar) => {
    const violation = findOhlcViolation(bar);
    return violation ? [{ date: bar.date, violation }] : [];
  });
  if (violations.length > 0) {
    const latest = violations.some((entry) => entry.date === last?.date);
    const level = latest || violations.length >= 2 ? 'poor' : 'warning';
    for (const { date, violation } of violations) {
      findings.push({ level, reason: message('FEED_OHLC_VIOLATION', { date, violation }) });
    }
  }

  for (let i = 1; i < window.length; i += 1) {
    const previous = window[i - 1] as Bar;
    const bar = window[i] as Bar;
    const gap = daysBetween(previous.date, bar.date);
    if (gap <= 0) {
      findings.push({ level: 'poor', reason: message('FEED_DATES_OUT_OF_ORDER', { date: bar.date }) });
    } else if (gap > GAP_LIMITS_DAYS[calendar].warning) {
      findings.push({
        level: gap > GAP_LIMITS_DAYS[calendar].poor ? 'poor' : 'warning',
        reason: message('FEED_GAP', { days: gap, from: previous.date, to: bar.date }),
      });
    }
  }

  if (input.quote?.stale) findings.push({ level: 'warning', reason: message('FEED_STALE_FALLBACK') });
  if (input.quote && input.today) {
    const age = daysBetween(input.quote.as_of, input.today);
    if (age > STALE_LIMITS_DAYS[calendar].warning) {
      findings.push({
        level: age > STALE_LIMITS_DAYS[calendar].poor ? 'poor' : 'warning',
        reason: message('FEED_QUOTE_OLD', { count: age, date: input.quote.as_of }),
      });
    }
  }

  const lastFive = input.bars.slice(-5);
  const returns = input.bars
    .slice(-6)
    .flatMap((bar, index, bars) =>
      index === 0 ? [] : [(bar.close / (bars[index - 1] as Bar).close - 1) * 100],
    );
  const volatility = returns.length === 5 ? sampleStandardDeviation(returns) : null;
  const worst = findings.reduce<DataQuality>(
    (current, finding) => (RANK[finding.level] > RANK[current] ? finding.level : current),
    'good',
  );
  return {
    data_quality: worst,
    reasons: findings.map((finding) => finding.reason),
    high_5d: lastFive.length > 0 ? Math.max(...lastFive.map((bar) => bar.high ?? bar.close)) : null,
    low_5d: lastFive.length > 0 ? Math.min(...lastFive.map((bar) => bar.low ?? bar.close)) : null,
    volatility_5d: volatility === null ? null : round(volatility, 4),
  };
}
