import { describe, expect, it } from 'vitest';
import { chartDayIndices, MAX_SERIES_POINTS } from './performance-service';

describe('the performance chart’s days', () => {
  it('keeps one day a week and the last day for a ledger of a few years', () => {
    expect(chartDayIndices(0)).toEqual([]);
    expect(chartDayIndices(1)).toEqual([0]);
    expect(chartDayIndices(8)).toEqual([0, 7]);
    expect(chartDayIndices(9)).toEqual([0, 7, 8]);
    // Five years, 1,826 days: days 0, 7, ..., 1820 (261 of them) and the last, 1825.
    const fiveYears = chartDayIndices(1826);
    expect(fiveYears).toHaveLength(262);
    expect(fiveYears.at(-2)).toBe(1820);
    expect(fiveYears.at(-1)).toBe(1825);
  });

  it('cuts a century into whole weeks, at most 500 points, first and last day kept', () => {
    // 1900-01-01 to 2017-01-01 is 42,735 days: 42,735 / 498 / 7 = 12.3, so every 13 weeks (91 days):
    // days 0, 91, ..., 469 × 91 = 42,679 (470 of them) and the last, 42,734.
    const century = chartDayIndices(42_735);
    expect(century).toHaveLength(471);
    expect(century[1]).toBe(91);
    expect(century.at(-1)).toBe(42_734);
  });

  it('stays within the bound for any length, even year 1 to 2017 (736,330 days)', () => {
    for (const days of [MAX_SERIES_POINTS * 7, MAX_SERIES_POINTS * 7 + 1, 73_049, 736_330]) {
      const indices = chartDayIndices(days);
      expect(indices.length).toBeLessThanOrEqual(MAX_SERIES_POINTS);
      expect(indices[0]).toBe(0);
      expect(indices.at(-1)).toBe(days - 1);
      expect((indices[1] as number) % 7).toBe(0);
    }
  });
});
