import { describe, expect, it } from 'vitest';
import { assessFeedQuality, findOhlcViolation } from './feed-quality';
import type { Bar } from './types';

const weekdays = ['2020-03-02', '2020-03-03', '2020-03-04', '2020-03-05', '2020-03-06', '2020-03-09'];
const clean: Bar[] = weekdays.map((date, index) => ({
  date,
  open: 100 + index,
  high: 102 + index,
  low: 99 + index,
  close: 101 + index,
  volume: 1000,
}));

describe('assessFeedQuality', () => {
  it('is good on clean consecutive bars, with 5-day figures', () => {
    const report = assessFeedQuality({
      bars: clean,
      assetType: 'stock',
      quote: { as_of: '2020-03-09', stale: false },
      today: null,
    });
    expect(report.data_quality).toBe('good');
    expect(report.reasons).toEqual([]);
    expect(report.high_5d).toBe(107);
    expect(report.low_5d).toBe(100);
    // Returns 102/101-1 ... 106/105-1, in percent: a sample stdev computed by hand below.
    const returns = [102 / 101, 103 / 102, 104 / 103, 105 / 104, 106 / 105].map((r) => (r - 1) * 100);
    const mean = returns.reduce((a, b) => a + b, 0) / 5;
    const stdev = Math.sqrt(returns.reduce((a, r) => a + (r - mean) ** 2, 0) / 4);
    expect(report.volatility_5d).toBeCloseTo(stdev, 4);
  });

  it('one OHLC violation in the window is a warning; in the latest bar it is poor', () => {
    const earlier = clean.map((bar, index) => (index === 2 ? { ...bar, high: bar.close - 1 } : bar));
    expect(
      assessFeedQuality({ bars: earlier, assetType: 'stock', quote: null, today: null }).data_quality,
    ).toBe('warning');
    const latest = clean.map((bar, index) => (index === 5 ? { ...bar, low: bar.close + 1 } : bar));
    expect(
      assessFeedQuality({ bars: latest, assetType: 'stock', quote: null, today: null }).data_quality,
    ).toBe('poor');
  });

  it('gaps: a long weekend passes, a week-long hole warns, two weeks is poor; crypto must be daily', () => {
    const withGap = (to: string) => [...clean.slice(0, 5), { ...(clean[5] as Bar), date: to }];
    expect(
      assessFeedQuality({ bars: withGap('2020-03-10'), assetType: 'stock', quote: null, today: null })
        .data_quality,
    ).toBe('good');
    expect(
      assessFeedQuality({ bars: withGap('2020-03-13'), assetType: 'stock', quote: null, today: null })
        .data_quality,
    ).toBe('warning');
    expect(
      assessFeedQuality({ bars: withGap('2020-03-20'), assetType: 'stock', quote: null, today: null })
        .data_quality,
    ).toBe('poor');
    // Friday to Monday is fine for a stock, a 3-day hole for bitcoin.
    expect(
      assessFeedQuality({ bars: clean, assetType: 'crypto', quote: null, today: null }).data_quality,
    ).toBe('warning');
  });

  it('repeated dates are poor', () => {
    const repeated = [...clean, { ...(clean[5] as Bar) }];
    expect(
      assessFeedQuality({ bars: repeated, assetType: 'stock', quote: null, today: null }).data_quality,
    ).toBe('poor');
  });

  it('live staleness against today, and a fallback quote, degrade the feed', () => {
    const quote = { as_of: '2020-03-09', stale: false };
    expect(
      assessFeedQuality({ bars: clean, assetType: 'stock', quote, today: '2020-03-13' }).data_quality,
    ).toBe('good');
    expect(
      assessFeedQuality({ bars: clean, assetType: 'stock', quote, today: '2020-03-15' }).data_quality,
    ).toBe('warning');
    expect(
      assessFeedQuality({ bars: clean, assetType: 'stock', quote, today: '2020-03-17' }).data_quality,
    ).toBe('poor');
    expect(
      assessFeedQuality({ bars: clean, assetType: 'stock', quote: { ...quote, stale: true }, today: null })
        .reasons,
    ).toEqual([{ code: 'FEED_STALE_FALLBACK', params: {} }]);
  });
});

describe('findOhlcViolation', () => {
  it('names the violated rule', () => {
    expect(findOhlcViolation({ date: 'd', close: 10, high: 9, low: 8, open: 9 })).toBe(
      'highBelowOpenOrClose',
    );
    expect(findOhlcViolation({ date: 'd', close: 10, high: 12, low: 13 })).toBe('highBelowLow');
    expect(findOhlcViolation({ date: 'd', close: 0 })).toBe('nonPositivePrice');
    expect(findOhlcViolation({ date: 'd', close: 10, volume: -1 })).toBe('negativeVolume');
    expect(findOhlcViolation({ date: 'd', close: 10 })).toBeNull();
  });
});
